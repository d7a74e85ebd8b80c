// The simulator of both APIs on one loopback HTTP server: workspace API under /api/v2, cluster API under /v1.
// Used in-process by tests, the embedded demo and the benchmarks, and from the command line by `npm run sim`.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Faults, parseFaultPatch, parseFaultSpec } from './faults';
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

/**
 * Answers an injected 5xx/429 in the shape of the API the path belongs to: the cluster writes plain-text errors,
 * the workspace API JSON:API error documents with its rate-limit headers (sim/README.md, Faults on demand).
 */
function sendInjected(res: import('node:http').ServerResponse, url: URL, status: number): void {
  const retry: Record<string, string> = status === 429 ? { 'Retry-After': '1' } : {};
  if (url.pathname.startsWith('/v1/')) {
    const text = status === 429 ? 'Your IP is issuing too many concurrent connections, please rate limit your calls\n' : status === 500 ? 'rpc error: No cluster leader' : `simulated ${status}`;
    return send(res, status, text, 'text/plain; charset=utf-8', retry);
  }
  const headers = status === 429 ? { ...retry, 'X-RateLimit-Limit': '30', 'X-RateLimit-Reset': '1.000' } : {};
  const title = status === 429 ? 'too many requests' : 'internal error';
  send(res, status, { errors: [{ status: String(status), title, detail: `simulated ${status} (injected fault)` }] }, 'application/vnd.api+json', headers);
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
      if (injected !== null) return sendInjected(res, url, injected);
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
        const value = body.value as { spec?: unknown } | undefined;
        if (value && typeof value === 'object' && 'spec' in value) {
          if (typeof value.spec !== 'string') throw new Error('spec must be a string such as "latency=200,5xx=0.1"');
          faults.config = parseFaultSpec(value.spec);
        } else faults.set(parseFaultPatch(value));
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
