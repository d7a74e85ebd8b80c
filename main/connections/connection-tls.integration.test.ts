// "Test connection" over real TLS: a private CA, a server certificate, and mutual TLS with a client certificate, made
// with openssl for this run; a TLS front (node:https, requiring client certificates) forwards to the simulator.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { createServer, type Server } from 'node:https';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSimulator, type Simulator } from '../../sim/index';
import type { BridgeResult, ConnectionTestReport } from '../contract';
import { createHost, type Host } from '../host/create-host';

const session = { id: 'tls-test' };
let sim: Simulator;
let front: Server;
let address: string;
let dir: string;
let hosts: Host[] = [];

function openssl(...args: string[]): void {
  execFileSync('openssl', args, { cwd: dir, stdio: 'ignore' });
}

/** A CA, a server certificate for 127.0.0.1 signed by it, and a client certificate signed by it. */
function makeCertificates(): void {
  openssl('req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-keyout', 'ca.key', '-out', 'ca.pem', '-days', '2', '-subj', '/CN=Quarterdeck test CA');
  writeFileSync(join(dir, 'server.ext'), 'subjectAltName=IP:127.0.0.1,DNS:localhost\n');
  openssl('req', '-newkey', 'rsa:2048', '-nodes', '-keyout', 'server.key', '-out', 'server.csr', '-subj', '/CN=127.0.0.1');
  openssl('x509', '-req', '-in', 'server.csr', '-CA', 'ca.pem', '-CAkey', 'ca.key', '-CAcreateserial', '-out', 'server.pem', '-days', '2', '-extfile', 'server.ext');
  openssl('req', '-newkey', 'rsa:2048', '-nodes', '-keyout', 'client.key', '-out', 'client.csr', '-subj', '/CN=operator');
  openssl('x509', '-req', '-in', 'client.csr', '-CA', 'ca.pem', '-CAkey', 'ca.key', '-CAcreateserial', '-out', 'client.pem', '-days', '2');
}

function unwrap<T>(result: BridgeResult<unknown>): T {
  if (!result.ok) throw new Error(`${result.error.code}: ${result.error.message}`);
  return result.value as T;
}

async function newHost(): Promise<Host> {
  const host = await createHost({
    dataDir: mkdtempSync(join(tmpdir(), 'qd-tls-')),
    shell: { mode: 'web', openExternal: async () => undefined },
    keychainService: `Quarterdeck-tls-${randomUUID()}`,
    env: {},
  });
  await host.ready;
  hosts.push(host);
  return host;
}

async function testDraft(tls: Record<string, unknown>): Promise<ConnectionTestReport> {
  const host = await newHost();
  return unwrap<ConnectionTestReport>(
    await host.invoke('connections.testDraft', { settings: { kind: 'cluster', address, namespace: 'default', tls }, token: sim.clusterToken }, session),
  );
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'qd-certs-'));
  makeCertificates();
  sim = await startSimulator({ seed: 3 });
  const target = new URL(sim.url);
  front = createServer(
    { key: readFileSync(join(dir, 'server.key')), cert: readFileSync(join(dir, 'server.pem')), ca: readFileSync(join(dir, 'ca.pem')), requestCert: true, rejectUnauthorized: true },
    (req, res) => {
      const upstream = httpRequest({ host: target.hostname, port: target.port, path: req.url, method: req.method, headers: req.headers }, (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      });
      req.pipe(upstream);
    },
  );
  await new Promise<void>((resolve) => front.listen(0, '127.0.0.1', resolve));
  address = `https://127.0.0.1:${(front.address() as { port: number }).port}`;
});

afterAll(async () => {
  for (const host of hosts) await host.shutdown();
  hosts = [];
  front?.close();
  await sim?.close();
});

describe('test connection over TLS', () => {
  it('succeeds with the private CA and the client certificate (mutual TLS)', async () => {
    const report = await testDraft({ caFile: join(dir, 'ca.pem'), clientCertFile: join(dir, 'client.pem'), clientKeyFile: join(dir, 'client.key'), skipVerify: false });
    expect(report).toMatchObject({ reachable: true, tlsOk: true, tokenAccepted: true, health: 'ok' });
  });

  it('reports an untrusted server certificate as a TLS problem when the CA is not given', async () => {
    const report = await testDraft({ clientCertFile: join(dir, 'client.pem'), clientKeyFile: join(dir, 'client.key'), skipVerify: false });
    expect(report.health).toBe('tls');
    expect(report.tlsOk).toBe(false);
    expect(report.summary).toMatch(/certificate/i);
  });

  it('reports a refused handshake when the server requires a client certificate and none is given', async () => {
    const report = await testDraft({ caFile: join(dir, 'ca.pem'), skipVerify: false });
    expect(report.health).not.toBe('ok');
    expect(report.tokenAccepted).toBeNull();
  });

  it('connects with skip-verify and no CA, still presenting the client certificate', async () => {
    const report = await testDraft({ clientCertFile: join(dir, 'client.pem'), clientKeyFile: join(dir, 'client.key'), skipVerify: true });
    expect(report).toMatchObject({ reachable: true, tokenAccepted: true, health: 'ok' });
  });
});
