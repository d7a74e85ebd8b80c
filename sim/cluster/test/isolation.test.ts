// Two simulators in one process (as in the host's tests) never see each other's jobs, allocations or nodes,
// even when their seeds, sizes and indexes are identical.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestCluster, type TestCluster } from './server';

let a: TestCluster;
let b: TestCluster;
beforeAll(async () => {
  a = await startTestCluster();
  b = await startTestCluster();
});
afterAll(async () => {
  await a.close();
  await b.close();
});

const job = (id: string) => ({ Job: { ID: id, Name: id, Datacenters: ['dc1'], TaskGroups: [{ Name: 'g', Tasks: [{ Name: 't', Driver: 'docker' }] }] } });

describe('simulator instances', () => {
  it('list their own jobs', async () => {
    await a.json('/v1/jobs', { method: 'POST', json: job('only-in-a') });
    expect((await a.json('/v1/jobs')).map((j: any) => j.ID)).toContain('only-in-a');
    await b.json('/v1/jobs', { method: 'POST', json: job('only-in-b') });
    const ids = (await b.json('/v1/jobs')).map((j: any) => j.ID);
    expect(ids).toContain('only-in-b');
    expect(ids).not.toContain('only-in-a');
  });

  it('list their own allocations and nodes', async () => {
    const listA = await a.json('/v1/allocations');
    const listB = await b.json('/v1/allocations');
    expect(listA.length).toBe(listB.length);
    const target = listA.find((x: any) => x.ClientStatus === 'running' && x.JobID === 'web');
    const before = listB.find((x: any) => x.ID === target.ID).ModifyIndex;
    // A restart changes the allocation in place (no new allocation, so both lists keep the same length).
    await a.json(`/v1/client/allocation/${target.ID}/restart`, { method: 'POST', json: {} });
    expect((await a.json('/v1/allocations')).find((x: any) => x.ID === target.ID).ModifyIndex).toBeGreaterThan(before);
    // Same seed, same IDs: B's copy of that allocation is untouched.
    expect((await b.json('/v1/allocations')).find((x: any) => x.ID === target.ID).ModifyIndex).toBe(before);
    const node = (await a.json('/v1/nodes'))[0];
    await a.json(`/v1/node/${node.ID}/eligibility`, { method: 'POST', json: { Eligibility: 'ineligible' } });
    expect((await a.json('/v1/nodes'))[0].SchedulingEligibility).toBe('ineligible');
    expect((await b.json('/v1/nodes')).every((n: any) => n.ID !== node.ID || n.SchedulingEligibility === 'eligible')).toBe(true);
  });
});
