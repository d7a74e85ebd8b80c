// The estate a simulator starts with, deterministic from its seed: small = 3 nodes and 10 jobs (a batch, a
// parameterized, a periodic and a system job among them); large = 5,000 nodes, 20,000 jobs, ~100,000 allocations.
// Records are written directly (no events): the event buffer of a fresh server is empty.
import type { AllocRecord, Evaluation, Job, JobRecord, NodeRecord, TaskGroup } from './model';
import { newJobRecord } from './model';
import type { ClusterState } from './state';
import type { Rng } from '../rng';
import { canonicalJob, NS } from './job-shape';
import { NODE_TEMPLATES, sharedGroup, templateIndex } from './templates';
import type { Scale } from '../types';
import type { Views } from './views';

interface Ctx {
  state: ClusterState;
  rng: Rng;
  nowMs: number;
  index: number;
  /** Share of generated service allocations that start out failed (large estates only). */
  failureRate: number;
  eligible: Map<string, NodeRecord[]>;
}

const ms2ns = (ms: number): number => Math.round(ms) * 1_000_000;

function makeNode(ctx: Ctx, i: number, name: string, datacenter: string, template: number): NodeRecord {
  const index = ++ctx.index;
  const registeredMs = ctx.nowMs - ctx.rng.int(3, 30) * 86_400_000;
  const node: NodeRecord = {
    ID: ctx.rng.uuid(),
    SecretID: ctx.rng.uuid(),
    Name: name,
    Datacenter: datacenter,
    NodeClass: NODE_TEMPLATES[template].NodeClass,
    Address: `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${(i & 255) + 1 > 255 ? 1 : (i & 255) + 1}`,
    Status: 'ready',
    StatusDescription: '',
    StatusUpdatedAt: Math.floor((ctx.nowMs - ctx.rng.int(10, 3600) * 1000) / 1000),
    SchedulingEligibility: 'eligible',
    Drain: false,
    DrainStrategy: null,
    LastDrain: null,
    Events: [{ Message: 'Node registered', Subsystem: 'Cluster', Details: null, Timestamp: new Date(registeredMs).toISOString(), CreateIndex: index }],
    template,
    driverHealth: {},
    CreateIndex: index,
    ModifyIndex: index,
    drainDeadlineAt: 0,
  };
  ctx.state.nodes.set(node.ID, node);
  return node;
}

function makeJob(ctx: Ctx, fields: Partial<Job> & { ID: string; Type: string }, groups: TaskGroup[]): JobRecord {
  const index = ++ctx.index;
  const job = canonicalJob({ ...fields, Datacenters: fields.Datacenters ?? ['dc1', 'dc2'], TaskGroups: [] });
  job.TaskGroups = groups;
  job.CreateIndex = job.ModifyIndex = job.JobModifyIndex = index;
  job.SubmitTime = ms2ns(ctx.nowMs - ctx.rng.int(3600, 14 * 86_400) * 1000);
  job.Stable = job.Type === 'service';
  const rec = newJobRecord(job);
  ctx.state.jobs.set(rec.key, rec);
  const evaluation: Evaluation = {
    ID: ctx.rng.uuid(), Namespace: job.Namespace, Priority: job.Priority, Type: job.Type, TriggeredBy: 'job-register', JobID: job.ID, JobModifyIndex: index, NodeID: '', NodeModifyIndex: 0,
    DeploymentID: '', Status: 'complete', StatusDescription: '', Wait: 0, WaitUntil: '0001-01-01T00:00:00Z', NextEval: '', PreviousEval: '', BlockedEval: '', RelatedEvals: null, FailedTGAllocs: null,
    ClassEligibility: null, QuotaLimitReached: '', EscapedComputedClass: false, AnnotatePlan: false, QueuedAllocations: Object.fromEntries(groups.map((g) => [g.Name, 0])), LeaderACL: '',
    SnapshotIndex: index, CreateIndex: index, ModifyIndex: index, CreateTime: job.SubmitTime, ModifyTime: job.SubmitTime,
  };
  ctx.state.addEval(evaluation, rec.key);
  return rec;
}

/** Ready nodes per datacenter list, computed once per list (20,000 jobs share a handful of lists). */
function eligibleFor(ctx: Ctx, nodes: NodeRecord[], datacenters: string[]): NodeRecord[] {
  const key = datacenters.join(',');
  let list = ctx.eligible.get(key);
  if (!list) ctx.eligible.set(key, (list = nodes.filter((n) => n.Status === 'ready' && (datacenters.includes('*') || datacenters.includes(n.Datacenter)))));
  return list;
}

