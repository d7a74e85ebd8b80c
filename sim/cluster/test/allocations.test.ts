// Contract tests of the allocation endpoints.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startTestCluster, type TestCluster } from './server';

let c: TestCluster;
beforeEach(async () => {
  c = await startTestCluster();
});
afterEach(async () => {
  await c.close();
});

const webAlloc = async () => (await c.json('/v1/job/web/allocations')).find((a: any) => a.ClientStatus === 'running');

describe('GET /v1/allocations', () => {
  it('lists allocation stubs in the namespace', async () => {
    const res = await c.call('/v1/allocations');
    expect(res.status).toBe(200);
    expect(Number(res.headers.get('X-Cluster-Index'))).toBeGreaterThan(1);
    const allocs = await res.json();
    expect(allocs.length).toBeGreaterThan(5);
    expect(allocs.every((a: any) => a.Namespace === 'default')).toBe(true);
    const a = allocs[0];
    expect(a).not.toHaveProperty('Job');
    expect(Number.isInteger(a.CreateTime) && Number.isInteger(a.ModifyTime)).toBe(true);
    expect(String(a.CreateTime)).toMatch(/^\d{19}$/);
    const task = Object.values(a.TaskStates as Record<string, any>)[0];
    expect(task.Events.length).toBeLessThanOrEqual(10);
    expect(task.Events[0]).toMatchObject({ Type: 'Received', DisplayMessage: 'Task received by client' });
    expect((await c.json('/v1/allocations?namespace=*')).length).toBeGreaterThan(allocs.length);
  });

  it('filters by an even-length hex prefix and refuses others', async () => {
    const all = await c.json('/v1/allocations');
    const prefix = all[0].ID.slice(0, 2);
    const some = await c.json(`/v1/allocations?prefix=${prefix}`);
    expect(some.length).toBeGreaterThan(0);
    expect(some.every((a: any) => a.ID.startsWith(prefix))).toBe(true);
    const odd = await c.call(`/v1/allocations?prefix=${all[0].ID.slice(0, 3)}`);
    expect(odd.status).toBe(400);
    expect(await odd.text()).toBe('Prefix must have an even number of hexadecimal characters');
    expect((await c.call('/v1/allocations?prefix=zz')).status).toBe(400);
  });

  it('pages with per_page and omits task states on request', async () => {
    const res = await c.call('/v1/allocations?per_page=2&task_states=false');
    const page = await res.json();
    expect(page).toHaveLength(2);
    expect(page[0].TaskStates).toBeNull();
    const next = res.headers.get('X-Cluster-NextToken')!;
    const page2 = await c.json(`/v1/allocations?per_page=2&next_token=${next}`);
    expect(page2[0].ID).toBe(next);
  });

  it('needs read-job', async () => {
    expect((await c.call('/v1/allocations', { token: c.tokens.scaler })).status).toBe(403);
    expect((await c.call('/v1/allocations', { token: c.tokens.readOnly })).status).toBe(200);
  });
});

describe('GET /v1/allocation/:id', () => {
  it('reads the full allocation including its job', async () => {
    const stub = await webAlloc();
    const res = await c.call(`/v1/allocation/${stub.ID}`);
    const alloc = await res.json();
    expect(Number(res.headers.get('X-Cluster-Index'))).toBe(alloc.ModifyIndex);
    expect(alloc.Job).toMatchObject({ ID: 'web' });
    expect(alloc.Resources).toMatchObject({ CPU: 200, MemoryMB: 128 });
    expect(alloc.TaskResources.nginx).toMatchObject({ CPU: 200 });
    expect(alloc.Metrics.NodesAvailable).toBeTypeOf('object');
    expect(alloc).toMatchObject({ DesiredStatus: 'run', ClientStatus: 'running', PreviousAllocation: '', NextAllocation: '', RescheduleTracker: null });
  });

  it('answers 400 for a partial ID and 404 for an unknown one', async () => {
    const stub = await webAlloc();
    expect((await c.call(`/v1/allocation/${stub.ID.slice(0, 8)}`)).status).toBe(400);
    const missing = await c.call('/v1/allocation/00000000-0000-4000-8000-000000000000');
    expect(missing.status).toBe(404);
    expect(await missing.text()).toBe('alloc not found');
    expect((await c.call(`/v1/allocation/${stub.ID}`, { token: c.tokens.scaler })).status).toBe(403);
  });
});

