// Test harness of the agent module: a loopback HTTP server in front of it, shaped like sim/index.ts (faults first,
// then the module), with a small fake ClusterLookup standing in for the sibling cluster module.
import { createServer, request, type IncomingHttpHeaders, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Faults } from '../../faults';
import { send } from '../../http-kit';
import type { ClusterLookup } from '../../types';
import { createAgentApi, type AgentApiOptions, type AgentSim } from './index';

export const MANAGEMENT_TOKEN = 'mgmt-0000';
export const READ_TOKEN = 'read-0000';
export const ALLOC_ID = '5b1c2d3e-0000-4000-8000-00000000a110';
export const TASKS = ['web', 'sidecar'];
export const NODES = [
  { ID: '11111111-1111-4111-8111-111111111111', Name: 'client-1', Address: '10.0.1.21' },
  { ID: '22222222-2222-4222-8222-222222222222', Name: 'client-2', Address: '10.0.1.22' },
];

/** Management passes everything; the read token passes `*:read` and `namespace:read-logs`; no token passes nothing. */
export function fakeLookup(): ClusterLookup {
  return {
    authorize(req, permission) {
      if (permission === null) return { ok: true };
      const token = req.headers['x-cluster-token'];
      if (token === MANAGEMENT_TOKEN) return { ok: true };
      if (token === READ_TOKEN && (permission.endsWith(':read') || permission === 'namespace:read-logs')) return { ok: true };
      if (token && token !== READ_TOKEN) return { ok: false, status: 403, message: 'ACL token not found' };
      return { ok: false, status: 403, message: 'Permission denied' };
    },
    findAllocation: (id) => (id === ALLOC_ID ? { ID: ALLOC_ID, NodeID: NODES[0].ID, Namespace: 'default', TaskNames: TASKS } : undefined),
    listNodes: () => NODES,
    region: 'global',
    datacenter: 'dc1',
  };
}

export interface AgentHarness {
  url: string;
  agent: AgentSim;
  faults: Faults;
  fetch(path: string, init?: RequestInit & { token?: string | null }): Promise<Response>;
  close(): Promise<void>;
}

export async function startAgent(options: Partial<AgentApiOptions> = {}): Promise<AgentHarness> {
  const faults = options.faults ?? new Faults();
  const agent = createAgentApi({ seed: 7, lookup: fakeLookup(), ...options, faults });
  const server = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    if (url.pathname.startsWith('/_sim/') && (await agent.handleAdmin(req, res, url))) return;
    await faults.delay();
    const injected = faults.injectedStatus();
    if (injected !== null) return send(res, injected, { errors: [{ status: String(injected) }] });
    if (!(await agent.handle(req, res, url))) send(res, 404, { error: 'not mine' });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    agent,
    faults,
    fetch(path, init = {}) {
      const { token = MANAGEMENT_TOKEN, ...rest } = init;
      const headers = new Headers(rest.headers);
      if (token) headers.set('X-Cluster-Token', token);
      return fetch(url + path, { ...rest, headers });
    },
    async close() {
      agent.close();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/**
 * Reads a streaming response as it arrives. `until` waits for a condition on what has arrived so far, woken by
 * each chunk (no polling, no sleeps); it fails with what was received when the time runs out.
 */
export class StreamReader {
  readonly chunks: Buffer[] = [];
  ended = false;
  private waiters = new Set<() => void>();
  private constructor(readonly response: IncomingMessage, private readonly abort: () => void) {
    response.on('data', (chunk: Buffer) => {
      this.chunks.push(chunk);
      this.wake();
    });
    const finish = (): void => {
      this.ended = true;
      this.wake();
    };
    response.on('end', finish);
    response.on('close', finish);
    response.on('error', finish);
  }

  static open(url: string, token: string | null = MANAGEMENT_TOKEN): Promise<StreamReader> {
    return new Promise((resolve, reject) => {
      const headers: Record<string, string> = token ? { 'X-Cluster-Token': token } : {};
      const req = request(url, { headers }, (res) => resolve(new StreamReader(res, () => req.destroy())));
      req.on('error', reject);
      req.end();
    });
  }

  get status(): number {
    return this.response.statusCode ?? 0;
  }

  get headers(): IncomingHttpHeaders {
    return this.response.headers;
  }

  body(): Buffer {
    return Buffer.concat(this.chunks);
  }

  /** Complete newline-terminated lines so far. */
  lines(): string[] {
    const text = this.body().toString('utf8');
    const parts = text.split('\n');
    parts.pop();
    return parts;
  }

  /** Parsed frames; a malformed line throws, which is what a test of well-formed output wants. */
  frames(): { Offset?: number; Data?: string; FileEvent?: string }[] {
    return this.lines().map((line) => JSON.parse(line));
  }

  until(condition: (reader: StreamReader) => boolean, timeoutMs = 10_000): Promise<void> {
    return new Promise((resolve, reject) => {
      const check = (): void => {
        let met = false;
        try {
          met = condition(this);
        } catch (error) {
          done();
          reject(error);
          return;
        }
        if (met) {
          done();
          resolve();
        } else if (this.ended) {
          done();
          reject(new Error(`stream ended before the condition held; received ${this.body().length} bytes`));
        }
      };
      const timer = setTimeout(() => {
        done();
        reject(new Error(`condition not met within ${timeoutMs} ms; received ${this.body().length} bytes`));
      }, timeoutMs);
      const done = (): void => {
        clearTimeout(timer);
        this.waiters.delete(check);
      };
      this.waiters.add(check);
      check();
    });
  }

  close(): void {
    this.abort();
  }

  private wake(): void {
    for (const waiter of [...this.waiters]) waiter();
  }
}

/** Concatenates the Base64 payloads of data frames (heartbeats carry none). */
export function frameBytes(frames: { Data?: string }[]): Buffer {
  return Buffer.concat(frames.filter((f) => f.Data).map((f) => Buffer.from(f.Data as string, 'base64')));
}

/** Whether any frame's payload ends inside a multi-byte UTF-8 character (its last lead byte lacks continuations). */
export function endsMidCharacter(bytes: Buffer): boolean {
  for (let back = 1; back <= Math.min(4, bytes.length); back++) {
    const byte = bytes[bytes.length - back];
    if ((byte & 0xc0) === 0x80) continue; // continuation byte: keep looking for the lead
    if (byte < 0xc0) return false;
    const needed = byte >= 0xf0 ? 4 : byte >= 0xe0 ? 3 : 2;
    return back < needed;
  }
  return false;
}
