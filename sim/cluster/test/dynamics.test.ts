// The simulated world over time: allocations start, deployments succeed, flaky tasks restart then get
// rescheduled, all driven by advancing the simulated clock (no sleeps).
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startTestCluster, type TestCluster } from './server';

let c: TestCluster;
beforeEach(async () => {
  c = await startTestCluster();
});
afterEach(async () => {
  await c.close();
});

describe('dynamics', () => {
  it('walks a new allocation from pending to running through task events', async () => {
    await c.json('/v1/jobs', { method: 'POST', json: { Job: { ID: 'svc', Datacenters: ['dc1'], TaskGroups: [{ Name: 'g', Count: 1, Tasks: [{ Name: 't', Driver: 'docker', Config: { image: 'busybox' } }] }] } } });
    const [pending] = await c.json('/v1/job/svc/allocations');
    expect(pending.ClientStatus).toBe('pending');
    c.sim.advance(3000);
    const alloc = await c.json(`/v1/allocation/${pending.ID}`);
    expect(alloc.ClientStatus).toBe('running');
    const state = alloc.TaskStates.t;
    expect(state.State).toBe('running');
    expect(state.Events.map((e: any) => e.Type)).toEqual(['Received', 'Task Setup', 'Driver', 'Started']);
    expect(state.StartedAt).toMatch(/^\d{4}-\d\d-\d\dT/);
    const times = state.Events.map((e: any) => e.Time);
    expect(times.every((t: number) => Number.isInteger(t))).toBe(true);
    expect([...times].sort((a, b) => a - b)).toEqual(times);
  });

  it('turns a deployment successful once its allocations are healthy', async () => {
    const job = await c.json('/v1/job/web');
    await c.json('/v1/job/web', { method: 'POST', json: { Job: { ...job, TaskGroups: [{ ...job.TaskGroups[0], Tasks: [{ ...job.TaskGroups[0].Tasks[0], Config: { image: 'nginx:1.27' } }] }] } } });
    const deployment = await c.json('/v1/job/web/deployment');
    expect(deployment).toMatchObject({ Status: 'running', JobVersion: 1 });
    c.sim.advance(20_000);
    const done = await c.json('/v1/job/web/deployment');
    expect(done).toMatchObject({ ID: deployment.ID, Status: 'successful', StatusDescription: 'Deployment completed successfully' });
    expect(done.TaskGroups.frontend.HealthyAllocs).toBe(3);
    expect((await c.json('/v1/job/web')).Stable).toBe(true);
  });

  it('restarts a crashing task within its policy, then reschedules the allocation', async () => {
    let failed: any;
    for (let i = 0; i < 100 && !failed; i++) {
      c.sim.advance(10_000);
      failed = (await c.json('/v1/job/worker/allocations')).find((a: any) => a.ClientStatus === 'failed');
    }
    expect(failed).toBeDefined();
    const task = failed.TaskStates.consumer;
    expect(task).toMatchObject({ State: 'dead', Failed: true });
    expect(task.Restarts).toBeGreaterThanOrEqual(2); // RestartPolicy.Attempts = 2 (plus any earlier history)
    const types = task.Events.map((e: any) => e.Type);
    expect(types).toContain('Restarting');
    expect(types.at(-1)).toBe('Not Restarting');
    expect(task.Events.length).toBeLessThanOrEqual(10);
    // Default service ReschedulePolicy: unlimited, 30 s exponential delay.
    expect(failed.FollowupEvalID).toMatch(/^[0-9a-f-]{36}$/);
    const followup = (await c.json('/v1/job/worker/evaluations')).find((e: any) => e.ID === failed.FollowupEvalID);
    expect(followup).toMatchObject({ TriggeredBy: 'alloc-failure', Wait: 30_000_000_000 });
    c.sim.advance(31_000);
    const old = await c.json(`/v1/allocation/${failed.ID}`);
    expect(old.NextAllocation).toMatch(/^[0-9a-f-]{36}$/);
    const next = await c.json(`/v1/allocation/${old.NextAllocation}`);
    expect(next.PreviousAllocation).toBe(failed.ID);
    expect(next.RescheduleTracker.Events).toEqual([expect.objectContaining({ PrevAllocID: failed.ID, PrevNodeID: failed.NodeID, Delay: 30_000_000_000 })]);
  });

  it('is deterministic for a seed', async () => {
    const other = await startTestCluster();
    try {
      c.sim.advance(120_000);
      other.sim.advance(120_000);
      const a = (await c.json('/v1/allocations?namespace=*')).map((x: any) => `${x.ID}/${x.ClientStatus}/${x.ModifyIndex}`);
      const b = (await other.json('/v1/allocations?namespace=*')).map((x: any) => `${x.ID}/${x.ClientStatus}/${x.ModifyIndex}`);
      expect(a).toEqual(b);
    } finally {
      await other.close();
    }
  });
});

describe('large scale', () => {
  it('starts with 5,000 nodes, 20,000 jobs and about 100,000 allocations and pages them', async () => {
    const big = await startTestCluster({ scale: 'large', seed: 3 });
    try {
      expect(big.sim.state.nodes.size).toBe(5000);
      expect(big.sim.state.jobs.size).toBe(20_000);
      expect(big.sim.state.allocs.size).toBeGreaterThan(95_000);
      const res = await big.call('/v1/jobs?per_page=50&namespace=*');
      expect(await res.json()).toHaveLength(50);
      expect(res.headers.get('X-Cluster-NextToken')).toBeTruthy();
      expect(await big.json('/v1/allocations?per_page=100&task_states=false')).toHaveLength(100);
      expect((await big.json(`/v1/nodes?filter=${encodeURIComponent('Status == "down"')}`)).length).toBeGreaterThan(0);
    } finally {
      await big.close();
    }
  });
});
