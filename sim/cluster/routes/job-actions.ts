// Job actions: dispatch, revert, stable, evaluate, plan, periodic force and scale (cluster-api.md, Jobs).
import type { Deps, Route } from '../deps';
import type { Ctx } from '../http';
import { namespaceOf, readObject, requirePermission, sendDenied, sendError, sendJson } from '../http';
import { findJob, registerJob } from '../job-ops';
import { canonicalJob, validateJob } from '../job-shape';
import { diffJobs } from '../job-diff';
import { nextCron } from '../cron';
import { checkTypes } from './jobs';
import { fieldTypeError, jobTypeError, map } from '../go-decode';
import type { Job, JobRecord, Json, ScalingEvent } from '../model';
import { jobKey } from '../model';

/** Dispatch payload limit after Base64 decoding (cluster-api.md, Limits: 16384 bytes in the newer description). */
export const DISPATCH_PAYLOAD_LIMIT = 16384;
const BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;

function jobOr404(deps: Deps, ctx: Ctx): JobRecord | null {
  const rec = findJob(deps, namespaceOf(ctx.url), ctx.params.job_id);
  if (!rec) sendError(ctx.res, 404, 'job not found');
  return rec ?? null;
}

const hex8 = (deps: Deps): string => deps.rng.hex(8);

async function dispatch(deps: Deps, ctx: Ctx): Promise<void> {
  if (!requirePermission(ctx, deps.acl, 'namespace:dispatch-job')) return;
  const body = await readObject(ctx, false);
  if (!body || !checkTypes(ctx, body, { Payload: 'string', Meta: 'object', JobID: 'string' })) return;
  const rec = jobOr404(deps, ctx);
  if (!rec) return;
  const parent = rec.job;
  if (!parent.ParameterizedJob || parent.Dispatched) return sendError(ctx.res, 400, `Specified job "${parent.ID}" is not a parameterized job`);
  if (parent.Stop) return sendError(ctx.res, 400, `Specified job "${parent.ID}" is stopped`);
  const payload = (body.Payload as string | undefined) ?? '';
  if (payload && !BASE64.test(payload)) return sendError(ctx.res, 400, `illegal base64 data at input byte ${Math.max(0, payload.search(/[^A-Za-z0-9+/=]/))}`);
  const size = Buffer.from(payload, 'base64').length;
  if (size > DISPATCH_PAYLOAD_LIMIT) return sendError(ctx.res, 400, `Payload exceeds maximum size; ${size} > ${DISPATCH_PAYLOAD_LIMIT}`);
  const rule = parent.ParameterizedJob.Payload;
  if (rule === 'required' && size === 0) return sendError(ctx.res, 400, 'Payload is not provided but required by parameterized job');
  if (rule === 'forbidden' && size > 0) return sendError(ctx.res, 400, 'Payload provided but forbidden by parameterized job');
  const meta = (body.Meta as Record<string, unknown> | undefined) ?? {};
  if (Object.values(meta).some((v) => typeof v !== 'string')) return sendError(ctx.res, 400, 'json: cannot unmarshal number into Go struct field .Meta of type string');
  const required = parent.ParameterizedJob.MetaRequired ?? [];
  const optional = parent.ParameterizedJob.MetaOptional ?? [];
  const missing = required.filter((k) => !(k in meta));
  if (missing.length) return sendError(ctx.res, 400, `Dispatch did not provide required meta keys: [${missing.join(' ')}]`);
  const unexpected = Object.keys(meta).filter((k) => !required.includes(k) && !optional.includes(k));
  if (unexpected.length) return sendError(ctx.res, 400, `Dispatch provided meta keys not allowed: [${unexpected.sort().join(' ')}]`);
  const token = ctx.url.searchParams.get('idempotency_token') ?? '';
  if (token) {
    const existingKey = rec.dispatchTokens.get(token);
    const existing = existingKey ? deps.state.jobs.get(existingKey) : undefined;
    if (existing && existing.job.Status !== 'dead') {
      // Idempotent: the earlier dispatch stands; no new job or evaluation.
      return sendJson(ctx.res, { Index: existing.job.CreateIndex, JobCreateIndex: existing.job.CreateIndex, EvalCreateIndex: 0, EvalID: '', DispatchedJobID: existing.job.ID }, existing.job.CreateIndex);
    }
  }
  const childId = `${parent.ID}/dispatch-${Math.floor(deps.clock.nowMs() / 1000)}-${hex8(deps)}`;
  const result = registerJob(deps, { ...stripIndexes(parent), ID: childId, Name: childId, ParentID: parent.ID, Dispatched: true, DispatchIdempotencyToken: token, Payload: payload || null, Meta: { ...(parent.Meta ?? {}), ...(meta as Record<string, string>) } }, { namespace: parent.Namespace, triggeredBy: 'job-register' });
  if (!result.ok) return sendError(ctx.res, result.status, result.message);
  const childKey = jobKey(parent.Namespace, childId);
  rec.children.add(childKey);
  if (token) rec.dispatchTokens.set(token, childKey);
  const child = deps.state.jobs.get(childKey)!;
  sendJson(ctx.res, { Index: result.value.Index, JobCreateIndex: child.job.CreateIndex, EvalCreateIndex: result.value.EvalCreateIndex, EvalID: result.value.EvalID, DispatchedJobID: childId }, result.value.Index);
}

