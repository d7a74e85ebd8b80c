// Allocations: list, read, stop, and the client-side signal and restart (cluster-api.md, Allocations).
import type { Deps, Route } from '../deps';
import type { Ctx } from '../http';
import { checkPrefix, metaHeaders, namespaceOf, readObject, sendDenied, sendError, sendJson, UUID } from '../http';
import { checkListQuery, listPage } from '../listing';
import { checkTypes } from './jobs';
import type { AllocRecord } from '../model';
import { pushTaskEvent, taskEvent } from '../task-events';
import { send } from '../../http-kit';

const SIGNALS = new Set(['SIGABRT', 'SIGALRM', 'SIGBUS', 'SIGCHLD', 'SIGCONT', 'SIGFPE', 'SIGHUP', 'SIGILL', 'SIGINT', 'SIGIO', 'SIGKILL', 'SIGPIPE', 'SIGPROF', 'SIGQUIT', 'SIGSEGV', 'SIGSTOP', 'SIGSYS', 'SIGTERM', 'SIGTRAP', 'SIGTSTP', 'SIGTTIN', 'SIGTTOU', 'SIGURG', 'SIGUSR1', 'SIGUSR2', 'SIGWINCH', 'SIGXCPU', 'SIGXFSZ']);

/** Sorted allocation lists per simulator state; allocations are never removed, so the size tells staleness. */
const sortedCaches = new WeakMap<object, { size: number; list: AllocRecord[] }>();

function sortedAllocs(deps: Deps): AllocRecord[] {
  let sorted = sortedCaches.get(deps.state);
  if (!sorted || sorted.size !== deps.state.allocs.size) {
    sortedCaches.set(deps.state, (sorted = { size: deps.state.allocs.size, list: [...deps.state.allocs.values()].sort((a, b) => (a.ID < b.ID ? -1 : 1)) }));
  }
  return sorted.list;
}

/** Looks an allocation up by full UUID and checks `permission` in its namespace; answers the error otherwise. */
function allocFor(deps: Deps, ctx: Ctx, permission: string, unknown: (id: string) => string): AllocRecord | null {
  const id = ctx.params.alloc_id;
  if (!UUID.test(id)) {
    sendError(ctx.res, 400, `alloc ID must be a full UUID, got "${id}"`);
    return null;
  }
  const alloc = deps.state.allocs.get(id);
  if (!alloc) {
    sendError(ctx.res, 404, unknown(id));
    return null;
  }
  if (!deps.acl.allows(ctx.token, permission, alloc.Namespace)) {
    sendDenied(ctx.res, permission);
    return null;
  }
  return alloc;
}

function list(deps: Deps, ctx: Ctx): Promise<void> | void {
  const namespace = namespaceOf(ctx.url);
  const allowed = new Set(namespace === '*' ? deps.acl.namespacesWith(ctx.token, 'read-job', deps.namespaces) : deps.acl.allows(ctx.token, 'namespace:read-job', namespace) ? [namespace] : []);
  if (allowed.size === 0) return sendDenied(ctx.res, 'namespace:read-job');
  const prefix = checkPrefix(ctx);
  if (prefix === false) return;
  if (!checkListQuery(ctx, () => (deps.state.allocs.size ? deps.views.allocStub(deps.state.allocs.values().next().value!) : undefined))) return;
  const withStates = ctx.url.searchParams.get('task_states') !== 'false';
  return deps.blocking.run(ctx, {
    tables: ['allocs'],
    index: () => deps.state.tableIndex('allocs'),
    respond: (res, index) => {
      const items = sortedAllocs(deps).filter((a) => allowed.has(a.Namespace) && (!prefix || a.ID.startsWith(prefix)));
      const page = listPage(ctx, {
        items,
        tokenOf: (a) => a.ID,
        view: (a) => {
          const stub = deps.views.allocStub(a);
          if (!withStates) stub.TaskStates = null;
          return stub;
        },
      });
      if (!page) return;
      const headers = metaHeaders(index);
      if (page.nextToken) headers['X-Cluster-NextToken'] = page.nextToken;
      send(res, 200, page.items, 'application/json', headers);
    },
  });
}

function read(deps: Deps, ctx: Ctx): Promise<void> | void {
  const alloc = allocFor(deps, ctx, 'namespace:read-job', () => 'alloc not found');
  if (!alloc) return;
  return deps.blocking.run(ctx, {
    tables: ['allocs'],
    index: () => alloc.ModifyIndex,
    respond: (_res, index) => sendJson(ctx.res, deps.views.allocFull(alloc, true), index),
  });
}

