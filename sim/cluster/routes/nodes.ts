// Nodes: list, read, allocations, evaluate, drain, purge and eligibility (cluster-api.md, Nodes and
// "Node scheduling" transitions).
import type { Deps, Route } from '../deps';
import type { Ctx } from '../http';
import { checkPrefix, metaHeaders, readObject, requirePermission, sendDenied, sendError, sendJson, UUID } from '../http';
import { checkListQuery, listPage } from '../listing';
import { checkTypes } from './jobs';
import type { Evaluation, JobRecord, Json, NodeRecord } from '../model';
import { addNodeEvent } from '../dynamics';
import { NS } from '../job-shape';
import { send } from '../../http-kit';
import type { Tx } from '../state';

/** Sorted node lists per simulator state (several simulators may share one process, e.g. in tests). */
const sortedCaches = new WeakMap<object, { index: number; size: number; list: NodeRecord[] }>();

function sortedNodes(deps: Deps): NodeRecord[] {
  const index = deps.state.tableIndex('nodes');
  let sorted = sortedCaches.get(deps.state);
  if (!sorted || sorted.size !== deps.state.nodes.size || sorted.index !== index) {
    sortedCaches.set(deps.state, (sorted = { index, size: deps.state.nodes.size, list: [...deps.state.nodes.values()].sort((a, b) => (a.ID < b.ID ? -1 : 1)) }));
  }
  return sorted.list;
}

function nodeFor(deps: Deps, ctx: Ctx): NodeRecord | null {
  const id = ctx.params.node_id;
  if (!UUID.test(id)) {
    sendError(ctx.res, 400, `node ID must be a full UUID, got "${id}"`);
    return null;
  }
  const node = deps.state.nodes.get(id);
  if (!node) sendError(ctx.res, 404, 'node not found');
  return node ?? null;
}

/** One evaluation per job with allocations on the node, as Nomad's createNodeEvals does. */
function nodeEvals(deps: Deps, tx: Tx, node: NodeRecord, trigger: string): { evals: Evaluation[]; jobs: JobRecord[] } {
  const jobs = new Map<string, JobRecord>();
  for (const alloc of deps.state.allocsOfNode(node.ID)) {
    const rec = deps.state.jobs.get(alloc.jobKey);
    if (rec && !rec.job.Stop) jobs.set(rec.key, rec);
  }
  for (const rec of deps.state.jobs.values()) if (rec.job.Type === 'system' && !rec.job.Stop) jobs.set(rec.key, rec);
  const evals = [...jobs.values()].map((rec) => deps.scheduler.newEval(tx, rec, trigger, { NodeID: node.ID, NodeModifyIndex: node.ModifyIndex }));
  return { evals, jobs: [...jobs.values()] };
}

function process(deps: Deps, jobs: JobRecord[], evals: Evaluation[]): void {
  jobs.forEach((rec, i) => deps.scheduler.process(rec, evals[i]));
}

function updateResponse(deps: Deps, evals: Evaluation[], index: number, node: NodeRecord): Json {
  return {
    EvalCreateIndex: evals.length ? evals[0].CreateIndex : 0,
    EvalIDs: evals.length ? evals.map((e) => e.ID) : null,
    HeartbeatTTL: 0,
    Index: index,
    KnownLeader: false,
    LastContact: 0,
    LeaderRPCAddr: '10.0.0.10:4647',
    NodeModifyIndex: node.ModifyIndex,
    NumNodes: deps.state.nodes.size,
    Servers: [
      { Datacenter: 'dc1', RPCAdvertiseAddr: '10.0.0.10:4647', RPCMajorVersion: 1, RPCMinorVersion: 1 },
      { Datacenter: 'dc1', RPCAdvertiseAddr: '10.0.0.11:4647', RPCMajorVersion: 1, RPCMinorVersion: 1 },
      { Datacenter: 'dc1', RPCAdvertiseAddr: '10.0.0.12:4647', RPCMajorVersion: 1, RPCMinorVersion: 1 },
    ],
  };
}

