// Job reads and writes: list, register, parse, read, update, stop/purge, versions, allocations,
// evaluations, deployments, latest deployment and summary (cluster-api.md, Jobs).
import type { Deps, Route } from '../deps';
import type { Ctx } from '../http';
import { namespaceOf, queryBool, readObject, requirePermission, sendDenied, sendError, sendJson } from '../http';
import { checkListQuery, listPage } from '../listing';
import { deregisterJob, findJob, registerJob } from '../job-ops';
import { parseJobSpec } from '../jobspec';
import { HclError } from '../hcl-parse';
import { canonicalGroup, canonicalJob, canonicalTask } from '../job-shape';
import { diffJobs } from '../job-diff';
import { jobTypeError } from '../go-decode';
import type { JobRecord, Json } from '../model';
import { metaHeaders } from '../http';
import { send } from '../../http-kit';

/** Body fields must have the JSON types Nomad decodes them into; anything else is a 400 like Go's decoder. */
export function checkTypes(ctx: Ctx, body: Json, types: Record<string, 'boolean' | 'number' | 'string' | 'object'>): boolean {
  for (const [name, type] of Object.entries(types)) {
    const value = body[name];
    if (value === undefined || value === null) continue;
    const ok = type === 'object' ? typeof value === 'object' && !Array.isArray(value) : type === 'number' ? Number.isInteger(value) : typeof value === type;
    if (!ok) {
      sendError(ctx.res, 400, `json: cannot unmarshal ${Array.isArray(value) ? 'array' : typeof value} into Go struct field .${name} of type ${type === 'number' ? 'uint64' : type === 'boolean' ? 'bool' : type}`);
      return false;
    }
  }
  return true;
}

const REGISTER_TYPES = { Job: 'object', EnforceIndex: 'boolean', JobModifyIndex: 'number', PolicyOverride: 'boolean', EvalPriority: 'number', PreserveCounts: 'boolean' } as const;

async function register(deps: Deps, ctx: Ctx, pathId?: string): Promise<void> {
  const body = await readObject(ctx);
  if (!body || !checkTypes(ctx, body, REGISTER_TYPES)) return;
  const typeError = jobTypeError(body.Job);
  if (typeError) return sendError(ctx.res, 400, typeError);
  const job = body.Job as Json | undefined;
  if (!job) return sendError(ctx.res, 400, 'Job must be specified');
  if (pathId !== undefined && job.ID !== pathId) return sendError(ctx.res, 400, 'Job ID does not match name');
  const namespace = typeof job.Namespace === 'string' && job.Namespace ? job.Namespace : namespaceOf(ctx.url);
  if (!requirePermission(ctx, deps.acl, 'namespace:submit-job', namespace)) return;
  if (body.PolicyOverride === true && !requirePermission(ctx, deps.acl, 'namespace:policy-override', namespace)) return;
  const priority = body.EvalPriority as number | undefined;
  if (priority !== undefined && priority !== 0 && (priority < 1 || priority > 100)) return sendError(ctx.res, 400, 'Eval priority must be between 1 and 100 inclusively');
  const result = registerJob(deps, job, {
    namespace,
    enforceIndex: body.EnforceIndex === true,
    jobModifyIndex: (body.JobModifyIndex as number | undefined) ?? 0,
    preserveCounts: body.PreserveCounts === true,
    evalPriority: priority,
  });
  if (!result.ok) return sendError(ctx.res, result.status, result.message);
  sendJson(ctx.res, result.value, result.value.Index);
}

function withNulls(sparse: Json, template: Json): Json {
  const out: Json = {};
  for (const key of Object.keys(template)) out[key] = sparse[key] === undefined ? null : sparse[key];
  return out;
}

async function parse(deps: Deps, ctx: Ctx): Promise<void> {
  const namespace = namespaceOf(ctx.url);
  // Newer description: parse-job (or submit-job) in the namespace.
  if (!deps.acl.allows(ctx.token, 'namespace:parse-job', namespace) && !deps.acl.allows(ctx.token, 'namespace:submit-job', namespace)) return sendDenied(ctx.res, 'namespace:parse-job');
  const body = await readObject(ctx);
  if (!body || !checkTypes(ctx, body, { JobHCL: 'string', Canonicalize: 'boolean', HCLv1: 'boolean' })) return;
  if (!body.JobHCL) return sendError(ctx.res, 400, 'Job spec is empty');
  let sparse: Json;
  try {
    sparse = parseJobSpec(body.JobHCL as string);
  } catch (error) {
    if (error instanceof HclError) return sendError(ctx.res, 400, error.message);
    throw error;
  }
  if (body.Canonicalize === true) return sendJson(ctx.res, canonicalJob(sparse));
  // Without Canonicalize unset fields stay null, as the API's pointer fields serialise.
  const groups = ((sparse.TaskGroups as Json[]) ?? []).map((g) => ({
    ...withNulls(g, canonicalGroup({}, 'service')),
    Tasks: ((g.Tasks as Json[]) ?? []).map((t) => withNulls(t, canonicalTask({}))),
  }));
  sendJson(ctx.res, { ...withNulls(sparse, canonicalJob({})), TaskGroups: groups });
}