describe('POST|PUT /v1/allocation/:id/stop', () => {
  it('stops and reschedules the allocation', async () => {
    const stub = await webAlloc();
    const out = await c.json(`/v1/allocation/${stub.ID}/stop`, { method: 'PUT' });
    expect(out.EvalID).toMatch(/^[0-9a-f-]{36}$/);
    expect(Number.isInteger(out.Index)).toBe(true);
    const old = await c.json(`/v1/allocation/${stub.ID}`);
    expect(old.DesiredStatus).toBe('stop');
    expect(old.DesiredTransition.Migrate).toBe(true);
    expect(old.NextAllocation).toMatch(/^[0-9a-f-]{36}$/);
    c.sim.advance(3000);
    expect((await c.json(`/v1/allocation/${stub.ID}`)).ClientStatus).toBe('complete');
    const live = (await c.json('/v1/job/web/allocations')).filter((a: any) => a.DesiredStatus === 'run');
    expect(live).toHaveLength(3);
    expect((await c.call(`/v1/allocation/${stub.ID}/stop`, { method: 'POST', token: c.tokens.readOnly })).status).toBe(403);
  });
});

describe('client signal and restart', () => {
  it('POST signal records a Signaling event on every task', async () => {
    const stub = await webAlloc();
    const res = await c.call(`/v1/client/allocation/${stub.ID}/signal`, { method: 'POST', json: { Signal: 'SIGHUP' } });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({});
    const alloc = await c.json(`/v1/allocation/${stub.ID}`);
    const last = alloc.TaskStates.nginx.Events.at(-1);
    expect(last).toMatchObject({ Type: 'Signaling', TaskSignal: 'SIGHUP' });
    expect(alloc.TaskStates.nginx.Events.length).toBeLessThanOrEqual(10);
  });

  it('signal validates the signal, the task and the state', async () => {
    const stub = await webAlloc();
    expect((await c.call(`/v1/client/allocation/${stub.ID}/signal`, { method: 'PUT', json: { Signal: 'SIGNOPE' } })).status).toBe(400);
    expect((await c.call(`/v1/client/allocation/${stub.ID}/signal`, { method: 'PUT', json: { Signal: 'SIGHUP', Task: 'nope' } })).status).toBe(400);
    const unknown = await c.call('/v1/client/allocation/00000000-0000-4000-8000-000000000000/signal', { method: 'POST', json: {} });
    expect(unknown.status).toBe(404);
    expect((await c.call(`/v1/client/allocation/${stub.ID}/signal`, { method: 'POST', json: { Signal: 'SIGHUP' }, token: c.tokens.readOnly })).status).toBe(403);
    const done = (await c.json('/v1/job/report-nightly/allocations'))[0];
    expect((await c.call(`/v1/client/allocation/${done.ID}/signal`, { method: 'POST', json: { Signal: 'SIGHUP' } })).status).toBe(400);
  });

  it('POST restart restarts tasks in place', async () => {
    const stub = await webAlloc();
    const res = await c.call(`/v1/client/allocation/${stub.ID}/restart`, { method: 'POST', json: { Task: 'nginx' } });
    expect(res.status).toBe(200);
    let state = (await c.json(`/v1/allocation/${stub.ID}`)).TaskStates.nginx;
    expect(state.State).toBe('pending');
    expect(state.Events.map((e: any) => e.Type).slice(-3)).toEqual(['Restart Signaled', 'Terminated', 'Restarting']);
    c.sim.advance(2000);
    state = (await c.json(`/v1/allocation/${stub.ID}`)).TaskStates.nginx;
    expect(state.State).toBe('running');
    expect(state.Restarts).toBeGreaterThanOrEqual(1);
    expect(state.Events.at(-1).Type).toBe('Started');
    expect((await c.call(`/v1/client/allocation/${stub.ID}/restart`, { method: 'PUT', json: { Task: 'x' } })).status).toBe(400);
    expect((await c.call(`/v1/client/allocation/${stub.ID}/restart`, { method: 'PUT', json: {}, token: c.tokens.readOnly })).status).toBe(403);
  });
});
