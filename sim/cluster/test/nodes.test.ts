// Contract tests of the node endpoints, including drains that migrate allocations.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startTestCluster, type TestCluster } from './server';

let c: TestCluster;
beforeEach(async () => {
  c = await startTestCluster();
});
afterEach(async () => {
  await c.close();
});

const nodeNamed = async (name: string) => (await c.json('/v1/nodes')).find((n: any) => n.Name === name);
const post = (path: string, json?: unknown, token?: string) => c.call(path, { method: 'POST', json, token });

describe('GET /v1/nodes and /v1/node/:id', () => {
  it('lists node stubs; prefix must be even-length hex', async () => {
    const res = await c.call('/v1/nodes');
    const nodes = await res.json();
    expect(nodes).toHaveLength(3);
    expect(nodes[0]).toMatchObject({ Status: 'ready', SchedulingEligibility: 'eligible', Drain: false, Version: '1.7.7' });
    expect(nodes[0].Drivers.docker).toMatchObject({ Detected: true, Healthy: true });
    expect(nodes[0]).not.toHaveProperty('SecretID');
    const prefix = nodes[1].ID.slice(0, 4);
    expect((await c.json(`/v1/nodes?prefix=${prefix}`)).map((n: any) => n.ID)).toEqual([nodes[1].ID]);
    expect((await c.call(`/v1/nodes?prefix=${nodes[1].ID.slice(0, 3)}`)).status).toBe(400);
    expect((await c.call('/v1/nodes', { token: c.tokens.noNode })).status).toBe(403);
    const filtered = await c.json(`/v1/nodes?filter=${encodeURIComponent('Datacenter == "dc2"')}`);
    expect(filtered.map((n: any) => n.Name)).toEqual(['client-3']);
  });

  it('reads a node with SecretID, drivers, events and host volumes', async () => {
    const stub = await nodeNamed('client-1');
    const node = await c.json(`/v1/node/${stub.ID}`);
    expect(node.SecretID).toMatch(/^[0-9a-f-]{36}$/);
    expect(node.Drivers.raw_exec).toMatchObject({ Healthy: false, Attributes: null });
    expect(node.Events[0]).toMatchObject({ Message: 'Node registered', Subsystem: 'Cluster' });
    expect(node.HostVolumes.scratch).toEqual({ Name: 'scratch', Path: '/opt/scratch', ReadOnly: false });
    expect(Number.isInteger(node.StatusUpdatedAt)).toBe(true);
    expect(node.NodeResources.Cpu.CpuShares).toBeGreaterThan(0);
    expect((await c.call(`/v1/node/${stub.ID.slice(0, 8)}`)).status).toBe(400);
    const missing = await c.call('/v1/node/00000000-0000-4000-8000-000000000000');
    expect(missing.status).toBe(404);
    expect(await missing.text()).toBe('node not found');
  });

  it('GET /v1/node/:id/allocations includes each Job and needs read-job too', async () => {
    const stub = await nodeNamed('client-1');
    const allocs = await c.json(`/v1/node/${stub.ID}/allocations`);
    expect(allocs.length).toBeGreaterThan(0);
    expect(allocs.every((a: any) => a.NodeID === stub.ID && a.Job && a.Job.ID === a.JobID)).toBe(true);
    expect((await c.call(`/v1/node/${stub.ID}/allocations`, { token: c.tokens.noNode })).status).toBe(403);
  });
});

