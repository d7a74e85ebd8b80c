// Contract tests of job actions: dispatch, revert, stable, evaluate, plan, periodic force and scale.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startTestCluster, type TestCluster } from './server';

let c: TestCluster;
beforeEach(async () => {
  c = await startTestCluster();
});
afterEach(async () => {
  await c.close();
});

const post = (path: string, json: unknown, token?: string) => c.call(path, { method: 'POST', json, token });
const b64 = (bytes: number) => Buffer.alloc(bytes, 7).toString('base64');

describe('POST /v1/job/:id/dispatch', () => {
  it('dispatches a child job of a parameterized job', async () => {
    const res = await post('/v1/job/video-encode/dispatch', { Payload: b64(100), Meta: { input: 's3://in/a.mp4', profile: 'hd' } });
    expect(res.status).toBe(200);
    const out = await res.json();
    expect(out.DispatchedJobID).toMatch(/^video-encode\/dispatch-\d+-[0-9a-f]{8}$/);
    expect(Number.isInteger(out.JobCreateIndex) && Number.isInteger(out.EvalCreateIndex)).toBe(true);
    const child = await c.json(`/v1/job/${encodeURIComponent(out.DispatchedJobID)}`);
    expect(child).toMatchObject({ ParentID: 'video-encode', Dispatched: true, Payload: b64(100) });
    expect(child.Meta).toMatchObject({ input: 's3://in/a.mp4', profile: 'hd' });
    expect((await c.json('/v1/job/video-encode/summary')).Children.Running).toBe(1);
  });

  it('enforces the 16384-byte payload limit after decoding', async () => {
    expect((await post('/v1/job/video-encode/dispatch', { Payload: b64(16384), Meta: { input: 'x' } })).status).toBe(200);
    const tooBig = await post('/v1/job/video-encode/dispatch', { Payload: b64(16385), Meta: { input: 'x' } });
    expect(tooBig.status).toBe(400);
    expect(await tooBig.text()).toBe('Payload exceeds maximum size; 16385 > 16384');
    expect((await post('/v1/job/video-encode/dispatch', { Payload: '***', Meta: { input: 'x' } })).status).toBe(400);
  });

  it('checks payload and meta rules', async () => {
    const noPayload = await post('/v1/job/video-encode/dispatch', { Meta: { input: 'x' } });
    expect(await noPayload.text()).toBe('Payload is not provided but required by parameterized job');
    const missing = await post('/v1/job/video-encode/dispatch', { Payload: b64(3) });
    expect(missing.status).toBe(400);
    expect(await missing.text()).toBe('Dispatch did not provide required meta keys: [input]');
    const extra = await post('/v1/job/video-encode/dispatch', { Payload: b64(3), Meta: { input: 'x', colour: 'red' } });
    expect(await extra.text()).toBe('Dispatch provided meta keys not allowed: [colour]');
    const notParam = await post('/v1/job/web/dispatch', {});
    expect(notParam.status).toBe(400);
    expect((await post('/v1/job/nope/dispatch', {})).status).toBe(404);
    expect((await post('/v1/job/video-encode/dispatch', { Payload: b64(3), Meta: { input: 'x' } }, c.tokens.readOnly)).status).toBe(403);
  });

  it('dedupes with idempotency_token', async () => {
    const body = { Payload: b64(10), Meta: { input: 'x' } };
    const first = await (await post('/v1/job/video-encode/dispatch?idempotency_token=abc', body)).json();
    const second = await (await post('/v1/job/video-encode/dispatch?idempotency_token=abc', body)).json();
    expect(second.DispatchedJobID).toBe(first.DispatchedJobID);
    expect(second.EvalID).toBe('');
    const third = await (await post('/v1/job/video-encode/dispatch?idempotency_token=def', body)).json();
    expect(third.DispatchedJobID).not.toBe(first.DispatchedJobID);
  });
});

