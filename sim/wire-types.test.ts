// The wire types a strict client decodes into (design.md: integers stay integers, nanosecond times stay integers,
// timestamps keep their documented form, lists are [] or null as the real service has them), checked field by
// field over every object of real answers from both APIs, at small scale after dynamics ran and at large scale.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestCluster, type TestCluster } from './cluster/test/server';
import { readFrames } from './cluster/test/stream-reader';
import { startHarness, type Harness } from './workspace/test/harness';

/** Cluster fields and the form each must have wherever it appears. */
const INTEGER = new Set([
  'CreateIndex', 'ModifyIndex', 'JobModifyIndex', 'AllocModifyIndex', 'NodeModifyIndex', 'SnapshotIndex', 'JobCreateIndex', 'JobSpecModifyIndex', 'EvalCreateIndex', 'Index',
  'Priority', 'Count', 'Restarts', 'ExitCode', 'Signal', 'JobVersion', 'DesiredTotal', 'PlacedAllocs', 'HealthyAllocs', 'UnhealthyAllocs', 'DesiredCanaries',
  'CPU', 'MemoryMB', 'DiskMB', 'Attempts', 'MaxParallel', 'SizeMB', 'MaxFiles', 'MaxFileSizeMB',
]);
/** Job summary counts per group (names shared with booleans elsewhere, so checked only inside `Summary`). */
const SUMMARY_COUNTS = ['Queued', 'Complete', 'Failed', 'Running', 'Starting', 'Lost'];
/** Unix nanoseconds (cluster-api.md, Time values): integers of 19 digits. */
const NANOS = new Set(['CreateTime', 'ModifyTime', 'SubmitTime', 'RescheduleTime', 'Time']);
/** Durations in nanoseconds: integers. */
const DURATIONS = new Set(['KillTimeout', 'Stagger', 'MinHealthyTime', 'HealthyDeadline', 'ProgressDeadline', 'Interval', 'Delay', 'MaxDelay', 'Deadline', 'Wait', 'ShutdownDelay']);
/** ISO 8601 strings (Go's RFC 3339 with optional fraction). */
const ISO = new Set(['StartedAt', 'FinishedAt', 'LastRestart', 'Timestamp', 'UpdateTime', 'WaitUntil', 'RequireProgressBy', 'ForceDeadline', 'StartedAtTime']);
const ISO_FORM = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d{1,9})?(Z|[+-]\d\d:\d\d)$/;
/** Maps with free-form keys: their keys are data, not field names. */
const OPAQUE = new Set(['Meta', 'Env', 'Config', 'Attributes', 'Links', 'Details', 'Scores', 'Summary', 'TaskGroups', 'TaskStates', 'TaskResources', 'QueuedAllocations', 'NodesAvailable', 'Drivers', 'HostVolumes', 'GetterOptions', 'Payload']);

function checkCluster(value: unknown, path: string, problems: string[]): void {
  if (Array.isArray(value)) return value.forEach((item, i) => checkCluster(item, `${path}[${i}]`, problems));
  if (typeof value !== 'object' || value === null) return;
  for (const [key, field] of Object.entries(value)) {
    const where = `${path}.${key}`;
    if (INTEGER.has(key) && field !== null && typeof field !== 'object' && !Number.isInteger(field)) problems.push(`${where} = ${JSON.stringify(field)} is not an integer`);
    if (DURATIONS.has(key) && field !== null && typeof field !== 'object' && !Number.isInteger(field)) problems.push(`${where} = ${JSON.stringify(field)} is not integer nanoseconds`);
    if (NANOS.has(key) && field !== null && !(Number.isInteger(field) && (field === 0 || String(field).length === 19))) problems.push(`${where} = ${JSON.stringify(field)} is not Unix nanoseconds`);
    if (ISO.has(key) && field !== null && !(typeof field === 'string' && ISO_FORM.test(field))) problems.push(`${where} = ${JSON.stringify(field)} is not ISO 8601`);
    if (key === 'StatusUpdatedAt' && !(Number.isInteger(field) && String(field).length === 10)) problems.push(`${where} = ${JSON.stringify(field)} is not Unix seconds`);
    if (key === 'Events' && Array.isArray(field) && field.length > 10 && !path.endsWith('TaskGroups')) problems.push(`${where} holds ${field.length} events (latest 10 are kept)`);
    if (key === 'Summary' && field !== null && typeof field === 'object')
      for (const [group, counts] of Object.entries(field as Record<string, Record<string, unknown>>))
        for (const name of SUMMARY_COUNTS) if (!Number.isInteger(counts[name])) problems.push(`${where}[${group}].${name} = ${JSON.stringify(counts[name])} is not an integer`);
    if (key === 'Version' && typeof field !== 'string' && !Number.isInteger(field)) problems.push(`${where} = ${JSON.stringify(field)} is neither a job version integer nor a node version string`);
    if (OPAQUE.has(key) && field !== null && typeof field === 'object' && !Array.isArray(field)) {
      // Free-form keys, but the values may be records again (task states, group summaries, drivers).
      for (const [name, inner] of Object.entries(field)) if (typeof inner === 'object') checkCluster(inner, `${where}[${name}]`, problems);
      continue;
    }
    checkCluster(field, where, problems);
  }
}

