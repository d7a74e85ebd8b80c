// The host against the simulator over real HTTP, with the real Secret Service keychain (see scripts/with-keyring.sh).
import { mkdtempSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSimulator, type Simulator } from '../../sim/index';
import type { BridgeResult, ConnectionSummary, ConnectionTestReport } from '../contract';
import { createHost, type Host } from './create-host';

const session = { id: 'test-session' };
let sim: Simulator;

function unwrap<T>(result: BridgeResult<unknown>): T {
  if (!result.ok) throw new Error(`${result.error.code}: ${result.error.message}`);
  return result.value as T;
}

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = join(dir, name);
    return statSync(full).isDirectory() ? filesUnder(full) : [full];
  });
}

async function newHost(extra: Partial<Parameters<typeof createHost>[0]> = {}): Promise<Host & { dataDir: string }> {
  const dataDir = mkdtempSync(join(tmpdir(), 'qd-host-'));
  const host = await createHost({ dataDir, shell: { mode: 'web', openExternal: async () => undefined }, keychainService: `Quarterdeck-it-${randomUUID()}`, env: {}, ...extra });
  await host.ready;
  return Object.assign(host, { dataDir });
}

async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

beforeAll(async () => {
  sim = await startSimulator({ seed: 7 });
});
afterAll(async () => {
  await sim?.close();
});