function placeSteady(ctx: Ctx, rec: JobRecord, nodes: NodeRecord[], deploymentId = ''): void {
  const job = rec.job;
  const evalId = ctx.state.evalsByJob.get(rec.key)?.[0] ?? '';
  const isParent = (job.Periodic || job.ParameterizedJob) && !job.Dispatched;
  if (isParent) return;
  const eligible = eligibleFor(ctx, nodes, job.Datacenters);
  for (const group of job.TaskGroups) {
    const targets = job.Type === 'system' ? eligible : Array.from({ length: group.Count }, () => ctx.rng.pick(eligible));
    targets.forEach((node, i) => {
      const index = ++ctx.index;
      const created = ctx.nowMs - ctx.rng.int(600, 7 * 86_400) * 1000;
      const roll = ctx.rng.next();
      const batch = job.Type === 'batch';
      const status: AllocRecord['ClientStatus'] = batch ? 'complete' : roll < ctx.failureRate ? 'failed' : 'running';
      const alloc: AllocRecord = {
        ID: ctx.rng.uuid(), EvalID: evalId, Name: `${job.ID}.${group.Name}[${i}]`, Namespace: job.Namespace, NodeID: node.ID, JobID: job.ID, jobKey: rec.key, JobVersion: job.Version, jobCreateIndex: job.CreateIndex,
        TaskGroup: group.Name, DeploymentID: deploymentId, DesiredStatus: 'run', DesiredDescription: '', ClientStatus: status,
        ClientDescription: status === 'running' ? 'Tasks are running' : status === 'complete' ? 'All tasks have completed' : 'Failed tasks',
        DesiredTransition: { Migrate: null, Reschedule: null, ForceReschedule: null },
        DeploymentStatus: job.Type === 'service' ? { Healthy: status === 'running', Timestamp: new Date(created + 15_000).toISOString(), Canary: false, ModifyIndex: index } : null,
        FollowupEvalID: '', PreviousAllocation: '', NextAllocation: '', RescheduleTracker: null, TaskStates: null,
        CreateIndex: index, ModifyIndex: index, AllocModifyIndex: index, CreateTime: ms2ns(created), ModifyTime: ms2ns(created + (batch ? 90_000 : 15_000)), dueAt: 0, phase: '',
      };
      ctx.state.addAlloc(alloc);
    });
  }
}

function steadyDeployment(ctx: Ctx, rec: JobRecord): string {
  const job = rec.job;
  const index = ++ctx.index;
  const id = ctx.rng.uuid();
  const groups = Object.fromEntries(
    job.TaskGroups.map((g) => [g.Name, { AutoRevert: false, AutoPromote: false, ProgressDeadline: 600 * NS, RequireProgressBy: new Date(ctx.nowMs - 3_600_000).toISOString(), Promoted: false, PlacedCanaries: null, DesiredCanaries: 0, DesiredTotal: g.Count, PlacedAllocs: g.Count, HealthyAllocs: g.Count, UnhealthyAllocs: 0 }]),
  );
  ctx.state.addDeployment(
    { ID: id, Namespace: job.Namespace, JobID: job.ID, JobVersion: job.Version, JobModifyIndex: job.JobModifyIndex, JobSpecModifyIndex: job.JobModifyIndex, JobCreateIndex: job.CreateIndex, IsMultiregion: false, TaskGroups: groups, Status: 'successful', StatusDescription: 'Deployment completed successfully', EvalPriority: job.Priority, CreateIndex: index, ModifyIndex: index },
    rec.key,
  );
  return id;
}

const g = (name: string, count: number, type: string): TaskGroup => sharedGroup(templateIndex(name), count, type);

function generateSmall(ctx: Ctx): void {
  const nodes = [makeNode(ctx, 1, 'client-1', 'dc1', 0), makeNode(ctx, 2, 'client-2', 'dc1', 1), makeNode(ctx, 3, 'client-3', 'dc2', 2)];
  nodes[0].driverHealth = { raw_exec: false };
  const jobs: [Partial<Job> & { ID: string; Type: string }, TaskGroup[]][] = [
    [{ ID: 'web', Type: 'service', Meta: { team: 'frontend', tier: 'edge' } }, [g('frontend', 3, 'service')]],
    [{ ID: 'api', Type: 'service', Priority: 70, Meta: { team: 'platform' } }, [g('api', 2, 'service'), g('cache', 1, 'service')]],
    [{ ID: 'worker', Type: 'service', Meta: { team: 'platform' } }, [g('worker', 2, 'service')]],
    [{ ID: 'postgres', Type: 'service', Datacenters: ['dc2'], Priority: 80 }, [g('db', 1, 'service')]],
    [{ ID: 'report-nightly', Type: 'batch' }, [g('report', 1, 'batch')]],
    [{ ID: 'video-encode', Type: 'batch', ParameterizedJob: { Payload: 'required', MetaRequired: ['input'], MetaOptional: ['profile'] } }, [g('encode', 1, 'batch')]],
    [{ ID: 'cleanup', Type: 'batch', Periodic: { Enabled: true, Spec: '*/15 * * * *', SpecType: 'cron', ProhibitOverlap: true, TimeZone: 'UTC' } }, [g('report', 1, 'batch')]],
    [{ ID: 'log-shipper', Type: 'system', Datacenters: ['*'], Priority: 90 }, [g('shipper', 1, 'system')]],
    [{ ID: 'billing', Type: 'service', Namespace: 'ops', Meta: { team: 'finance' } }, [g('api', 1, 'service')]],
  ];
  for (const [fields, groups] of jobs) {
    const rec = makeJob(ctx, fields, groups);
    placeSteady(ctx, rec, nodes, rec.job.Type === 'service' ? steadyDeployment(ctx, rec) : '');
  }
  const parent = ctx.state.jobs.get('default\u0000cleanup')!;
  const launch = Math.floor((ctx.nowMs - 900_000) / 1000);
  const child = makeJob(ctx, { ID: `cleanup/periodic-${launch}`, Type: 'batch', ParentID: 'cleanup' }, [g('report', 1, 'batch')]);
  parent.children.add(child.key);
  placeSteady(ctx, child, nodes);
  // The worker's tasks are flaky from the start, so restarts and reschedules show without any action.
  for (const alloc of ctx.state.allocsOfJob('default\u0000worker')) {
    alloc.phase = 'crash';
    alloc.dueAt = ctx.nowMs + ctx.rng.int(20_000, 60_000);
    ctx.state.active.add(alloc.ID);
  }
}