function stripIndexes(job: Job): Json {
  const { CreateIndex: _c, ModifyIndex: _m, JobModifyIndex: _j, Version: _v, SubmitTime: _s, Status: _st, Stable: _sb, ...rest } = job;
  return rest;
}

async function revert(deps: Deps, ctx: Ctx): Promise<void> {
  if (!requirePermission(ctx, deps.acl, 'namespace:submit-job')) return;
  const body = await readObject(ctx);
  if (!body || !checkTypes(ctx, body, { JobID: 'string', JobVersion: 'number', EnforcePriorVersion: 'number', MeshToken: 'string', SecretsToken: 'string' })) return;
  if (!body.JobID) return sendError(ctx.res, 400, 'JobID must be specified');
  if (body.JobID !== ctx.params.job_id) return sendError(ctx.res, 400, 'Job ID does not match');
  const rec = jobOr404(deps, ctx);
  if (!rec) return;
  const version = (body.JobVersion as number | undefined) ?? 0;
  if (typeof body.EnforcePriorVersion === 'number' && body.EnforcePriorVersion !== rec.job.Version)
    return sendError(ctx.res, 400, `Current job has version ${rec.job.Version}; enforcing version ${body.EnforcePriorVersion}`);
  if (version === rec.job.Version) return sendError(ctx.res, 400, `can't revert to current version`);
  const target = rec.versions.find((v) => v.Version === version);
  if (!target) return sendError(ctx.res, 400, `job "${rec.job.ID}" in namespace "${rec.job.Namespace}" at version ${version} not found`);
  const result = registerJob(deps, { ...stripIndexes(target), Stop: false, MeshToken: body.MeshToken ?? target.MeshToken, SecretsToken: body.SecretsToken ?? target.SecretsToken }, { namespace: rec.job.Namespace, triggeredBy: 'job-register' });
  if (!result.ok) return sendError(ctx.res, result.status, result.message);
  sendJson(ctx.res, { EvalID: result.value.EvalID, EvalCreateIndex: result.value.EvalCreateIndex, JobModifyIndex: result.value.JobModifyIndex, Warnings: '', Index: result.value.Index }, result.value.Index);
}

async function stable(deps: Deps, ctx: Ctx): Promise<void> {
  if (!requirePermission(ctx, deps.acl, 'namespace:submit-job')) return;
  const body = await readObject(ctx);
  if (!body || !checkTypes(ctx, body, { JobID: 'string', JobVersion: 'number', Stable: 'boolean' })) return;
  if (!body.JobID) return sendError(ctx.res, 400, 'JobID must be specified');
  if (body.JobID !== ctx.params.job_id) return sendError(ctx.res, 400, 'Job ID does not match');
  const rec = jobOr404(deps, ctx);
  if (!rec) return;
  const version = (body.JobVersion as number | undefined) ?? 0;
  if (!rec.versions.some((v) => v.Version === version)) return sendError(ctx.res, 404, `job "${rec.job.ID}" in namespace "${rec.job.Namespace}" at version ${version} not found`);
  const index = deps.state.commit((tx) => {
    rec.versions = rec.versions.map((v) => (v.Version === version ? { ...v, Stable: body.Stable === true, ModifyIndex: tx.index } : v));
    if (rec.job.Version === version) {
      rec.job = rec.versions.find((v) => v.Version === version)!;
      tx.jobEvent(rec, 'JobRegistered');
    }
    tx.touch('jobs', 'job_version');
    return tx.index;
  });
  sendJson(ctx.res, { JobModifyIndex: rec.job.JobModifyIndex, Index: index }, index);
}

