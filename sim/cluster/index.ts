// The cluster API simulator (Nomad-like JSON under /v1) except the agent and client-fs endpoints, which
// live in ./agent. Wires state, scheduler, dynamics, ACLs, blocking queries and the event stream to routes.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { ClusterLookup, SimModule } from '../types';
import type { Faults } from '../faults';
import { matchPath } from '../http-kit';
import { createRng } from '../rng';
import { createClock, type SimClock } from './clock';
import { EventBus, type EmittedRecord } from './events';
import { ClusterState } from './state';
import { Views } from './views';
import { Scheduler } from './scheduler';
import { Dynamics } from './dynamics';
import { Acl } from './acl';
import { BlockingQueries } from './blocking';
import { EventStreams } from './event-stream';
import { LoadGenerator } from './load';
import { generateEstate } from './generate';
import { sendError, type Ctx } from './http';
import type { Deps, Route } from './deps';
import { jobRoutes } from './routes/jobs';
import { jobActionRoutes } from './routes/job-actions';
import { allocationRoutes } from './routes/allocations';
import { nodeRoutes } from './routes/nodes';
import { handleClusterAdmin } from './admin';

export interface ClusterApiOptions {
  seed: number;
  scale: 'small' | 'large';
  faults: Faults;
  heartbeatMs: number;
  /** Background events per second (default 1, a gentle trickle). */
  eventRate?: number;
  /** Events kept for resuming streams (default 5,000). */
  eventBufferSize?: number;
  /** When true the simulated clock moves only through `advance` (tests); otherwise it follows the wall clock. */
  manualClock?: boolean;
  /** Simulated start time (ms since epoch); defaults to now. */
  startTimeMs?: number;
  /** Long-lived requests (blocking queries, streams) allowed per client address (default 100). */
  maxConnsPerClient?: number;
}

export interface ClusterSim extends SimModule {
  tokens: { management: string; readOnly: string; [name: string]: string };
  lookup: ClusterLookup;
  handleAdmin(req: IncomingMessage, res: ServerResponse, url: URL): Promise<boolean>;
  emitted: EmittedRecord;
  state: ClusterState;
  views: Views;
  clock: SimClock;
  bus: EventBus;
  blocking: BlockingQueries;
  streams: EventStreams;
  /** Advances simulated time deterministically (in ≤500 ms steps) and runs the dynamics. */
  advance(ms: number): void;
  setPaused(paused: boolean): void;
  eventRate: number;
  setEventRate(perSecond: number): void;
  /** Emits `count` background events at once; returns how many were emitted. */
  emitBurst(count: number): number;
}

const TICK_MS = 500;
const JOB_SUFFIXES = ['/versions', '/allocations', '/evaluations', '/deployments', '/deployment', '/summary', '/dispatch', '/revert', '/stable', '/evaluate', '/plan', '/periodic/force', '/scale'];

/** Job IDs may contain `/` (dispatched and periodic children), encoded or not; known suffixes are peeled off. */
function matchJobPath(path: string): { pattern: string; params: Record<string, string> } | null {
  if (!path.startsWith('/v1/job/')) return null;
  let rest = path.slice('/v1/job/'.length);
  let suffix = '';
  for (const candidate of JOB_SUFFIXES) {
    if (rest.endsWith(candidate) && rest.length > candidate.length) {
      suffix = candidate;
      rest = rest.slice(0, -candidate.length);
      break;
    }
  }
  if (!rest) return null;
  try {
    return { pattern: `/v1/job/:job_id${suffix}`, params: { job_id: decodeURIComponent(rest) } };
  } catch {
    return null;
  }
}

