// Allocations, nodes, blocking queries, the event stream and retries against the simulator over real HTTP,
// including its fault injection (5xx and 429 storms).
import { describe, expect, it } from 'vitest';
import { ClusterClient } from './index';
import { clientWith, ctx, failure, register, serviceHcl, useSimulator } from './sim-fixture';

useSimulator();

describe('allocations', () => {
  it('lists allocations; a bad prefix is refused before sending', async () => {
    const { value } = await ctx.admin.listAllocations();
    expect(value.length).toBeGreaterThan(0);
    const prefix = value[0].ID.slice(0, 4);
    const filtered = await ctx.admin.listAllocations({ prefix });
    expect(filtered.value.every((alloc) => alloc.ID.startsWith(prefix))).toBe(true);
    const error = await failure(ctx.admin.listAllocations({ prefix: value[0].ID.slice(0, 3) }));
    expect(error.code).toBe('invalid_input');
  });

  it('reads an allocation with its job redacted, and 404s an unknown id', async () => {
    const stub = (await ctx.admin.listAllocations()).value[0];
    const { value } = await ctx.admin.readAllocation(stub.ID);
    expect(value.ID).toBe(stub.ID);
    expect(value.Job?.ID).toBe(stub.JobID);
    if (value.Job?.SecretsToken) expect(value.Job.SecretsToken).toBe('<redacted>');
    const error = await failure(ctx.admin.readAllocation('00000000-0000-0000-0000-000000000000'));
    expect(error.code).toBe('not_found');
  });

  it('stops, signals and restarts a running allocation; read-only is refused with namespace:alloc-lifecycle', async () => {
    const running = (await ctx.admin.listAllocations()).value.find((alloc) => alloc.ClientStatus === 'running')!;
    expect(running).toBeTruthy();
    const task = Object.keys(running.TaskStates ?? {})[0];
    await ctx.admin.signalAllocation(running.ID, { signal: 'SIGHUP', task });
    await ctx.admin.restartAllocation(running.ID, { task });
    const denied = await failure(ctx.readOnly.stopAllocation(running.ID));
    expect(denied.code).toBe('forbidden');
    expect(denied.message).toContain('namespace:alloc-lifecycle');
    const stopped = await ctx.admin.stopAllocation(running.ID);
    expect(stopped.EvalID).toBeTruthy();
    expect((await failure(ctx.admin.signalAllocation(running.ID, { signal: 'hup' }))).code).toBe('invalid_input');
  });
});

describe('nodes', () => {
  it('lists and reads nodes with SecretID redacted; a bad prefix is refused', async () => {
    const { value } = await ctx.admin.listNodes();
    const node = (await ctx.admin.readNode(value[0].ID)).value;
    expect(node.ID).toBe(value[0].ID);
    expect(node.SecretID).toBe('<redacted>');
    expect((await failure(ctx.admin.listNodes({ prefix: 'xyz1' }))).code).toBe('invalid_input');
    expect((await failure(ctx.admin.readNode('00000000-0000-0000-0000-000000000000'))).code).toBe('not_found');
  });

  it('lists a node allocations', async () => {
    const alloc = (await ctx.admin.listAllocations()).value[0];
    const { value } = await ctx.admin.nodeAllocations(alloc.NodeID);
    expect(value.some((a) => a.ID === alloc.ID)).toBe(true);
  });

  it('evaluates, drains, sets eligibility and purges a node; read-only is refused naming node:write', async () => {
    const nodes = (await ctx.admin.listNodes()).value;
    const node = nodes[nodes.length - 1];
    const evaluated = await ctx.admin.evaluateNode(node.ID);
    expect(evaluated.NodeModifyIndex).toBeGreaterThan(0);
    const denied = await failure(ctx.readOnly.drainNode(node.ID, { deadlineNs: 60e9 }));
    expect(denied.code).toBe('forbidden');
    expect(denied.message).toContain('node:write');
    await ctx.admin.drainNode(node.ID, { deadlineNs: 60e9 });
    expect((await ctx.admin.readNode(node.ID)).value.Drain).toBe(true);
    await ctx.admin.drainNode(node.ID, null, { markEligible: true });
    expect((await ctx.admin.readNode(node.ID)).value.Drain).toBe(false);
    await ctx.admin.setNodeEligibility(node.ID, 'ineligible');
    expect((await ctx.admin.readNode(node.ID)).value.SchedulingEligibility).toBe('ineligible');
    await ctx.admin.setNodeEligibility(node.ID, 'eligible');
    await ctx.admin.purgeNode(node.ID);
    expect((await failure(ctx.admin.readNode(node.ID))).code).toBe('not_found');
  });
});