async function evaluate(deps: Deps, ctx: Ctx): Promise<void> {
  if (!requirePermission(ctx, deps.acl, 'namespace:read-job')) return;
  // A body is optional: calling without one is the pre-0.8.4 form (cluster-api.md, Versioning).
  const body = await readObject(ctx, false);
  if (!body || !checkTypes(ctx, body, { JobID: 'string', EvalOptions: 'object' })) return;
  const optionsError = fieldTypeError(body.EvalOptions, 'EvalOptions', ['EvalOptions'], { ForceReschedule: 'bool' });
  if (optionsError) return sendError(ctx.res, 400, optionsError);
  if (body.JobID !== undefined && body.JobID !== ctx.params.job_id) return sendError(ctx.res, 400, 'Job ID does not match');
  const rec = jobOr404(deps, ctx);
  if (!rec) return;
  if (rec.job.Periodic?.Enabled && !rec.job.ParentID) return sendError(ctx.res, 400, "can't evaluate periodic job");
  if (rec.job.ParameterizedJob && !rec.job.Dispatched) return sendError(ctx.res, 400, "can't evaluate parameterized job");
  const force = (body.EvalOptions as { ForceReschedule?: unknown } | undefined)?.ForceReschedule === true;
  const { state, scheduler, dynamics } = deps;
  const evaluation = state.commit((tx) => {
    if (force) {
      // Failed allocations are rescheduled now, even past their ReschedulePolicy attempts or delay.
      for (const alloc of state.allocsOfJob(rec.key)) {
        if (alloc.ClientStatus !== 'failed' || alloc.NextAllocation || alloc.DesiredStatus !== 'run') continue;
        alloc.DesiredTransition = { ...alloc.DesiredTransition, ForceReschedule: true };
        const group = rec.job.TaskGroups.find((g) => g.Name === alloc.TaskGroup);
        if (group) dynamics.planReschedule(tx, alloc, group, true);
        tx.allocEvent(alloc, 'AllocationUpdateDesiredStatus');
      }
    }
    return scheduler.newEval(tx, rec, 'job-register');
  });
  scheduler.process(rec, evaluation);
  if (force) for (const alloc of state.allocsOfJob(rec.key)) if (alloc.phase === 'replace' && alloc.DesiredTransition.ForceReschedule) dynamics.replaceFailed(alloc);
  sendJson(ctx.res, { EvalID: evaluation.ID, EvalCreateIndex: evaluation.CreateIndex, JobModifyIndex: rec.job.JobModifyIndex, Warnings: '', Index: evaluation.CreateIndex }, evaluation.CreateIndex);
}

async function plan(deps: Deps, ctx: Ctx): Promise<void> {
  const body = await readObject(ctx);
  if (!body || !checkTypes(ctx, body, { Job: 'object', Diff: 'boolean', PolicyOverride: 'boolean' })) return;
  const typeError = jobTypeError(body.Job);
  if (typeError) return sendError(ctx.res, 400, typeError);
  const input = body.Job as Json | undefined;
  if (!input) return sendError(ctx.res, 400, 'Job must be specified');
  if (input.ID !== ctx.params.job_id) return sendError(ctx.res, 400, 'Job ID does not match');
  const namespace = typeof input.Namespace === 'string' && input.Namespace ? input.Namespace : namespaceOf(ctx.url);
  if (!requirePermission(ctx, deps.acl, 'namespace:submit-job', namespace)) return;
  if (body.PolicyOverride === true && !requirePermission(ctx, deps.acl, 'namespace:policy-override', namespace)) return;
  const job = canonicalJob({ ...input, Namespace: namespace });
  const invalid = validateJob(job);
  if (invalid) return sendError(ctx.res, 400, invalid);
  const rec = findJob(deps, namespace, job.ID);
  job.Version = rec ? rec.job.Version + 1 : 0;
  const plans = deps.scheduler.reconcile(rec, job);
  const desired: Json = {};
  const updates: Record<string, Record<string, number>> = {};
  const failed: Json = {};
  for (const [name, p] of plans) {
    const place = p.place + p.destructive.length + p.migrate.length;
    desired[name] = { Ignore: p.ignore.length, Place: p.place, Migrate: p.migrate.length, Stop: p.stop.length, InPlaceUpdate: p.inplace.length, DestructiveUpdate: p.destructive.length, Canary: 0, Preemptions: 0 };
    updates[name] = Object.fromEntries(
      Object.entries({ ignore: p.ignore.length, create: p.place, destroy: p.stop.length, migrate: p.migrate.length, 'in-place update': p.inplace.length, 'create/destroy update': p.destructive.length }).filter(([, n]) => n > 0),
    );
    if (place > 0 && job.Type !== 'system' && deps.scheduler.eligibleNodes(job).length === 0) failed[name] = deps.scheduler.failedMetrics(job);
  }
  const next = job.Periodic?.Enabled ? nextCron(job.Periodic.Spec, deps.clock.nowMs()) : null;
  sendJson(ctx.res, {
    Index: deps.state.index,
    NextPeriodicLaunch: next === null ? '0001-01-01T00:00:00Z' : new Date(next).toISOString(),
    Warnings: '',
    Diff: body.Diff === true ? diffJobs(rec?.job ?? null, job, true, updates) : null,
    CreatedEvals: null,
    JobModifyIndex: rec?.job.JobModifyIndex ?? 0,
    FailedTGAllocs: Object.keys(failed).length ? failed : null,
    Annotations: { DesiredTGUpdates: desired, PreemptedAllocs: null },
  }, deps.state.index);
}