function list(deps: Deps, ctx: Ctx): Promise<void> | void {
  if (!requirePermission(ctx, deps.acl, 'node:read')) return;
  const prefix = checkPrefix(ctx);
  if (prefix === false) return;
  if (!checkListQuery(ctx, () => (deps.state.nodes.size ? deps.views.nodeStub(deps.state.nodes.values().next().value!) : undefined))) return;
  const withResources = ctx.url.searchParams.get('resources') === 'true';
  const withOs = ctx.url.searchParams.get('os') === 'true';
  return deps.blocking.run(ctx, {
    tables: ['nodes'],
    index: () => deps.state.tableIndex('nodes'),
    respond: (res, index) => {
      const items = sortedNodes(deps).filter((n) => !prefix || n.ID.startsWith(prefix));
      const page = listPage(ctx, {
        items,
        tokenOf: (n) => n.ID,
        view: (n) => {
          const stub = deps.views.nodeStub(n);
          if (withResources || withOs) {
            const full = deps.views.node(n);
            if (withResources) Object.assign(stub, { NodeResources: full.NodeResources, ReservedResources: full.ReservedResources });
            if (withOs) stub.Attributes = Object.fromEntries(Object.entries(full.Attributes as Record<string, string>).filter(([k]) => k.startsWith('os.')));
          }
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

async function drain(deps: Deps, ctx: Ctx): Promise<void> {
  if (!requirePermission(ctx, deps.acl, 'node:write')) return;
  const body = await readObject(ctx, false);
  if (!body || !checkTypes(ctx, body, { DrainSpec: 'object', MarkEligible: 'boolean', Meta: 'object' })) return;
  const node = nodeFor(deps, ctx);
  if (!node) return;
  const spec = body.DrainSpec as { Deadline?: unknown; IgnoreSystemJobs?: unknown } | null | undefined;
  if (spec && !Number.isInteger(spec.Deadline)) return sendError(ctx.res, 400, 'DrainSpec must specify a Deadline (integer nanoseconds; -1 forces an immediate drain, 0 means no deadline)');
  if (spec && spec.IgnoreSystemJobs !== undefined && typeof spec.IgnoreSystemJobs !== 'boolean') return sendError(ctx.res, 400, 'json: cannot unmarshal into Go struct field DrainSpec.IgnoreSystemJobs of type bool');
  const { state, clock } = deps;
  const result = state.commit((tx) => {
    const now = clock.iso();
    let evals: { evals: Evaluation[]; jobs: JobRecord[] } = { evals: [], jobs: [] };
    if (spec) {
      const deadline = spec.Deadline as number;
      const wasDraining = node.Drain;
      // Deadline -1 forces at once; 0 waits without a deadline; otherwise force-stop after Deadline ns.
      node.drainDeadlineAt = deadline < 0 ? clock.nowMs() : deadline === 0 ? 0 : clock.nowMs() + deadline / 1e6;
      node.Drain = true;
      node.DrainStrategy = {
        Deadline: deadline,
        IgnoreSystemJobs: spec.IgnoreSystemJobs === true,
        ForceDeadline: deadline === 0 ? '0001-01-01T00:00:00Z' : new Date(node.drainDeadlineAt).toISOString(),
        StartedAt: now,
      };
      node.SchedulingEligibility = 'ineligible';
      node.LastDrain = { Status: 'draining', StartedAt: now, UpdatedAt: now, AccessorID: ctx.token?.AccessorID ?? '', Meta: (body.Meta as Json | undefined) ?? null };
      addNodeEvent(node, tx, now, wasDraining ? 'Node drain strategy updated' : 'Node drain strategy set', 'Drain');
      state.draining.add(node.ID);
    } else {
      const wasDraining = node.Drain;
      node.Drain = false;
      node.DrainStrategy = null;
      node.drainDeadlineAt = 0;
      if (wasDraining && node.LastDrain) node.LastDrain = { ...node.LastDrain, Status: 'canceled', UpdatedAt: now };
      state.draining.delete(node.ID);
      if (body.MarkEligible === true && node.SchedulingEligibility !== 'eligible') {
        node.SchedulingEligibility = 'eligible';
        evals = nodeEvals(deps, tx, node, 'node-update');
      }
      addNodeEvent(node, tx, now, 'Node drain disabled', 'Drain');
    }
    node.ModifyIndex = tx.index;
    tx.nodeEvent(node, 'NodeDrain');
    return { ...evals, index: tx.index };
  });
  process(deps, result.jobs, result.evals);
  sendJson(ctx.res, { EvalCreateIndex: result.evals[0]?.CreateIndex ?? 0, EvalIDs: result.evals.length ? result.evals.map((e) => e.ID) : null, Index: result.index, NodeModifyIndex: node.ModifyIndex }, result.index);
}

async function eligibility(deps: Deps, ctx: Ctx): Promise<void> {
  if (!requirePermission(ctx, deps.acl, 'node:write')) return;
  const body = await readObject(ctx);
  if (!body || !checkTypes(ctx, body, { Eligibility: 'string' })) return;
  const node = nodeFor(deps, ctx);
  if (!node) return;
  const wanted = body.Eligibility;
  if (!wanted) return sendError(ctx.res, 400, 'missing eligibility');
  if (wanted !== 'eligible' && wanted !== 'ineligible') return sendError(ctx.res, 400, `invalid scheduling eligibility "${String(wanted)}"`);
  if (wanted === 'eligible' && node.Drain) return sendError(ctx.res, 400, "can not set node's scheduling eligibility to eligible while it is draining");
  const result = deps.state.commit((tx) => {
    let evals: { evals: Evaluation[]; jobs: JobRecord[] } = { evals: [], jobs: [] };
    if (node.SchedulingEligibility !== wanted) {
      node.SchedulingEligibility = wanted;
      addNodeEvent(node, tx, deps.clock.iso(), wanted === 'eligible' ? 'Node marked as eligible for scheduling' : 'Node marked as ineligible for scheduling', 'Cluster');
      if (wanted === 'eligible') evals = nodeEvals(deps, tx, node, 'node-update');
      node.ModifyIndex = tx.index;
      tx.nodeEvent(node, 'NodeEligibility');
    }
    return { ...evals, index: tx.index };
  });
  process(deps, result.jobs, result.evals);
  sendJson(ctx.res, { EvalCreateIndex: result.evals[0]?.CreateIndex ?? 0, EvalIDs: result.evals.length ? result.evals.map((e) => e.ID) : null, Index: result.index, NodeModifyIndex: node.ModifyIndex }, result.index);
}

function evaluate(deps: Deps, ctx: Ctx): void {
  if (!requirePermission(ctx, deps.acl, 'node:write')) return;
  const node = nodeFor(deps, ctx);
  if (!node) return;
  const result = deps.state.commit((tx) => ({ ...nodeEvals(deps, tx, node, 'node-update'), index: tx.index }));
  process(deps, result.jobs, result.evals);
  sendJson(ctx.res, { ...updateResponse(deps, result.evals, result.index, node), HeartbeatTTL: 15 * NS }, result.index);
}

function purge(deps: Deps, ctx: Ctx): void {
  if (!requirePermission(ctx, deps.acl, 'node:write')) return;
  const node = nodeFor(deps, ctx);
  if (!node) return;
  const { state, clock } = deps;
  const result = state.commit((tx) => {
    state.nodes.delete(node.ID);
    state.draining.delete(node.ID);
    // Its allocations are lost; the evaluations below place replacements elsewhere.
    for (const alloc of state.allocsOfNode(node.ID)) {
      if (alloc.ClientStatus !== 'pending' && alloc.ClientStatus !== 'running') continue;
      const states = deps.scheduler.materialize(alloc);
      for (const s of Object.values(states)) {
        if (s.State !== 'dead') Object.assign(s, { State: 'dead', FinishedAt: clock.iso() });
      }
      alloc.ClientStatus = 'lost';
      alloc.ClientDescription = 'alloc is lost since its node is down';
      alloc.DesiredStatus = 'stop';
      alloc.DesiredDescription = 'alloc is lost since its node is down';
      alloc.ModifyIndex = tx.index;
      alloc.dueAt = 0;
      tx.allocEvent(alloc);
    }
    const evals = nodeEvals(deps, tx, node, 'node-deregister');
    node.ModifyIndex = tx.index;
    tx.nodeEvent(node, 'NodeDeregistration');
    return { ...evals, index: tx.index };
  });
  process(deps, result.jobs, result.evals);
  sendJson(ctx.res, updateResponse(deps, result.evals, result.index, node), result.index);
}

export function nodeRoutes(deps: Deps): Route[] {
  return [
    { methods: ['GET'], pattern: '/v1/nodes', handle: (ctx) => list(deps, ctx) },
    {
      methods: ['GET'],
      pattern: '/v1/node/:node_id',
      handle: (ctx) => {
        if (!requirePermission(ctx, deps.acl, 'node:read')) return;
        const id = ctx.params.node_id;
        if (!UUID.test(id)) return sendError(ctx.res, 400, `node ID must be a full UUID, got "${id}"`);
        return deps.blocking.run(ctx, {
          tables: ['nodes'],
          index: () => deps.state.nodes.get(id)?.ModifyIndex ?? deps.state.tableIndex('nodes'),
          respond: (_res, index) => {
            const node = deps.state.nodes.get(id);
            if (!node) return sendError(ctx.res, 404, 'node not found');
            sendJson(ctx.res, deps.views.node(node), index);
          },
        });
      },
    },
    {
      methods: ['GET'],
      pattern: '/v1/node/:node_id/allocations',
      handle: (ctx) => {
        if (!requirePermission(ctx, deps.acl, 'node:read')) return;
        const node = nodeFor(deps, ctx);
        if (!node) return;
        const readable = new Set(deps.acl.namespacesWith(ctx.token, 'read-job', deps.namespaces));
        if (readable.size === 0) return sendDenied(ctx.res, 'namespace:read-job');
        const allocs = () => deps.state.allocsOfNode(node.ID).filter((a) => readable.has(a.Namespace));
        return deps.blocking.run(ctx, {
          tables: ['allocs'],
          index: () => allocs().reduce((m, a) => Math.max(m, a.ModifyIndex), 1),
          respond: (_res, index) => sendJson(ctx.res, allocs().map((a) => deps.views.allocFull(a, true)), index),
        });
      },
    },
    { methods: ['POST', 'PUT'], pattern: '/v1/node/:node_id/evaluate', handle: (ctx) => evaluate(deps, ctx) },
    { methods: ['POST', 'PUT'], pattern: '/v1/node/:node_id/drain', handle: (ctx) => drain(deps, ctx) },
    { methods: ['POST', 'PUT'], pattern: '/v1/node/:node_id/purge', handle: (ctx) => purge(deps, ctx) },
    { methods: ['POST', 'PUT'], pattern: '/v1/node/:node_id/eligibility', handle: (ctx) => eligibility(deps, ctx) },
  ];
}
