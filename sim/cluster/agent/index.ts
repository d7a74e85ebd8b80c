// The simulated local agent of the cluster API: `/v1/agent/**` and `/v1/client/fs/logs/:alloc_id`
// (cluster-api.md, Agent). Owns no cluster state; allocations, nodes and ACLs come through the narrow ClusterLookup.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Faults } from '../../faults';
import type { ClusterLookup, SimModule } from '../../types';
import { createAgentState, resetMembers, selfMember } from './agent-state';
import { handleAgentAdmin } from './admin';
import type { AgentContext } from './context';
import { fsLogsRoute } from './fs-logs';
import { forceLeaveRoute, joinRoute, membersRoute } from './gossip';
import { hostRoute } from './host';
import { CodedError, sendError } from './http-errors';
import { LogStore } from './log-store';
import { monitorRoute } from './monitor';
import { pprofRoute } from './pprof';
import { schedulerConfigRoute, schedulersRoute } from './schedulers';
import { selfRoute } from './self';
import { healthRoute, serversRoute } from './servers-health';
import type { LogType } from './task-log';

export interface AgentApiOptions {
  seed: number;
  faults: Faults;
  lookup: ClusterLookup;
  /** Wall clock for timestamps in generated logs and stats (tests pin it for byte-exact logs). */
  clock?: () => number;
  /** Interval of `{}` heartbeat frames on log streams; 1000 ms like the real agent. */
  heartbeatMs?: number;
  /** Agent log lines per second on `/v1/agent/monitor`, all levels together (default 5). */
  monitorLinesPerSecond?: number;
  /** Growth of followed task logs in bytes per second (default 240, a few lines a second). */
  logBytesPerSecond?: number;
  /** Size of a freshly generated task log (default 200-400 KB, drawn per file). */
  logFileBytes?: number;
}

export interface AgentSim extends SimModule {
  /** Admin routes under `/_sim/agent/` (see README.md); returns false for other paths. */
  handleAdmin(req: IncomingMessage, res: ServerResponse, url: URL): Promise<boolean>;
  /** Unhealthy answers `/v1/agent/health` with 500, as an agent without a leader does. */
  setHealthy(healthy: boolean, message?: string): void;
  /** Growth rate of followed task logs in bytes per second (benchmarks). */
  setLogRate(bytesPerSecond: number): void;
  /** Agent log lines per second produced for each monitor stream. */
  setMonitorRate(linesPerSecond: number): void;
  /** The profiling availability switches: `enable_debug` (undefined = unset) and whether ACLs are enforced. */
  setProfiling(options: { enableDebug?: boolean | undefined; aclsEnabled?: boolean }): void;
  /** Restores the three servers (one failed) after force-leave demos. */
  resetMembers(): void;
  /** The bytes of a task log as they are now (generating the file if needed), for tests and benchmarks. */
  taskLog(allocId: string, task: string, type: LogType): Buffer;
  /** Open log streams and held profile responses (tests wait on it instead of sleeping). */
  activeStreams(): number;
  readonly serverName: string;
}

type Handler = (ctx: AgentContext, req: IncomingMessage, res: ServerResponse, url: URL) => void | Promise<void>;

const ROUTES: Record<string, Handler> = {
  '/v1/agent/members': membersRoute,
  '/v1/agent/force-leave': forceLeaveRoute,
  '/v1/agent/join': joinRoute,
  '/v1/agent/servers': serversRoute,
  '/v1/agent/self': selfRoute,
  '/v1/agent/health': healthRoute,
  '/v1/agent/host': hostRoute,
  '/v1/agent/monitor': monitorRoute,
  '/v1/agent/schedulers': schedulersRoute,
  '/v1/agent/schedulers/config': schedulerConfigRoute,
};

const PPROF_PREFIX = '/v1/agent/pprof/';
const LOGS_PREFIX = '/v1/client/fs/logs';

export function createAgentApi(opts: AgentApiOptions): AgentSim {
  const clock = opts.clock ?? Date.now;
  const state = createAgentState(opts.seed, opts.lookup, clock());
  const ctx: AgentContext = {
    seed: opts.seed,
    state,
    lookup: opts.lookup,
    faults: opts.faults,
    clock,
    heartbeatMs: opts.heartbeatMs ?? 1_000,
    monitorLinesPerSecond: opts.monitorLinesPerSecond ?? 5,
    logs: new LogStore({ seed: opts.seed, clock, initialBytes: opts.logFileBytes, bytesPerSecond: opts.logBytesPerSecond }),
    open: new Set(),
  };

  const sim: AgentSim = {
    serverName: selfMember(state).Name,
    async handle(req, res, url) {
      const path = url.pathname;
      const owned = path.startsWith('/v1/agent/') || path === LOGS_PREFIX || path.startsWith(`${LOGS_PREFIX}/`);
      if (!owned) return false;
      try {
        await route(ctx, req, res, url);
      } catch (error) {
        sendError(res, error);
      }
      return true;
    },
    handleAdmin: (req, res, url) => handleAgentAdmin(sim, req, res, url),
    setHealthy(healthy, message) {
      state.serverHealth = { ok: healthy, message: healthy ? 'ok' : (message ?? 'no leader') };
    },
    setLogRate: (bytesPerSecond) => ctx.logs.setRate(bytesPerSecond),
    setMonitorRate(linesPerSecond) {
      if (!Number.isFinite(linesPerSecond) || linesPerSecond < 0) throw new Error(`monitor rate must be a non-negative number of lines per second, got ${linesPerSecond}`);
      ctx.monitorLinesPerSecond = linesPerSecond;
    },
    setProfiling(options) {
      if ('enableDebug' in options) state.enableDebug = options.enableDebug;
      if (options.aclsEnabled !== undefined) state.aclsEnabled = options.aclsEnabled;
    },
    resetMembers: () => resetMembers(state, opts.seed),
    taskLog(allocId, task, type) {
      const file = ctx.logs.get(allocId, task, type);
      return file.read(file.base, file.end);
    },
    activeStreams: () => ctx.open.size,
    close() {
      for (const stop of [...ctx.open]) stop();
      ctx.logs.close();
    },
  };
  return sim;
}

async function route(ctx: AgentContext, req: IncomingMessage, res: ServerResponse, url: URL): Promise<void> {
  const path = url.pathname;
  const handler = ROUTES[path];
  if (handler) return handler(ctx, req, res, url);
  if (path.startsWith(PPROF_PREFIX) || path === '/v1/agent/pprof') {
    const name = path.slice(PPROF_PREFIX.length);
    if (name === '' || name.includes('/')) throw new CodedError(404, 'no such profile: use /v1/agent/pprof/<cmdline|profile|trace|goroutine|heap|allocs|threadcreate|block|mutex>');
    return pprofRoute(ctx, req, res, url, name);
  }
  if (path === LOGS_PREFIX || path.startsWith(`${LOGS_PREFIX}/`)) {
    let allocId: string;
    try {
      allocId = decodeURIComponent(path.slice(LOGS_PREFIX.length + 1));
    } catch {
      throw new CodedError(400, 'must provide a valid alloc id');
    }
    if (allocId.includes('/')) throw new CodedError(404, `Unknown allocation "${allocId}"`);
    return fsLogsRoute(ctx, req, res, url, allocId);
  }
  // Go's ServeMux answer for a path nothing is registered on.
  throw new CodedError(404, '404 page not found');
}