async function periodicForce(deps: Deps, ctx: Ctx): Promise<void> {
  if (!requirePermission(ctx, deps.acl, 'namespace:submit-job')) return;
  const rec = jobOr404(deps, ctx);
  if (!rec) return;
  if (!rec.job.Periodic?.Enabled) return sendError(ctx.res, 400, "can't force launch non-periodic job");
  if (rec.job.Stop) return sendError(ctx.res, 400, "can't force launch a stopped job");
  // A forced launch ignores ProhibitOverlap (cluster-api.md, periodic/force).
  const childId = `${rec.job.ID}/periodic-${Math.floor(deps.clock.nowMs() / 1000)}`;
  const result = registerJob(deps, { ...stripIndexes(rec.job), ID: childId, Name: childId, ParentID: rec.job.ID, Periodic: null }, { namespace: rec.job.Namespace, triggeredBy: 'periodic-job' });
  if (!result.ok) return sendError(ctx.res, result.status, result.message);
  rec.children.add(jobKey(rec.job.Namespace, childId));
  sendJson(ctx.res, { EvalCreateIndex: result.value.EvalCreateIndex, EvalID: result.value.EvalID, Index: result.value.Index }, result.value.Index);
}

function scaleStatus(deps: Deps, ctx: Ctx): Promise<void> | void {
  const namespace = namespaceOf(ctx.url);
  if (!deps.acl.allows(ctx.token, 'namespace:read-job-scaling', namespace) && !deps.acl.allows(ctx.token, 'namespace:read-job', namespace)) return sendDenied(ctx.res, 'namespace:read-job-scaling');
  const key = jobKey(namespace, ctx.params.job_id);
  const { state } = deps;
  return deps.blocking.run(ctx, {
    tables: ['jobs', 'allocs', 'scaling_event'],
    index: () => Math.max(state.jobs.get(key)?.job.ModifyIndex ?? 0, state.tableIndex('allocs', 'scaling_event')),
    respond: (_res, index) => {
      const rec = state.jobs.get(key);
      if (!rec) return sendError(ctx.res, 404, 'job not found');
      const groups: Json = {};
      for (const group of rec.job.TaskGroups) {
        const allocs = state.allocsOfJob(key).filter((a) => a.TaskGroup === group.Name && a.DesiredStatus === 'run');
        const running = allocs.filter((a) => a.ClientStatus === 'running');
        groups[group.Name] = {
          Desired: group.Count,
          Placed: allocs.filter((a) => a.ClientStatus === 'pending' || a.ClientStatus === 'running').length,
          Running: running.length,
          Healthy: running.filter((a) => a.DeploymentStatus?.Healthy === true).length,
          Unhealthy: allocs.filter((a) => a.DeploymentStatus?.Healthy === false).length,
          Events: rec.scalingEvents.get(group.Name) ?? null,
        };
      }
      sendJson(ctx.res, { JobCreateIndex: rec.job.CreateIndex, JobID: rec.job.ID, Namespace: rec.job.Namespace, JobModifyIndex: rec.job.JobModifyIndex, JobStopped: rec.job.Stop, TaskGroups: groups }, index);
    },
  });
}