function stop(deps: Deps, ctx: Ctx): void {
  const alloc = allocFor(deps, ctx, 'namespace:alloc-lifecycle', () => 'alloc not found');
  if (!alloc) return;
  const { state, scheduler } = deps;
  const rec = state.jobs.get(alloc.jobKey);
  const evaluation = state.commit((tx) => {
    // Stop-and-reschedule: the scheduler migrates an allocation marked DesiredTransition.Migrate.
    alloc.DesiredTransition = { ...alloc.DesiredTransition, Migrate: true };
    alloc.ModifyIndex = tx.index;
    tx.allocEvent(alloc, 'AllocationUpdateDesiredStatus');
    if (!rec) {
      scheduler.stopAlloc(tx, alloc, 'alloc was stopped by user');
      return null;
    }
    return scheduler.newEval(tx, rec, 'alloc-stop');
  });
  if (evaluation && rec) {
    scheduler.process(rec, evaluation);
    if (alloc.DesiredStatus === 'run') state.commit((tx) => scheduler.stopAlloc(tx, alloc, 'alloc was stopped by user', evaluation.ID));
  }
  sendJson(ctx.res, { EvalID: evaluation?.ID ?? '', Index: evaluation?.CreateIndex ?? state.index }, evaluation?.CreateIndex ?? state.index);
}

/** Tasks an action applies to: the named one, or every task when `Task` is absent. */
function targetTasks(deps: Deps, ctx: Ctx, alloc: AllocRecord, task: unknown): string[] | null {
  const group = deps.views.groupOf(alloc);
  const names = group?.Tasks.map((t) => t.Name) ?? [];
  if (task === undefined || task === '') return names;
  if (!names.includes(task as string)) {
    sendError(ctx.res, 400, `Failed to find task "${String(task)}" in allocation`);
    return null;
  }
  return [task as string];
}

async function signal(deps: Deps, ctx: Ctx): Promise<void> {
  const alloc = allocFor(deps, ctx, 'namespace:alloc-lifecycle', (id) => `Unknown allocation "${id}"`);
  if (!alloc) return;
  const body = await readObject(ctx, false);
  if (!body || !checkTypes(ctx, body, { Signal: 'string', Task: 'string' })) return;
  const name = ((body.Signal as string | undefined) || 'SIGKILL').toUpperCase();
  const signalName = name.startsWith('SIG') ? name : `SIG${name}`;
  if (!SIGNALS.has(signalName)) return sendError(ctx.res, 400, `Failed to signal task: invalid signal "${String(body.Signal)}"`);
  if (alloc.ClientStatus !== 'running') return sendError(ctx.res, 400, `Failed to signal task: allocation "${alloc.ID}" is not running (client status ${alloc.ClientStatus})`);
  const tasks = targetTasks(deps, ctx, alloc, body.Task);
  if (!tasks) return;
  deps.state.commit((tx) => {
    const states = deps.scheduler.materialize(alloc);
    for (const task of tasks) {
      if (states[task]?.State === 'running') pushTaskEvent(states[task], taskEvent.signaling(deps.clock.nowNs(), signalName, 'User requested signal'));
    }
    alloc.ModifyIndex = tx.index;
    alloc.ModifyTime = deps.clock.nowNs();
    tx.allocEvent(alloc);
  });
  sendJson(ctx.res, {});
}

async function restart(deps: Deps, ctx: Ctx): Promise<void> {
  const alloc = allocFor(deps, ctx, 'namespace:alloc-lifecycle', (id) => `Unknown allocation "${id}"`);
  if (!alloc) return;
  const body = await readObject(ctx, false);
  if (!body || !checkTypes(ctx, body, { Task: 'string', AllTasks: 'boolean' })) return;
  if (alloc.ClientStatus !== 'running') return sendError(ctx.res, 400, `Failed to restart task: allocation "${alloc.ID}" is not running (client status ${alloc.ClientStatus})`);
  const tasks = targetTasks(deps, ctx, alloc, body.Task);
  if (!tasks) return;
  const { clock, state, scheduler } = deps;
  state.commit((tx) => {
    const states = scheduler.materialize(alloc);
    const now = clock.nowNs();
    for (const task of tasks) {
      const s = states[task];
      if (!s || s.State !== 'running') continue;
      // In-place restart: not counted against the RestartPolicy.
      pushTaskEvent(s, taskEvent.restartSignaled(now));
      pushTaskEvent(s, taskEvent.terminated(now, 0, 15));
      pushTaskEvent(s, taskEvent.restarting(now, 0, 'User requested restart'));
      s.State = 'pending';
      s.Restarts++;
      s.LastRestart = clock.iso();
    }
    alloc.phase = 'restart';
    alloc.dueAt = clock.nowMs() + 1000;
    state.active.add(alloc.ID);
    alloc.ModifyIndex = tx.index;
    alloc.ModifyTime = now;
    tx.allocEvent(alloc);
  });
  sendJson(ctx.res, {});
}

export function allocationRoutes(deps: Deps): Route[] {
  return [
    { methods: ['GET'], pattern: '/v1/allocations', handle: (ctx) => list(deps, ctx) },
    { methods: ['GET'], pattern: '/v1/allocation/:alloc_id', handle: (ctx) => read(deps, ctx) },
    { methods: ['POST', 'PUT'], pattern: '/v1/allocation/:alloc_id/stop', handle: (ctx) => stop(deps, ctx) },
    { methods: ['POST', 'PUT'], pattern: '/v1/client/allocation/:alloc_id/signal', handle: (ctx) => signal(deps, ctx) },
    { methods: ['POST', 'PUT'], pattern: '/v1/client/allocation/:alloc_id/restart', handle: (ctx) => restart(deps, ctx) },
  ];
}
