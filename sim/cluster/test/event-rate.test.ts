// Background events at a chosen rate (issue 3, Scale): the generator emits real state changes at the rate asked
// for, set from the options, the admin endpoint or setEventRate, and stops at rate 0.
import { afterEach, describe, expect, it } from 'vitest';
import { startTestCluster, type TestCluster } from './server';

let c: TestCluster | undefined;
afterEach(async () => {
  await c?.close();
  c = undefined;
});

async function until(predicate: () => boolean, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!predicate()) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

describe('event rate', () => {
  it('emits at the rate set through /_sim/event-rate, never faster, and stops at 0', async () => {
    c = await startTestCluster({ eventRate: 0 });
    const before = c.sim.emitted.total;
    const started = Date.now();
    const set = await fetch(`${c.url}/_sim/event-rate`, { method: 'POST', body: JSON.stringify({ rate: 4000 }) });
    expect(await set.json()).toEqual({ rate: 4000 });
    await until(() => c!.sim.emitted.total - before >= 2000);
    const elapsed = (Date.now() - started) / 1000;
    // 2,000 events at 4,000/s take at least half a second: the generator paces by elapsed time, not by ticks.
    expect(elapsed).toBeGreaterThanOrEqual(0.45);
    c.sim.setEventRate(0);
    expect(c.sim.eventRate).toBe(0);
    const stopped = c.sim.emitted.total;
    // Proving an absence needs some time to pass: three generator periods (50 ms each) bring nothing new.
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(c.sim.emitted.total).toBe(stopped);
    // The events are real allocation and node changes that a stream subscriber sees.
    const kinds = new Set(c.sim.emitted.list(before + 1).map((e) => `${e.Topic}/${e.Type}`));
    expect(kinds).toEqual(new Set(['Allocation/AllocationUpdated', 'Node/NodeEvent']));
  });

  it('refuses a bad rate on the admin endpoint', async () => {
    c = await startTestCluster({ eventRate: 0 });
    const res = await fetch(`${c.url}/_sim/event-rate`, { method: 'POST', body: JSON.stringify({ rate: 'fast' }) });
    expect(res.status).toBe(400);
    expect((await res.json()).error).toMatch(/rate must be a non-negative number/);
  });
});