export function createClusterApi(opts: ClusterApiOptions): ClusterSim {
  const clock = createClock(opts.startTimeMs ?? Date.now());
  const bus = new EventBus(opts.eventBufferSize ?? 5000);
  const views = new Views();
  const state = new ClusterState(bus, views);
  views.state = state;
  const rng = createRng(opts.seed);
  const acl = new Acl(createRng(opts.seed ^ 0x5ac1));
  const dynamicRng = createRng(opts.seed + 7919);
  const scheduler = new Scheduler(state, clock, dynamicRng, views);
  const dynamics = new Dynamics(state, clock, dynamicRng, views, scheduler);
  const blocking = new BlockingQueries(state, opts.maxConnsPerClient ?? 100);
  const streams = new EventStreams(bus, acl, opts.faults, blocking, opts.heartbeatMs);
  const load = new LoadGenerator(state, clock, createRng(opts.seed + 104729));
  generateEstate(state, views, rng, clock.nowMs(), opts.scale);
  state.beforePublish = (tx) => {
    for (const key of tx.jobsTouched) {
      const rec = state.jobs.get(key);
      if (rec) views.refreshStatus(tx, rec);
    }
  };
  clock.onAdvance(() => dynamics.step());
  if (!opts.manualClock) clock.setAutoTick(TICK_MS);
  load.setRate(opts.eventRate ?? 1);

  const deps: Deps = { state, views, scheduler, dynamics, acl, blocking, clock, rng: dynamicRng, namespaces: new Set(['default', 'ops', 'data']) };
  const routes: Route[] = [...jobRoutes(deps), ...jobActionRoutes(deps), ...allocationRoutes(deps), ...nodeRoutes(deps)];
  const byPattern = new Map<string, Route[]>();
  for (const route of routes) byPattern.set(route.pattern, [...(byPattern.get(route.pattern) ?? []), route]);
  const patterns = [...byPattern.keys()].filter((p) => !p.startsWith('/v1/job/'));

  function resolveRoute(path: string): { routes: Route[]; params: Record<string, string> } | null {
    if (path === '/v1/event/stream') return { routes: [{ methods: ['GET'], pattern: path, handle: (ctx) => streams.handle(ctx) }], params: {} };
    const job = matchJobPath(path);
    if (job && byPattern.has(job.pattern)) return { routes: byPattern.get(job.pattern)!, params: job.params };
    for (const pattern of patterns) {
      const params = matchPath(pattern, path);
      if (params) return { routes: byPattern.get(pattern)!, params };
    }
    return null;
  }

  const sim: ClusterSim = {
    tokens: acl.secrets as ClusterSim['tokens'],
    lookup: {
      authorize: (req, permission) => acl.authorize(req, permission),
      findAllocation: (id) => {
        const alloc = state.allocs.get(id);
        if (!alloc) return undefined;
        return { ID: alloc.ID, NodeID: alloc.NodeID, Namespace: alloc.Namespace, TaskNames: views.groupOf(alloc)?.Tasks.map((t) => t.Name) ?? [] };
      },
      listNodes: () => [...state.nodes.values()].map((n) => ({ ID: n.ID, Name: n.Name, Address: n.Address })),
      region: 'global',
      datacenter: 'dc1',
    },
    emitted: bus,
    state,
    views,
    clock,
    bus,
    blocking,
    streams,
    advance: (ms) => clock.advance(ms),
    setPaused: (paused) => clock.setAutoTick(paused ? null : TICK_MS),
    get eventRate() {
      return load.rate;
    },
    setEventRate: (perSecond) => load.setRate(perSecond),
    emitBurst: (count) => load.burst(count),
    handleAdmin: (req, res, url) => handleClusterAdmin(sim, req, res, url),

    async handle(req, res, url) {
      const path = url.pathname;
      if (!path.startsWith('/v1/')) return false;
      // The agent module owns /v1/agent/* and the client file-system endpoints.
      if (path.startsWith('/v1/agent/') || path === '/v1/agent' || path.startsWith('/v1/client/fs/')) return false;
      const resolved = resolveRoute(path);
      if (!resolved) {
        if (path.startsWith('/v1/client/')) return false;
        sendError(res, 404, '404 page not found\n');
        return true;
      }
      const method = req.method ?? 'GET';
      const route = resolved.routes.find((r) => r.methods.includes(method));
      if (!route) {
        sendError(res, 405, 'Invalid method');
        return true;
      }
      const auth = acl.resolve(req);
      if (!auth.ok) {
        sendError(res, auth.status, auth.message);
        return true;
      }
      const ctx: Ctx = { req, res, url, params: resolved.params, token: auth.token };
      try {
        await route.handle(ctx);
      } catch (error) {
        if (!res.headersSent) sendError(res, 500, (error as Error).message);
        else res.destroy();
      }
      return true;
    },

    close() {
      clock.close();
      load.close();
      streams.close();
    },
  };
  return sim;
}