describe('revert and stable', () => {
  async function twoVersions() {
    const job = await c.json('/v1/job/web');
    await c.json('/v1/job/web', { method: 'POST', json: { Job: { ...job, Meta: { ...job.Meta, rev: '2' } } } });
    return c.json('/v1/job/web');
  }

  it('POST revert registers an older version as a new one, with EnforcePriorVersion', async () => {
    const current = await twoVersions();
    expect(current.Version).toBe(1);
    const stale = await post('/v1/job/web/revert', { JobID: 'web', JobVersion: 0, EnforcePriorVersion: 0 });
    expect(stale.status).toBe(400);
    expect(await stale.text()).toBe('Current job has version 1; enforcing version 0');
    const ok = await post('/v1/job/web/revert', { JobID: 'web', JobVersion: 0, EnforcePriorVersion: 1 });
    expect(ok.status).toBe(200);
    expect((await ok.json()).EvalID).toMatch(/^[0-9a-f-]{36}$/);
    const reverted = await c.json('/v1/job/web');
    expect(reverted.Version).toBe(2);
    expect(reverted.Meta.rev).toBeUndefined();
    expect((await post('/v1/job/web/revert', { JobID: 'web', JobVersion: 2 })).status).toBe(400);
    expect((await post('/v1/job/web/revert', { JobID: 'web', JobVersion: 9 })).status).toBe(400);
    expect((await post('/v1/job/web/revert', { JobVersion: 0 })).status).toBe(400);
    expect((await post('/v1/job/web/revert', { JobID: 'web', JobVersion: 0 }, c.tokens.readOnly)).status).toBe(403);
  });

  it('POST stable marks a version', async () => {
    await twoVersions();
    const out = await (await post('/v1/job/web/stable', { JobID: 'web', JobVersion: 0, Stable: false })).json();
    expect(Number.isInteger(out.JobModifyIndex)).toBe(true);
    const versions = await c.json('/v1/job/web/versions');
    expect(versions.Versions.find((v: any) => v.Version === 0).Stable).toBe(false);
    await post('/v1/job/web/stable', { JobID: 'web', JobVersion: 1, Stable: true });
    expect((await c.json('/v1/job/web')).Stable).toBe(true);
    expect((await post('/v1/job/web/stable', { JobID: 'web', JobVersion: 7, Stable: true })).status).toBe(404);
    expect((await post('/v1/job/web/stable', { JobID: 'api', JobVersion: 0 })).status).toBe(400);
  });
});

describe('POST /v1/job/:id/evaluate', () => {
  it('creates an evaluation; readOnly may force one', async () => {
    const out = await (await post('/v1/job/web/evaluate', { JobID: 'web' }, c.tokens.readOnly)).json();
    const evals = await c.json('/v1/job/web/evaluations');
    expect(evals.some((e: any) => e.ID === out.EvalID)).toBe(true);
    expect((await c.call('/v1/job/web/evaluate', { method: 'POST' })).status).toBe(200);
    expect((await post('/v1/job/cleanup/evaluate', { JobID: 'cleanup' })).status).toBe(400);
    expect((await post('/v1/job/nope/evaluate', { JobID: 'nope' })).status).toBe(404);
    expect((await post('/v1/job/web/evaluate', { JobID: 'web' }, c.tokens.scaler)).status).toBe(403);
  });

  it('ForceReschedule replaces failed allocations at once', async () => {
    // Make the worker fail past its restart attempts, then force the reschedule.
    const job = await c.json('/v1/job/worker');
    job.TaskGroups[0].ReschedulePolicy = { Attempts: 0, Interval: 0, Delay: 5_000_000_000, DelayFunction: 'constant', MaxDelay: 0, Unlimited: false };
    await c.json('/v1/job/worker', { method: 'POST', json: { Job: job } });
    let failed: any;
    for (let i = 0; i < 200 && !failed; i++) {
      c.sim.advance(10_000);
      failed = (await c.json('/v1/job/worker/allocations')).find((a: any) => a.ClientStatus === 'failed');
    }
    expect(failed).toBeDefined();
    expect(failed.NextAllocation).toBe('');
    await post('/v1/job/worker/evaluate', { JobID: 'worker', EvalOptions: { ForceReschedule: true } });
    const after = await c.json(`/v1/allocation/${failed.ID}`);
    expect(after.NextAllocation).toMatch(/^[0-9a-f-]{36}$/);
    expect(after.DesiredTransition.ForceReschedule).toBe(true);
    const next = await c.json(`/v1/allocation/${after.NextAllocation}`);
    expect(next.PreviousAllocation).toBe(failed.ID);
    expect(next.RescheduleTracker.Events[0]).toMatchObject({ PrevAllocID: failed.ID, PrevNodeID: failed.NodeID });
  });
});