function jobOr404(deps: Deps, ctx: Ctx): JobRecord | null {
  const rec = findJob(deps, namespaceOf(ctx.url), ctx.params.job_id);
  if (!rec) sendError(ctx.res, 404, 'job not found');
  return rec ?? null;
}

/** Sorted job lists per simulator state (several simulators may share one process, e.g. in tests). */
const sortedCaches = new WeakMap<object, { index: number; size: number; keys: JobRecord[] }>();

function sortedJobs(deps: Deps): JobRecord[] {
  const index = deps.state.tableIndex('jobs');
  let cache = sortedCaches.get(deps.state);
  if (!cache || cache.index !== index || cache.size !== deps.state.jobs.size) {
    const keys = [...deps.state.jobs.values()].sort((a, b) => (jobToken(a) < jobToken(b) ? -1 : 1));
    sortedCaches.set(deps.state, (cache = { index, size: deps.state.jobs.size, keys }));
  }
  return cache.keys;
}

const jobToken = (rec: JobRecord): string => `${rec.job.Namespace}.${rec.job.ID}`;

const maxIndex = (values: { ModifyIndex: number }[], fallback: number): number => values.reduce((m, v) => Math.max(m, v.ModifyIndex), values.length ? 1 : fallback);

export function jobRoutes(deps: Deps): Route[] {
  const { state, views, blocking, acl } = deps;
  return [
    {
      methods: ['GET'],
      pattern: '/v1/jobs',
      handle: (ctx) => {
        const namespace = namespaceOf(ctx.url);
        let allowed: Set<string>;
        if (namespace === '*') {
          allowed = new Set(acl.namespacesWith(ctx.token, 'list-jobs', deps.namespaces));
          if (allowed.size === 0) return sendDenied(ctx.res, 'namespace:list-jobs');
        } else {
          if (!requirePermission(ctx, acl, 'namespace:list-jobs', namespace)) return;
          allowed = new Set([namespace]);
        }
        if (!checkListQuery(ctx, () => (state.jobs.size ? views.jobStub(state.jobs.values().next().value!) : undefined))) return;
        const prefix = ctx.url.searchParams.get('prefix') ?? '';
        return blocking.run(ctx, {
          tables: ['jobs', 'job_summary'],
          index: () => state.tableIndex('jobs', 'job_summary'),
          respond: (res, index) => {
            const items = sortedJobs(deps).filter((rec) => allowed.has(rec.job.Namespace) && rec.job.ID.startsWith(prefix));
            const page = listPage(ctx, { items, tokenOf: jobToken, view: (rec) => views.jobStub(rec) });
            if (!page) return;
            const headers = metaHeaders(index);
            if (page.nextToken) headers['X-Cluster-NextToken'] = page.nextToken;
            send(res, 200, page.items, 'application/json', headers);
          },
        });
      },
    },
    { methods: ['POST', 'PUT'], pattern: '/v1/jobs', handle: (ctx) => register(deps, ctx) },
    { methods: ['POST', 'PUT'], pattern: '/v1/jobs/parse', handle: (ctx) => parse(deps, ctx) },
    {
      methods: ['GET'],
      pattern: '/v1/job/:job_id',
      handle: (ctx) => {
        if (!requirePermission(ctx, acl, 'namespace:read-job')) return;
        const key = `${namespaceOf(ctx.url)}\u0000${ctx.params.job_id}`;
        return blocking.run(ctx, {
          tables: ['jobs'],
          index: () => state.jobs.get(key)?.job.ModifyIndex ?? state.tableIndex('jobs'),
          respond: (_res, index) => {
            const rec = state.jobs.get(key);
            if (!rec) return sendError(ctx.res, 404, 'job not found');
            sendJson(ctx.res, views.job(rec), index);
          },
        });
      },
    },
    { methods: ['POST', 'PUT'], pattern: '/v1/job/:job_id', handle: (ctx) => register(deps, ctx, ctx.params.job_id) },
    {
      methods: ['DELETE'],
      pattern: '/v1/job/:job_id',
      handle: (ctx) => {
        if (!requirePermission(ctx, acl, 'namespace:submit-job')) return;
        const purge = queryBool(ctx.url, 'purge');
        if (typeof purge === 'object') return sendError(ctx.res, 400, purge.error);
        const rec = jobOr404(deps, ctx);
        if (!rec) return;
        const result = deregisterJob(deps, rec, purge);
        sendJson(ctx.res, result, result.Index);
      },
    },
    {
      methods: ['GET'],
      pattern: '/v1/job/:job_id/versions',
      handle: (ctx) => {
        if (!requirePermission(ctx, acl, 'namespace:read-job')) return;
        const diffs = queryBool(ctx.url, 'diffs');
        if (typeof diffs === 'object') return sendError(ctx.res, 400, diffs.error);
        const key = `${namespaceOf(ctx.url)}\u0000${ctx.params.job_id}`;
        return blocking.run(ctx, {
          tables: ['job_version'],
          index: () => maxIndex(state.jobs.get(key)?.versions ?? [], state.tableIndex('job_version')),
          respond: (_res, index) => {
            const rec = state.jobs.get(key);
            if (!rec) return sendError(ctx.res, 404, 'job versions not found');
            const versions = rec.versions.map((v) => views.jobVersion(rec, v));
            // Diffs[i] is from version i+1 (older) to version i (newer), as Nomad orders them.
            const list = diffs ? rec.versions.slice(0, -1).map((v, i) => diffJobs(rec.versions[i + 1], v, false)) : null;
            sendJson(ctx.res, { Diffs: list, Index: index, KnownLeader: true, LastContact: 0, Versions: versions }, index);
          },
        });
      },
    },
    {
      methods: ['GET'],
      pattern: '/v1/job/:job_id/allocations',
      handle: (ctx) => {
        if (!requirePermission(ctx, acl, 'namespace:read-job')) return;
        const all = queryBool(ctx.url, 'all');
        if (typeof all === 'object') return sendError(ctx.res, 400, all.error);
        const key = `${namespaceOf(ctx.url)}\u0000${ctx.params.job_id}`;
        const current = () => {
          const rec = state.jobs.get(key);
          return state.allocsOfJob(key).filter((a) => all || !rec || a.jobCreateIndex === rec.job.CreateIndex);
        };
        return blocking.run(ctx, {
          tables: ['allocs'],
          index: () => maxIndex(state.allocsOfJob(key), state.tableIndex('allocs')),
          respond: (_res, index) => sendJson(ctx.res, current().sort((a, b) => b.CreateIndex - a.CreateIndex).map((a) => views.allocStub(a)), index),
        });
      },
    },
    {
      methods: ['GET'],
      pattern: '/v1/job/:job_id/evaluations',
      handle: (ctx) => {
        if (!requirePermission(ctx, acl, 'namespace:read-job')) return;
        const key = `${namespaceOf(ctx.url)}\u0000${ctx.params.job_id}`;
        return blocking.run(ctx, {
          tables: ['evals'],
          index: () => maxIndex(state.evalsOfJob(key), state.tableIndex('evals')),
          respond: (_res, index) => sendJson(ctx.res, state.evalsOfJob(key).slice().reverse(), index),
        });
      },
    },
    {
      methods: ['GET'],
      pattern: '/v1/job/:job_id/deployments',
      handle: (ctx) => {
        if (!requirePermission(ctx, acl, 'namespace:read-job')) return;
        const all = queryBool(ctx.url, 'all');
        if (typeof all === 'object') return sendError(ctx.res, 400, all.error);
        const key = `${namespaceOf(ctx.url)}\u0000${ctx.params.job_id}`;
        return blocking.run(ctx, {
          tables: ['deployment'],
          index: () => maxIndex(state.deploymentsOfJob(key), state.tableIndex('deployment')),
          respond: (_res, index) => {
            const rec = state.jobs.get(key);
            const list = state.deploymentsOfJob(key).filter((d) => all || !rec || d.JobCreateIndex === rec.job.CreateIndex);
            sendJson(ctx.res, list.slice().reverse(), index);
          },
        });
      },
    },
    {
      methods: ['GET'],
      pattern: '/v1/job/:job_id/deployment',
      handle: (ctx) => {
        if (!requirePermission(ctx, acl, 'namespace:read-job')) return;
        const key = `${namespaceOf(ctx.url)}\u0000${ctx.params.job_id}`;
        return blocking.run(ctx, {
          tables: ['deployment'],
          index: () => state.latestDeployment(key)?.ModifyIndex ?? state.tableIndex('deployment'),
          // Nomad answers `null` when the job has no deployment.
          respond: (_res, index) => sendJson(ctx.res, state.latestDeployment(key) ?? null, index),
        });
      },
    },
    {
      methods: ['GET'],
      pattern: '/v1/job/:job_id/summary',
      handle: (ctx) => {
        if (!requirePermission(ctx, acl, 'namespace:read-job')) return;
        const key = `${namespaceOf(ctx.url)}\u0000${ctx.params.job_id}`;
        return blocking.run(ctx, {
          tables: ['job_summary'],
          index: () => {
            const rec = state.jobs.get(key);
            return rec ? (views.summary(rec).ModifyIndex as number) : state.tableIndex('job_summary');
          },
          respond: (_res, index) => {
            const rec = state.jobs.get(key);
            if (!rec) return sendError(ctx.res, 404, 'job not found');
            sendJson(ctx.res, views.summary(rec), index);
          },
        });
      },
    },
  ];
}