/** The answer text keeps integer form: no exponent or fraction in any nanosecond or index field. */
function checkIntegerForm(text: string, problems: string[], label: string): void {
  const bad = text.match(/"(CreateTime|ModifyTime|SubmitTime|Time|RescheduleTime|CreateIndex|ModifyIndex)":-?\d+(\.\d+|[eE][+-]?\d+)/);
  if (bad) problems.push(`${label}: ${bad[0]} is not in integer form`);
}

async function collect(c: TestCluster, paths: string[]): Promise<string[]> {
  const problems: string[] = [];
  for (const path of paths) {
    const res = await c.call(path);
    const text = await res.text();
    if (res.status !== 200) {
      problems.push(`${path} -> ${res.status}: ${text.slice(0, 200)}`);
      continue;
    }
    checkIntegerForm(text, problems, path);
    checkCluster(JSON.parse(text), path, problems);
  }
  return problems;
}

describe('cluster wire types, small estate after dynamics', () => {
  let c: TestCluster;
  beforeAll(async () => {
    c = await startTestCluster();
    // Let allocations start, the crash-looping worker restart and fail, and replacements be placed.
    for (let i = 0; i < 240; i++) c.sim.advance(500);
  });
  afterAll(async () => {
    await c.close();
  });

  it('every job, allocation, evaluation, deployment and node answer has the documented forms', async () => {
    const jobs = (await c.json('/v1/jobs?namespace=*')) as { ID: string; Namespace: string }[];
    const allocs = (await c.json('/v1/allocations?namespace=*')) as { ID: string }[];
    const nodes = (await c.json('/v1/nodes')) as { ID: string }[];
    const paths = ['/v1/jobs?namespace=*', '/v1/allocations?namespace=*', '/v1/nodes'];
    for (const job of jobs) {
      const base = `/v1/job/${encodeURIComponent(job.ID)}`;
      const ns = `namespace=${job.Namespace}`;
      paths.push(`${base}?${ns}`, `${base}/versions?diffs=true&${ns}`, `${base}/allocations?all=true&${ns}`, `${base}/evaluations?${ns}`, `${base}/deployments?${ns}`, `${base}/summary?${ns}`, `${base}/scale?${ns}`);
    }
    for (const alloc of allocs) paths.push(`/v1/allocation/${alloc.ID}`);
    for (const node of nodes) paths.push(`/v1/node/${node.ID}`, `/v1/node/${node.ID}/allocations`);
    expect(await collect(c, paths)).toEqual([]);
    // The crash loop really produced restarts and failures, so those paths were exercised.
    const worker = (await c.json('/v1/job/worker/allocations')) as any[];
    expect(worker.some((a) => Object.values(a.TaskStates as Record<string, any>).some((t) => t.Restarts > 0 || t.Failed))).toBe(true);
  });

  it('empty lists are [] and absent ones null, as Nomad serialises them', async () => {
    expect(await c.json('/v1/job/no-such-job/allocations')).toEqual([]);
    expect(await c.json('/v1/job/no-such-job/evaluations')).toEqual([]);
    expect(await c.json('/v1/allocations?prefix=0000')).toEqual([]);
    const web = await c.json('/v1/job/web');
    expect(web.Constraints).toBeNull();
    expect(Array.isArray(web.TaskGroups)).toBe(true);
    const evaluation = (await c.json('/v1/job/web/evaluations'))[0];
    expect(evaluation.FailedTGAllocs).toBeNull();
  });

  it('event stream payloads have the same forms', async () => {
    const reader = readFrames(await c.call('/v1/event/stream?index=1&topic=*&namespace=*'));
    // Jobs, evaluations, deployments and node events too, not only allocation updates.
    const web = await c.json('/v1/job/web');
    web.TaskGroups[0].Tasks[0].Env = { WIRE: 'types' };
    await c.json('/v1/job/web', { method: 'POST', json: { Job: web } });
    const node = (await c.json('/v1/nodes'))[0];
    await c.json(`/v1/node/${node.ID}/drain`, { method: 'POST', json: { DrainSpec: { Deadline: 60_000_000_000 } } });
    for (let i = 0; i < 20; i++) c.sim.advance(500);
    const last = c.sim.bus.at(c.sim.bus.end - 1)!.Index;
    await reader.until((frames) => (frames as { Index?: number }[]).some((f) => f.Index === last));
    const topics = new Set((reader.frames as { Events?: { Topic: string }[] }[]).flatMap((f) => (f.Events ?? []).map((e) => e.Topic)));
    expect([...topics].sort()).toEqual(['Allocation', 'Deployment', 'Evaluation', 'Job', 'Node']);
    await reader.cancel();
    const problems: string[] = [];
    checkCluster(reader.frames, 'stream', problems);
    checkIntegerForm(reader.lines.join('\n'), problems, 'stream');
    expect(problems).toEqual([]);
  });
});