describe('blocking queries', () => {
  it('returns when the index moves', async () => {
    const job = await register(serviceHcl('qd-blocking'));
    const first = await ctx.admin.readJob(job.ID);
    const started = Date.now();
    const waiting = ctx.admin.readJob(job.ID, { index: first.index, waitMs: 20_000 });
    await ctx.admin.updateJob(job.ID, { ...first.value, Meta: { bump: '1' } });
    const next = await waiting;
    expect(next.index).toBeGreaterThan(first.index);
    expect(next.value.Meta?.bump).toBe('1');
    expect(Date.now() - started).toBeLessThan(15_000);
  });

  it('answers when the wait runs out even if nothing changed', async () => {
    const job = await register(serviceHcl('qd-quiet'));
    const first = await ctx.admin.readJob(job.ID);
    const again = await ctx.admin.readJob(job.ID, { index: first.index, waitMs: 300 });
    expect(again.value.ID).toBe(job.ID);
    expect(again.index).toBeGreaterThanOrEqual(first.index);
  });
});

describe('event stream', () => {
  it('opens the stream with topic, index and namespace; read-only without topics is refused naming management', async () => {
    const stream = await ctx.admin.openEventStream({ topics: ['Job'], index: 1 });
    expect(stream.status).toBe(200);
    stream.body.destroy();
    const error = await failure(ctx.readOnly.openEventStream());
    expect(error.code).toBe('forbidden');
    expect(error.message).toContain('management');
  });
});

describe('retries against injected faults', () => {
  it('retries a GET through 5xx faults but never a POST', async () => {
    ctx.sim.faults.set({ errorRate: 1 });
    try {
      const before = ctx.sim.faults.fired.errors;
      const getError = await failure(ctx.admin.listJobs());
      expect(getError.code).toBe('internal');
      expect(ctx.sim.faults.fired.errors - before).toBe(4); // first try + 3 retries
      const mid = ctx.sim.faults.fired.errors;
      const postError = await failure(ctx.admin.forcePeriodic('any-job'));
      expect(postError.code).toBe('internal');
      expect(ctx.sim.faults.fired.errors - mid).toBe(1);
    } finally {
      ctx.sim.faults.reset();
    }
  });

  it('recovers when a fault clears between retries', async () => {
    ctx.sim.faults.set({ errorRate: 0.5 });
    try {
      // With three retries the chance that all four tries fail is 1/16 per call; ten calls must mostly succeed.
      let ok = 0;
      for (let i = 0; i < 10; i++) ok += await ctx.admin.listNodes().then(() => 1, () => 0);
      expect(ok).toBeGreaterThanOrEqual(6);
    } finally {
      ctx.sim.faults.reset();
    }
  });

  it('honours Retry-After on 429 and ends with rate_limited', async () => {
    ctx.sim.faults.set({ rateLimitStorm: 1 });
    const limited = clientWith(ctx.sim.clusterToken);
    try {
      const error = await failure(
        new ClusterClient({ address: ctx.sim.url, namespace: 'default', tls: {}, token: async () => ctx.sim.clusterToken, retry: { maxRateLimitRetries: 1 } }).listNodes(),
      );
      expect(error.code).toBe('rate_limited');
      expect(error.status).toBe(429);
      expect((await failure(limited.evaluateNode('00000000-0000-0000-0000-000000000000'))).code).toBe('rate_limited');
    } finally {
      ctx.sim.faults.reset();
      limited.close();
    }
  });
});