describe('POST /v1/job/:id/plan', () => {
  it('returns annotations and a diff without changing anything', async () => {
    const job = await c.json('/v1/job/web');
    job.TaskGroups[0].Count = 5;
    job.TaskGroups[0].Tasks[0].Config = { image: 'nginx:1.27', ports: ['http'] };
    const before = await c.json('/v1/job/web');
    const plan = await (await post('/v1/job/web/plan', { Job: job, Diff: true })).json();
    expect(plan.Annotations.DesiredTGUpdates.frontend).toEqual({ Ignore: 0, Place: 2, Migrate: 0, Stop: 0, InPlaceUpdate: 0, DestructiveUpdate: 3, Canary: 0, Preemptions: 0 });
    expect(plan.Diff.Type).toBe('Edited');
    const group = plan.Diff.TaskGroups[0];
    expect(group.Updates).toEqual({ create: 2, 'create/destroy update': 3 });
    expect(group.Fields).toContainEqual({ Type: 'Edited', Name: 'Count', Old: '3', New: '5', Annotations: ['forces create'] });
    expect(group.Tasks[0]).toMatchObject({ Type: 'Edited', Name: 'nginx', Annotations: ['forces create/destroy update'] });
    expect(plan.JobModifyIndex).toBe(before.JobModifyIndex);
    expect((await c.json('/v1/job/web')).Version).toBe(before.Version);
    const noDiff = await (await post('/v1/job/web/plan', { Job: job })).json();
    expect(noDiff.Diff).toBeNull();
  });

  it('plans a new job as Added and gives periodic jobs a next launch', async () => {
    const plan = await (await post('/v1/job/fresh/plan', { Job: { ID: 'fresh', Datacenters: ['dc1'], TaskGroups: [{ Name: 'g', Count: 1, Tasks: [{ Name: 't', Driver: 'exec' }] }] }, Diff: true })).json();
    expect(plan.Diff.Type).toBe('Added');
    expect(plan.Annotations.DesiredTGUpdates.g.Place).toBe(1);
    const cleanup = await c.json('/v1/job/cleanup');
    const periodic = await (await post('/v1/job/cleanup/plan', { Job: cleanup })).json();
    expect(periodic.NextPeriodicLaunch).toBe('2024-05-01T12:15:00.000Z');
    expect((await post('/v1/job/other/plan', { Job: cleanup })).status).toBe(400);
    expect((await post('/v1/job/cleanup/plan', { Job: cleanup }, c.tokens.readOnly)).status).toBe(403);
  });
});

describe('POST /v1/job/:id/periodic/force', () => {
  it('launches a child of a periodic job', async () => {
    const out = await (await post('/v1/job/cleanup/periodic/force', {})).json();
    expect(out.EvalID).toMatch(/^[0-9a-f-]{36}$/);
    const jobs = await c.json('/v1/jobs?prefix=cleanup/periodic-');
    expect(jobs).toHaveLength(2);
    expect((await post('/v1/job/web/periodic/force', {})).status).toBe(400);
    expect((await post('/v1/job/cleanup/periodic/force', {}, c.tokens.readOnly)).status).toBe(403);
  });
});

describe('scale', () => {
  it('GET reports counts per group', async () => {
    const status = await c.json('/v1/job/web/scale');
    expect(status).toMatchObject({ JobID: 'web', Namespace: 'default', JobStopped: false });
    expect(status.TaskGroups.frontend).toEqual({ Desired: 3, Placed: 3, Running: 3, Healthy: 3, Unhealthy: 0, Events: null });
    expect((await c.call('/v1/job/nope/scale')).status).toBe(404);
    expect((await c.call('/v1/job/web/scale', { token: c.tokens.scaler })).status).toBe(200);
  });

  it('POST scales a group and records the event', async () => {
    const out = await (await post('/v1/job/web/scale', { Count: 5, Target: { Group: 'frontend' }, Message: 'busy day' }, c.tokens.scaler)).json();
    expect(out.EvalID).toMatch(/^[0-9a-f-]{36}$/);
    const status = await c.json('/v1/job/web/scale');
    expect(status.TaskGroups.frontend.Desired).toBe(5);
    expect(status.TaskGroups.frontend.Events[0]).toMatchObject({ Count: 5, PreviousCount: 3, Message: 'busy day', Error: false });
    // The new deployment is still running: scaling again is refused.
    const blocked = await post('/v1/job/web/scale', { Count: 2, Target: { Group: 'frontend' }, Message: 'again' });
    expect(blocked.status).toBe(400);
    expect(await blocked.text()).toBe('job scaling blocked due to active deployment');
  });

  it('POST validates the request', async () => {
    const noGroup = await post('/v1/job/web/scale', { Count: 1, Target: {}, Message: 'x' });
    expect(await noGroup.text()).toBe('missing task group name for scaling action');
    const both = await post('/v1/job/web/scale', { Count: 1, Target: { Group: 'frontend' }, Message: 'x', Error: 'y' });
    expect(both.status).toBe(400);
    const neither = await post('/v1/job/web/scale', { Count: 1, Target: { Group: 'frontend' } });
    expect(neither.status).toBe(400);
    expect((await post('/v1/job/web/scale', { Count: 1, Target: { Group: 'nope' }, Message: 'x' })).status).toBe(400);
    expect((await post('/v1/job/web/scale', { Count: -1, Target: { Group: 'frontend' }, Message: 'x' })).status).toBe(400);
    expect((await post('/v1/job/api/scale', { Count: 50, Target: { Group: 'api' }, Message: 'x' })).status).toBe(400);
    expect((await post('/v1/job/web/scale', { Count: 1, Target: { Group: 'frontend' }, Message: 'x' }, c.tokens.readOnly)).status).toBe(403);
    const errorOnly = await post('/v1/job/web/scale', { Target: { Group: 'frontend' }, Error: 'autoscaler failed' });
    expect(errorOnly.status).toBe(200);
    expect((await c.json('/v1/job/web/scale')).TaskGroups.frontend.Events[0]).toMatchObject({ Count: null, Error: true, Message: 'autoscaler failed' });
  });
});
