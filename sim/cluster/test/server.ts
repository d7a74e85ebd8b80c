// Test harness: the cluster module alone on a loopback server, wired as sim/index.ts wires it (faults first,
// then the module), so contract tests do not depend on the other simulator modules.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Faults } from '../../faults';
import { send } from '../../http-kit';
import { createClusterApi, type ClusterApiOptions, type ClusterSim } from '../index';

export interface TestCluster {
  url: string;
  sim: ClusterSim;
  faults: Faults;
  token: string;
  tokens: ClusterSim['tokens'];
  /** fetch against the server with the management token unless `token` is given (null = none). */
  call(path: string, init?: RequestInit & { token?: string | null; json?: unknown }): Promise<Response>;
  json<T = any>(path: string, init?: RequestInit & { token?: string | null; json?: unknown }): Promise<T>;
  close(): Promise<void>;
}

export async function startTestCluster(options: Partial<ClusterApiOptions> = {}): Promise<TestCluster> {
  const faults = new Faults();
  const sim = createClusterApi({ seed: 7, scale: 'small', faults, heartbeatMs: 30_000, eventRate: 0, manualClock: true, startTimeMs: Date.UTC(2024, 4, 1, 12), ...options });
  const server = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    try {
      if (url.pathname.startsWith('/_sim/')) {
        if (!(await sim.handleAdmin(req, res, url))) send(res, 404, { error: 'no admin route' });
        return;
      }
      const injected = faults.injectedStatus();
      if (injected !== null) return send(res, injected, { errors: [{ status: String(injected) }] });
      if (!(await sim.handle(req, res, url))) send(res, 404, { error: 'not handled' });
    } catch (error) {
      if (!res.headersSent) send(res, 500, { error: (error as Error).message });
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const call: TestCluster['call'] = (path, init = {}) => {
    const { token = sim.tokens.management, json, ...rest } = init;
    const headers = new Headers(rest.headers);
    if (token !== null) headers.set('X-Cluster-Token', token);
    if (json !== undefined) headers.set('Content-Type', 'application/json');
    return fetch(url + path, { ...rest, headers, body: json !== undefined ? JSON.stringify(json) : rest.body });
  };
  return {
    url,
    sim,
    faults,
    token: sim.tokens.management,
    tokens: sim.tokens,
    call,
    async json(path, init) {
      const res = await call(path, init);
      const text = await res.text();
      if (!res.ok) throw new Error(`${init?.method ?? 'GET'} ${path} -> ${res.status}: ${text}`);
      return JSON.parse(text);
    },
    close: async () => {
      sim.close();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