describe('cluster wire types, large estate (synthesised task histories)', () => {
  let c: TestCluster;
  beforeAll(async () => {
    c = await startTestCluster({ scale: 'large', seed: 1 });
  }, 60_000);
  afterAll(async () => {
    await c.close();
  });

  it('sampled allocations, jobs and nodes have the documented forms', async () => {
    const allocs = (await c.json('/v1/allocations?namespace=*&per_page=60')) as { ID: string; JobID: string; Namespace: string }[];
    const nodes = (await c.json('/v1/nodes?per_page=20')) as { ID: string }[];
    const paths = ['/v1/allocations?namespace=*&per_page=200', '/v1/jobs?namespace=*&per_page=200', '/v1/nodes?per_page=200'];
    for (const alloc of allocs) paths.push(`/v1/allocation/${alloc.ID}`, `/v1/job/${encodeURIComponent(alloc.JobID)}?namespace=${alloc.Namespace}`);
    for (const node of nodes) paths.push(`/v1/node/${node.ID}`);
    expect(await collect(c, paths)).toEqual([]);
  }, 60_000);
});

describe('workspace wire types', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness();
  });
  afterAll(async () => {
    await h.close();
  });

  const ISO_MS = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/;

  it('timestamps carry milliseconds, counts are integers, lists are arrays, pagination numbers are integers or null', async () => {
    const list = await h.as('user').get(`/api/v2/organizations/${h.org}/workspaces?include=current_state_version&page%5Bsize%5D=100`);
    expect(list.status).toBe(200);
    const problems: string[] = [];
    for (const ws of list.body.data) {
      const a = ws.attributes;
      for (const key of ['created-at', 'updated-at', 'latest-change-at']) if (!ISO_MS.test(a[key])) problems.push(`${ws.id} ${key} = ${a[key]}`);
      for (const key of ['tag-names', 'trigger-patterns', 'trigger-prefixes']) if (!Array.isArray(a[key])) problems.push(`${ws.id} ${key} is not an array`);
      for (const key of ['resource-count', 'apply-duration-average', 'plan-duration-average', 'policy-check-failures', 'run-failures', 'workspace-kpis-runs-count'])
        if (a[key] !== null && !Number.isInteger(a[key])) problems.push(`${ws.id} ${key} = ${a[key]}`);
      if (typeof a.locked !== 'boolean') problems.push(`${ws.id} locked is not a boolean`);
    }
    for (const sv of list.body.included ?? []) {
      const a = sv.attributes;
      if (!ISO_MS.test(a['created-at'])) problems.push(`${sv.id} created-at = ${a['created-at']}`);
      for (const key of ['size', 'serial', 'state-version']) if (!Number.isInteger(a[key])) problems.push(`${sv.id} ${key} = ${a[key]}`);
      if (!Array.isArray(a.resources)) problems.push(`${sv.id} resources is not an array`);
    }
    const pagination = list.body.meta.pagination;
    for (const key of ['current-page', 'page-size', 'total-pages', 'total-count']) if (!Number.isInteger(pagination[key])) problems.push(`pagination ${key} = ${pagination[key]}`);
    for (const key of ['prev-page', 'next-page']) if (pagination[key] !== null && !Number.isInteger(pagination[key])) problems.push(`pagination ${key} = ${pagination[key]}`);
    const projects = await h.as('user').get(`/api/v2/organizations/${h.org}/projects`);
    for (const p of projects.body.data) for (const key of ['workspace-count', 'team-count']) if (!Number.isInteger(p.attributes[key])) problems.push(`${p.id} ${key}`);
    for (const key of ['total', 'matching']) if (!Number.isInteger(projects.body.meta['status-counts'][key])) problems.push(`status-counts ${key}`);
    expect(problems).toEqual([]);
  });
});