async function scale(deps: Deps, ctx: Ctx): Promise<void> {
  const namespace = namespaceOf(ctx.url);
  if (!deps.acl.allows(ctx.token, 'namespace:scale-job', namespace) && !deps.acl.allows(ctx.token, 'namespace:submit-job', namespace)) return sendDenied(ctx.res, 'namespace:scale-job');
  const body = await readObject(ctx);
  if (!body || !checkTypes(ctx, body, { Count: 'number', Target: 'object', Message: 'string', Error: 'string', Meta: 'object', PolicyOverride: 'boolean' })) return;
  const targetError = fieldTypeError(body, 'ScalingRequest', [], { Target: map('string') });
  if (targetError) return sendError(ctx.res, 400, targetError);
  if (body.PolicyOverride === true && !requirePermission(ctx, deps.acl, 'namespace:policy-override', namespace)) return;
  const target = (body.Target as Record<string, unknown> | undefined) ?? {};
  const groupName = target.Group;
  if (typeof groupName !== 'string' || !groupName) return sendError(ctx.res, 400, 'missing task group name for scaling action');
  const hasMessage = typeof body.Message === 'string' && body.Message !== '';
  const hasError = typeof body.Error === 'string' && body.Error !== '';
  if (hasMessage === hasError) return sendError(ctx.res, 400, 'exactly one of Message or Error must be provided');
  const count = body.Count as number | undefined;
  if (count !== undefined && count < 0) return sendError(ctx.res, 400, "scaling action count can't be negative");
  const rec = jobOr404(deps, ctx);
  if (!rec) return;
  const group = rec.job.TaskGroups.find((g) => g.Name === groupName);
  if (!group) return sendError(ctx.res, 400, `task group "${groupName}" specified for scaling does not exist in job`);
  if (count !== undefined) {
    const active = deps.state.deploymentsOfJob(rec.key).some((d) => ['running', 'paused', 'pending', 'blocked'].includes(d.Status));
    if (active) return sendError(ctx.res, 400, 'job scaling blocked due to active deployment');
    const policy = group.Scaling as { Min?: number; Max?: number } | null;
    if (policy?.Max !== undefined && count > policy.Max) return sendError(ctx.res, 400, `group count was greater than scaling policy maximum: ${count} > ${policy.Max}`);
    if (policy?.Min !== undefined && count < policy.Min) return sendError(ctx.res, 400, `group count was less than scaling policy minimum: ${count} < ${policy.Min}`);
  }
  let response: Json = { EvalID: '', EvalCreateIndex: 0, JobModifyIndex: rec.job.JobModifyIndex, Warnings: '', Index: deps.state.index, LastContact: 0, KnownLeader: false };
  const previous = group.Count;
  if (count !== undefined && count !== previous) {
    const result = registerJob(deps, { ...stripIndexes(rec.job), TaskGroups: rec.job.TaskGroups.map((g) => (g.Name === groupName ? { ...g, Count: count } : g)) }, { namespace: rec.job.Namespace, triggeredBy: 'job-scaling' });
    if (!result.ok) return sendError(ctx.res, result.status, result.message);
    response = result.value;
  }
  const index = deps.state.commit((tx) => {
    const event: ScalingEvent = { Count: count ?? null, PreviousCount: previous, Error: hasError, Message: (hasError ? body.Error : body.Message) as string, Meta: (body.Meta as Json | undefined) ?? null, EvalID: (response.EvalID as string) || null, Time: deps.clock.nowNs(), CreateIndex: tx.index };
    // Newest first, the last 20 kept per group (Nomad's JobTrackedScalingEvents).
    rec.scalingEvents.set(groupName, [event, ...(rec.scalingEvents.get(groupName) ?? [])].slice(0, 20));
    tx.touch('scaling_event');
    return tx.index;
  });
  if (!response.EvalID) response.Index = index;
  sendJson(ctx.res, response, response.Index as number);
}

export function jobActionRoutes(deps: Deps): Route[] {
  return [
    { methods: ['POST', 'PUT'], pattern: '/v1/job/:job_id/dispatch', handle: (ctx) => dispatch(deps, ctx) },
    { methods: ['POST', 'PUT'], pattern: '/v1/job/:job_id/revert', handle: (ctx) => revert(deps, ctx) },
    { methods: ['POST', 'PUT'], pattern: '/v1/job/:job_id/stable', handle: (ctx) => stable(deps, ctx) },
    { methods: ['POST', 'PUT'], pattern: '/v1/job/:job_id/evaluate', handle: (ctx) => evaluate(deps, ctx) },
    { methods: ['POST', 'PUT'], pattern: '/v1/job/:job_id/plan', handle: (ctx) => plan(deps, ctx) },
    { methods: ['POST', 'PUT'], pattern: '/v1/job/:job_id/periodic/force', handle: (ctx) => periodicForce(deps, ctx) },
    { methods: ['GET'], pattern: '/v1/job/:job_id/scale', handle: (ctx) => scaleStatus(deps, ctx) },
    { methods: ['POST', 'PUT'], pattern: '/v1/job/:job_id/scale', handle: (ctx) => scale(deps, ctx) },
  ];
}

