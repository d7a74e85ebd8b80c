// The agent endpoints inside the whole simulator: real ACL tokens and real allocations from the cluster module.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startSimulator, type Simulator } from '../../index';
import { StreamReader, frameBytes } from './test-support';

let sim: Simulator;
beforeAll(async () => {
  sim = await startSimulator({ seed: 3 });
});
afterAll(() => sim?.close());

const get = (path: string, token: string | null) => fetch(sim.url + path, { headers: token ? { 'X-Cluster-Token': token } : {} });

it('serves agent endpoints with the cluster ACL: read-only tokens read, only write tokens profile', async () => {
  expect((await get('/v1/agent/members', sim.clusterReadOnlyToken)).status).toBe(200);
  expect((await get('/v1/agent/self', null)).status).toBe(403);
  expect((await get('/v1/agent/pprof/cmdline', sim.clusterToken)).status).toBe(200);
  expect((await get('/v1/agent/health', null)).status).toBe(200);
});

it('streams the log of a real allocation task', async () => {
  const allocs = (await (await get('/v1/allocations', sim.clusterToken)).json()) as { ID: string; TaskStates?: Record<string, unknown> }[];
  const alloc = allocs.find((a) => a.TaskStates && Object.keys(a.TaskStates).length > 0) ?? allocs[0];
  expect(alloc).toBeDefined();
  const detail = (await (await get(`/v1/allocation/${alloc.ID}`, sim.clusterToken)).json()) as { TaskGroup: string; Job: { TaskGroups: { Name: string; Tasks: { Name: string }[] }[] } };
  const task = detail.Job.TaskGroups.find((g) => g.Name === detail.TaskGroup)!.Tasks[0].Name;
  const reader = await StreamReader.open(`${sim.url}/v1/client/fs/logs/${alloc.ID}?task=${task}&type=stdout&origin=end&offset=2048`, sim.clusterToken);
  try {
    expect(reader.status).toBe(200);
    await reader.until((r) => r.ended);
    expect(frameBytes(reader.frames()).length).toBe(2048);
  } finally {
    reader.close();
  }
});