describe('host connections against the simulator', () => {
  it('adds a cluster connection, tests it, and never writes the token to disk or logs', async () => {
    const host = await newHost();
    const created = unwrap<ConnectionSummary>(await host.invoke('connections.create', { kind: 'cluster', name: 'sim', address: sim.url, namespace: 'default', token: sim.clusterToken }, session));
    expect(created.hasToken).toBe(true);
    const report = unwrap<ConnectionTestReport>(await host.invoke('connections.test', { id: created.profile.id }, session));
    expect(report).toMatchObject({ reachable: true, tokenAccepted: true, health: 'ok' });
    expect(report.serverVersion).toMatch(/\d+\.\d+/);
    await host.shutdown();
    for (const file of filesUnder(host.dataDir)) expect(readFileSync(file, 'utf8'), file).not.toContain(sim.clusterToken);
  });

  it('reports a refused token, and accepts a read-only one', async () => {
    const host = await newHost();
    const bad = unwrap<ConnectionSummary>(await host.invoke('connections.create', { kind: 'cluster', name: 'bad', address: sim.url, namespace: 'default', token: 'not-a-real-token-123' }, session));
    const badReport = unwrap<ConnectionTestReport>(await host.invoke('connections.test', { id: bad.profile.id }, session));
    expect(badReport).toMatchObject({ reachable: true, tokenAccepted: false, health: 'unauthorized' });
    const ro = unwrap<ConnectionSummary>(await host.invoke('connections.create', { kind: 'cluster', name: 'ro', address: sim.url, namespace: 'default', token: sim.clusterReadOnlyToken }, session));
    expect(unwrap<ConnectionTestReport>(await host.invoke('connections.test', { id: ro.profile.id }, session))).toMatchObject({ reachable: true, tokenAccepted: true });
    await host.shutdown();
  });

  it('reports an unreachable cluster as unreachable with an actionable message', async () => {
    const host = await newHost();
    const port = await closedPort();
    const report = unwrap<ConnectionTestReport>(await host.invoke('connections.testDraft', { settings: { kind: 'cluster', address: `http://127.0.0.1:${port}`, namespace: 'default' } }, session));
    expect(report).toMatchObject({ reachable: false, health: 'unreachable', tokenAccepted: null });
    expect(report.summary).toMatch(/connection was refused/);
    await host.shutdown();
  });

  it('reports a TLS problem when the address speaks plain HTTP to an https URL', async () => {
    const host = await newHost();
    const report = unwrap<ConnectionTestReport>(await host.invoke('connections.testDraft', { settings: { kind: 'cluster', address: sim.url.replace('http:', 'https:'), namespace: 'default' } }, session));
    expect(report.health).toBe('tls');
    expect(report.tlsOk).toBe(false);
    await host.shutdown();
  });

  it('tests a workspace organization with user and organization tokens, and refuses a bad one', async () => {
    const host = await newHost();
    const base = { kind: 'workspace', baseUrl: sim.url, organization: sim.organization } as const;
    expect(unwrap<ConnectionTestReport>(await host.invoke('connections.testDraft', { settings: base, token: sim.workspaceToken }, session))).toMatchObject({ reachable: true, tokenAccepted: true, health: 'ok' });
    expect(unwrap<ConnectionTestReport>(await host.invoke('connections.testDraft', { settings: base, token: sim.workspaceOrgToken }, session))).toMatchObject({ tokenAccepted: true });
    expect(unwrap<ConnectionTestReport>(await host.invoke('connections.testDraft', { settings: base, token: 'nope.atlasv1.nope' }, session))).toMatchObject({ tokenAccepted: false, health: 'unauthorized' });
    const missingOrg = unwrap<ConnectionTestReport>(await host.invoke('connections.testDraft', { settings: { ...base, organization: 'no-such-org' }, token: sim.workspaceToken }, session));
    expect(missingOrg.summary).toMatch(/no-such-org/);
    await host.shutdown();
  });

  it('duplicates with its own keychain entry and removes the token with the connection', async () => {
    const host = await newHost();
    const original = unwrap<ConnectionSummary>(await host.invoke('connections.create', { kind: 'cluster', name: 'a', address: sim.url, namespace: 'default', token: sim.clusterToken }, session));
    const copy = unwrap<ConnectionSummary>(await host.invoke('connections.duplicate', { id: original.profile.id }, session));
    expect(copy.profile.name).toBe('a (copy)');
    expect(copy.hasToken).toBe(true);
    unwrap(await host.invoke('connections.remove', { id: original.profile.id }, session));
    expect(unwrap<{ hasToken: boolean }>(await host.invoke('tokens.status', { connectionId: copy.profile.id }, session)).hasToken).toBe(true);
    const removed = await host.invoke('tokens.status', { connectionId: original.profile.id }, session);
    expect(removed).toMatchObject({ ok: false, error: { code: 'not_found' } });
    unwrap(await host.invoke('tokens.clear', { connectionId: copy.profile.id }, session));
    expect(unwrap<{ hasToken: boolean }>(await host.invoke('tokens.status', { connectionId: copy.profile.id }, session)).hasToken).toBe(false);
    await host.shutdown();
  });

  it('imports a cluster connection from CLUSTER_* variables, and again without duplicating it', async () => {
    const env = { CLUSTER_ADDR: sim.url, CLUSTER_TOKEN: sim.clusterToken, CLUSTER_REGION: 'global', CLUSTER_NAMESPACE: 'default' };
    const host = await newHost({ env });
    const first = unwrap<{ found: boolean; variables: string[]; connection: ConnectionSummary }>(await host.invoke('connections.importFromEnv', {}, session));
    expect(first.found).toBe(true);
    expect(first.variables).toEqual(['CLUSTER_ADDR', 'CLUSTER_TOKEN', 'CLUSTER_REGION', 'CLUSTER_NAMESPACE']);
    expect(first.connection).toMatchObject({ hasToken: true, profile: { address: sim.url, region: 'global' } });
    unwrap(await host.invoke('connections.importFromEnv', {}, session));
    expect(unwrap<{ connections: unknown[] }>(await host.invoke('connections.list', {}, session)).connections).toHaveLength(1);
    expect(JSON.stringify(first)).not.toContain(sim.clusterToken);
    await host.shutdown();
  });

  it('names the bad variable when the environment holds an unusable value', async () => {
    const host = await newHost({ env: { CLUSTER_ADDR: 'cluster.example:4646' } });
    const result = await host.invoke('connections.importFromEnv', {}, session);
    expect(result).toMatchObject({ ok: false, error: { code: 'invalid_input' } });
    if (!result.ok) expect(result.error.message).toContain('CLUSTER_ADDR');
    await host.shutdown();
  });

  it('refuses a TLS file that does not exist, naming the field, and saves nothing', async () => {
    const host = await newHost();
    const result = await host.invoke('connections.create', { kind: 'cluster', name: 'tls', address: 'https://127.0.0.1:1', namespace: 'default', tls: { caFile: '/nonexistent/ca.pem' } }, session);
    expect(result).toMatchObject({ ok: false, error: { code: 'invalid_input', details: [{ path: 'tls.caFile' }] } });
    expect(unwrap<{ connections: unknown[] }>(await host.invoke('connections.list', {}, session)).connections).toHaveLength(0);
    await host.shutdown();
  });

  it('keeps tokens in memory and says so when there is no keychain', async () => {
    const host = await newHost({
      loadKeychain: async () => {
        throw new Error('The name org.freedesktop.secrets was not provided by any .service files');
      },
    });
    const info = unwrap<{ keychain: { available: boolean; storage: string } }>(await host.invoke('app.info', {}, session));
    expect(info.keychain).toMatchObject({ available: false, storage: 'memory' });
    const notices = unwrap<Array<{ title: string }>>(await host.invoke('app.notices', {}, session));
    expect(notices.map((n) => n.title)).toContain('No OS keychain');
    const created = unwrap<ConnectionSummary>(await host.invoke('connections.create', { kind: 'cluster', name: 'mem', address: sim.url, namespace: 'default', token: sim.clusterToken }, session));
    expect(unwrap<ConnectionTestReport>(await host.invoke('connections.test', { id: created.profile.id }, session)).tokenAccepted).toBe(true);
    await host.shutdown();
    for (const file of filesUnder(host.dataDir)) expect(readFileSync(file, 'utf8')).not.toContain(sim.clusterToken);
  });

  it('opens the embedded demo: a cluster and an organization that both test OK', async () => {
    const host = await newHost();
    const list = unwrap<{ connections: ConnectionSummary[]; activeId: string }>(await host.invoke('demo.start', {}, session));
    expect(list.connections.map((c) => c.profile.name).sort()).toEqual(['Demo cluster', 'Demo organization']);
    for (const entry of list.connections) {
      expect(unwrap<ConnectionTestReport>(await host.invoke('connections.test', { id: entry.profile.id }, session)).health).toBe('ok');
    }
    await host.shutdown();
  });

  it('refuses to open non-http links', async () => {
    const opened: string[] = [];
    const host = await newHost({ shell: { mode: 'desktop', openExternal: async (url) => void opened.push(url) } });
    expect(await host.invoke('app.openExternal', { url: 'file:///etc/passwd' }, session)).toMatchObject({ ok: false, error: { code: 'invalid_input' } });
    expect(await host.invoke('app.openExternal', { url: 'javascript:alert(1)' }, session)).toMatchObject({ ok: false });
    expect(unwrap(await host.invoke('app.openExternal', { url: 'https://example.com/docs' }, session))).toEqual({ opened: true });
    expect(opened).toEqual(['https://example.com/docs']);
    await host.shutdown();
  });
});