const PREFIXES = ['web', 'api', 'cache', 'worker', 'db', 'etl', 'billing', 'search', 'auth', 'media', 'ledger', 'notify', 'gateway', 'ingest', 'ml'];
const COMBOS: [string, number][][] = [[['frontend', 5]], [['api', 3], ['cache', 2]], [['worker', 4], ['cache', 1]], [['api', 2], ['frontend', 2], ['cache', 1]], [['db', 1], ['api', 4]]];

function generateLarge(ctx: Ctx): void {
  const nodes: NodeRecord[] = [];
  for (let i = 0; i < 5000; i++) {
    const node = makeNode(ctx, i + 1, `node-${String(i).padStart(4, '0')}`, `dc${(i % 3) + 1}`, ctx.rng.int(0, 2));
    const roll = ctx.rng.next();
    if (roll < 0.01) Object.assign(node, { Status: 'down', StatusDescription: 'node heartbeat missed' });
    else if (roll < 0.015) Object.assign(node, { Status: 'initializing', StatusDescription: 'node is initializing' });
    else if (roll < 0.03) node.SchedulingEligibility = 'ineligible';
    nodes.push(node);
  }
  for (let i = 0; i < 20_000; i++) {
    const namespace = i % 20 < 14 ? 'default' : i % 20 < 17 ? 'ops' : 'data';
    const id = `${PREFIXES[i % PREFIXES.length]}-${String(i).padStart(5, '0')}`;
    const datacenters = i % 7 === 0 ? ['dc1', 'dc2', 'dc3'] : [`dc${(i % 3) + 1}`];
    let rec: JobRecord;
    if (i === 0) rec = makeJob(ctx, { ID: 'log-shipper', Type: 'system', Datacenters: ['*'], Priority: 90 }, [g('shipper', 1, 'system')]);
    else if (i % 200 === 1) rec = makeJob(ctx, { ID: `${id}-dispatch`, Type: 'batch', Namespace: namespace, Datacenters: datacenters, ParameterizedJob: { Payload: 'optional', MetaRequired: null, MetaOptional: ['profile'] } }, [g('encode', 1, 'batch')]);
    else if (i % 250 === 2) rec = makeJob(ctx, { ID: `${id}-cron`, Type: 'batch', Namespace: namespace, Datacenters: datacenters, Periodic: { Enabled: true, Spec: '0 * * * *', SpecType: 'cron', ProhibitOverlap: true, TimeZone: 'UTC' } }, [g('report', 1, 'batch')]);
    else if (i % 10 === 3) rec = makeJob(ctx, { ID: `${id}-batch`, Type: 'batch', Namespace: namespace, Datacenters: datacenters }, [g('report', 5, 'batch')]);
    else {
      const combo = COMBOS[i % COMBOS.length].map(([name, count], k) => g(name, i % 4 === 0 && k === 0 ? Math.max(1, count - 1) : count, 'service'));
      rec = makeJob(ctx, { ID: id, Type: 'service', Namespace: namespace, Datacenters: datacenters, Priority: 50, Meta: { team: PREFIXES[(i * 7) % PREFIXES.length], tier: i % 3 === 0 ? 'critical' : 'standard' } }, combo);
    }
    placeSteady(ctx, rec, nodes);
  }
}

export function generateEstate(state: ClusterState, views: Views, rng: Rng, nowMs: number, scale: Scale): void {
  const ctx: Ctx = { state, rng, nowMs, index: 10, failureRate: scale === 'large' ? 0.01 : 0, eligible: new Map() };
  if (scale === 'large') generateLarge(ctx);
  else generateSmall(ctx);
  state.index = ctx.index;
  for (const rec of state.jobs.values()) rec.job.Status = views.jobStatus(rec);
  for (const table of ['jobs', 'job_summary', 'job_version', 'allocs', 'evals', 'deployment', 'nodes'] as const) state.tables.set(table, ctx.index);
}
