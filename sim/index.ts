// The simulator of both APIs on one loopback HTTP server: workspace API under /api/v2, cluster API under /v1.
// Used in-process by tests, the embedded demo and the benchmarks, and from the command line by `npm run sim`.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Faults, parseFaultSpec, type FaultConfig } from './faults';
import { send, readJson } from './http-kit';
import { createWorkspaceApi, type WorkspaceSim } from './workspace/index';
import { createClusterApi, type ClusterSim } from './cluster/index';
import { createAgentApi } from './cluster/agent/index';
import type { Scale } from './types';

export interface SimulatorOptions {
  port?: number;
  seed?: number;
  scale?: Scale;
  /** Fault spec as for `--faults`, e.g. `latency=100,5xx=0.05`. */
  faults?: string;
  /** Heartbeat interval of the event stream in milliseconds (default 30 000). */
  heartbeatMs?: number;
  /** Background events per second the cluster emits on its own (default: a gentle trickle). */
  eventRate?: number;
}

export interface Simulator {
  url: string;
  clusterToken: string;
  clusterReadOnlyToken: string;
  workspaceToken: string;
  workspaceOrgToken: string;
  organization: string;
  faults: Faults;
  cluster: ClusterSim;
  workspace: WorkspaceSim;
  close(): Promise<void>;
}

export async function startSimulator(options: SimulatorOptions = {}): Promise<Simulator> {
  const seed = options.seed ?? 1;
  const scale = options.scale ?? 'small';
  const faults = new Faults(parseFaultSpec(options.faults));
  let baseUrl = '';

  const workspace = createWorkspaceApi({ seed, scale, publicUrl: () => baseUrl });
  const cluster = createClusterApi({ seed, scale, faults, heartbeatMs: options.heartbeatMs ?? 30_000, eventRate: options.eventRate });
  const agent = createAgentApi({ seed, faults, lookup: cluster.lookup });
  const modules = [workspace, agent, cluster];

  const server: Server = createServer(async (req, res) => {
    let url: URL;
    try {
      url = new URL(req.url ?? '/', 'http://127.0.0.1');
    } catch {
      send(res, 400, { error: 'malformed request URL' });
      return;
    }
    try {
      if (url.pathname.startsWith('/_sim/')) return await handleAdmin(url, req, res);
      await faults.delay();
      const injected = faults.injectedStatus();
      if (injected !== null) {
        const headers: Record<string, string> = injected === 429 ? { 'Retry-After': '1', 'X-RateLimit-Limit': '30', 'X-RateLimit-Reset': '1.000' } : {};
        send(res, injected, { errors: [{ status: String(injected), title: 'injected fault', detail: `simulated ${injected}` }] }, 'application/json', headers);
        return;
      }
      for (const module of modules) if (await module.handle(req, res, url)) return;
      send(res, 404, { errors: [{ status: '404', title: 'not found', detail: `no route for ${req.method} ${url.pathname}` }] });
    } catch (error) {
      if (!res.headersSent) send(res, 500, { errors: [{ status: '500', title: 'internal error', detail: (error as Error).message }] });
      else res.destroy();
    }
  });

  async function handleAdmin(url: URL, req: import('node:http').IncomingMessage, res: import('node:http').ServerResponse): Promise<void> {
    if (url.pathname === '/_sim/faults' && req.method === 'GET') return send(res, 200, { config: faults.config, fired: faults.fired });
    if (url.pathname === '/_sim/faults' && req.method === 'POST') {
      const body = await readJson(req);
      if (!body.ok) return send(res, 400, { error: body.reason });
      try {
        const value = body.value as { spec?: string } & Partial<FaultConfig>;
        const next = typeof value?.spec === 'string' ? parseFaultSpec(value.spec) : { ...faults.config, ...value };
        faults.config = next;
        return send(res, 200, { config: faults.config });
      } catch (error) {
        return send(res, 400, { error: (error as Error).message });
      }
    }
    if (url.pathname === '/_sim/faults' && req.method === 'DELETE') {
      faults.reset();
      return send(res, 200, { config: faults.config });
    }
    if (await cluster.handleAdmin(req, res, url)) return;
    if (await agent.handleAdmin(req, res, url)) return;
    send(res, 404, { error: `no admin route ${req.method} ${url.pathname}` });
  }

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  baseUrl = `http://127.0.0.1:${port}`;

  return {
    url: baseUrl,
    clusterToken: cluster.tokens.management,
    clusterReadOnlyToken: cluster.tokens.readOnly,
    workspaceToken: workspace.tokens.user,
    workspaceOrgToken: workspace.tokens.organization,
    organization: workspace.organization,
    faults,
    cluster,
    workspace,
    close: async () => {
      for (const module of modules) module.close();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