describe('node writes', () => {
  it('POST evaluate creates evaluations', async () => {
    const stub = await nodeNamed('client-2');
    const out = await (await post(`/v1/node/${stub.ID}/evaluate`)).json();
    expect(out.EvalIDs.length).toBeGreaterThan(0);
    expect(out).toMatchObject({ NumNodes: 3, KnownLeader: false, LastContact: 0 });
    expect(out.Servers[0]).toMatchObject({ Datacenter: 'dc1', RPCMajorVersion: 1 });
    expect(Number.isInteger(out.HeartbeatTTL)).toBe(true);
    expect((await post(`/v1/node/${stub.ID}/evaluate`, undefined, c.tokens.readOnly)).status).toBe(403);
  });

  it('POST drain migrates allocations, keeps system jobs when asked, then completes', async () => {
    const nodes = await c.json('/v1/nodes');
    const counts = await Promise.all(nodes.map(async (n: any) => (await c.json(`/v1/node/${n.ID}/allocations`)).filter((a: any) => a.Job.Type === 'service' && a.ClientStatus === 'running').length));
    const stub = nodes[counts.indexOf(Math.max(...counts))];
    const before = (await c.json(`/v1/node/${stub.ID}/allocations`)).filter((a: any) => a.DesiredStatus === 'run' && a.ClientStatus === 'running');
    const movable = before.filter((a: any) => a.Job.Type !== 'system');
    expect(movable.length).toBeGreaterThan(0);
    const out = await (await post(`/v1/node/${stub.ID}/drain`, { DrainSpec: { Deadline: 3_600_000_000_000, IgnoreSystemJobs: true } })).json();
    expect(Number.isInteger(out.NodeModifyIndex)).toBe(true);
    let node = await c.json(`/v1/node/${stub.ID}`);
    expect(node).toMatchObject({ Drain: true, SchedulingEligibility: 'ineligible' });
    expect(node.DrainStrategy).toMatchObject({ Deadline: 3_600_000_000_000, IgnoreSystemJobs: true });
    expect(node.Events.at(-1).Message).toBe('Node drain strategy set');
    c.sim.advance(20_000);
    let replaced = 0;
    for (const a of movable) {
      const old = await c.json(`/v1/allocation/${a.ID}`);
      expect(old.DesiredTransition.Migrate).toBe(true);
      expect(old.DesiredStatus).toBe('stop');
      // A job confined to this node's datacenter has nowhere to go: its replacement stays queued (blocked eval).
      if (!old.NextAllocation) {
        expect((await c.json(`/v1/job/${a.JobID}/evaluations`)).some((e: any) => e.Status === 'blocked')).toBe(true);
        continue;
      }
      const next = await c.json(`/v1/allocation/${old.NextAllocation}`);
      expect(next.NodeID).not.toBe(stub.ID);
      expect(next.PreviousAllocation).toBe(a.ID);
      replaced++;
    }
    expect(replaced).toBeGreaterThan(0);
    node = await c.json(`/v1/node/${stub.ID}`);
    expect(node).toMatchObject({ Drain: false, DrainStrategy: null, SchedulingEligibility: 'ineligible' });
    expect(node.LastDrain.Status).toBe('complete');
    expect(node.Events.at(-1).Message).toBe('Node drain complete');
    const system = (await c.json(`/v1/node/${stub.ID}/allocations`)).filter((a: any) => a.Job.Type === 'system');
    expect(system.every((a: any) => a.DesiredStatus === 'run')).toBe(true);
  });

  it('POST drain with a null DrainSpec cancels and MarkEligible re-enables', async () => {
    const stub = await nodeNamed('client-2');
    await post(`/v1/node/${stub.ID}/drain`, { DrainSpec: { Deadline: 0 } });
    const out = await (await post(`/v1/node/${stub.ID}/drain`, { DrainSpec: null, MarkEligible: true })).json();
    expect(Array.isArray(out.EvalIDs)).toBe(true);
    const node = await c.json(`/v1/node/${stub.ID}`);
    expect(node).toMatchObject({ Drain: false, DrainStrategy: null, SchedulingEligibility: 'eligible' });
    expect((await post(`/v1/node/${stub.ID}/drain`, { DrainSpec: { IgnoreSystemJobs: true } })).status).toBe(400);
    expect((await post(`/v1/node/${stub.ID}/drain`, { DrainSpec: null }, c.tokens.readOnly)).status).toBe(403);
  });

  it('POST drain with a passed deadline force-migrates everything and stops system jobs', async () => {
    const stub = await nodeNamed('client-3');
    await post(`/v1/node/${stub.ID}/drain`, { DrainSpec: { Deadline: -1, IgnoreSystemJobs: false } });
    c.sim.advance(10_000);
    const allocs = await c.json(`/v1/node/${stub.ID}/allocations`);
    expect(allocs.every((a: any) => a.DesiredStatus === 'stop')).toBe(true);
    expect((await c.json(`/v1/node/${stub.ID}`)).Drain).toBe(false);
  });

  it('POST eligibility toggles scheduling eligibility', async () => {
    const stub = await nodeNamed('client-2');
    const out = await (await post(`/v1/node/${stub.ID}/eligibility`, { Eligibility: 'ineligible' })).json();
    expect(out.NodeModifyIndex).toBeGreaterThan(stub.ModifyIndex);
    expect((await c.json(`/v1/node/${stub.ID}`)).SchedulingEligibility).toBe('ineligible');
    await post(`/v1/node/${stub.ID}/eligibility`, { Eligibility: 'eligible' });
    expect((await c.json(`/v1/node/${stub.ID}`)).SchedulingEligibility).toBe('eligible');
    expect((await post(`/v1/node/${stub.ID}/eligibility`, { Eligibility: 'maybe' })).status).toBe(400);
    expect((await post(`/v1/node/${stub.ID}/eligibility`, {})).status).toBe(400);
    await post(`/v1/node/${stub.ID}/drain`, { DrainSpec: { Deadline: 0 } });
    const refused = await post(`/v1/node/${stub.ID}/eligibility`, { Eligibility: 'eligible' });
    expect(refused.status).toBe(400);
    expect((await post(`/v1/node/${stub.ID}/eligibility`, { Eligibility: 'ineligible' }, c.tokens.readOnly)).status).toBe(403);
  });

  it('POST purge removes the node and replaces its allocations', async () => {
    const stub = await nodeNamed('client-2');
    const onNode = (await c.json(`/v1/node/${stub.ID}/allocations`)).filter((a: any) => a.ClientStatus === 'running' && a.Job.Type !== 'system');
    const out = await (await post(`/v1/node/${stub.ID}/purge`)).json();
    expect(out.NumNodes).toBe(2);
    expect((await c.call(`/v1/node/${stub.ID}`)).status).toBe(404);
    for (const a of onNode) {
      const lost = await c.json(`/v1/allocation/${a.ID}`);
      expect(lost.ClientStatus).toBe('lost');
    }
    const live = (await c.json(`/v1/job/${onNode[0].JobID}/allocations`)).filter((a: any) => a.DesiredStatus === 'run');
    expect(live.every((a: any) => a.NodeID !== stub.ID)).toBe(true);
    expect((await post(`/v1/node/${stub.ID}/purge`)).status).toBe(404);
  });
});
