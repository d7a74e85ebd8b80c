// The cluster's /_sim/* routes: every one answers (a bad value is a 400 naming it, never a hung request) and does
// what it says: buffer size, clock, tick, burst, limits, counts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestCluster, type TestCluster } from './server';

let c: TestCluster;
beforeAll(async () => {
  c = await startTestCluster();
});
afterAll(async () => {
  await c.close();
});

const post = async (path: string, body: unknown) => {
  const res = await fetch(c.url + path, { method: 'POST', body: JSON.stringify(body), signal: AbortSignal.timeout(5000) });
  return { status: res.status, body: await res.json() };
};

describe('/_sim admin routes of the cluster', () => {
  it('refuses bad values with a 400 naming them', async () => {
    for (const [path, body, message] of [
      ['/_sim/event-buffer', { size: 0 }, /size must be at least 1/],
      ['/_sim/event-buffer', { size: 'big' }, /size must be a non-negative number/],
      ['/_sim/clock', { paused: 'yes' }, /paused must be true or false/],
      ['/_sim/tick', { ms: -5 }, /ms must be a non-negative number/],
      ['/_sim/events/burst', { count: 'many' }, /count must be a non-negative number/],
      ['/_sim/limits', { maxConnsPerClient: null }, /maxConnsPerClient must be a non-negative number/],
    ] as const) {
      const answer = await post(path, body);
      expect(answer.status, path).toBe(400);
      expect(answer.body.error, path).toMatch(message);
    }
  });

  it('resizes the event buffer, ticks the clock, bursts events and reports counts', async () => {
    expect((await post('/_sim/event-buffer', { size: 10 })).body).toMatchObject({ size: 10 });
    const burst = await post('/_sim/events/burst', { count: 120 });
    expect(burst.body.emitted).toBe(120);
    const buffer = await (await fetch(`${c.url}/_sim/event-buffer`)).json();
    expect(buffer.size).toBe(10);
    expect(buffer.newestIndex).toBe(burst.body.index);
    const before = await (await fetch(`${c.url}/_sim/clock`)).json();
    const tick = await post('/_sim/tick', { ms: 60_000 });
    expect(Date.parse(tick.body.now) - Date.parse(before.now)).toBe(60_000);
    expect((await post('/_sim/clock', { paused: true })).body.paused).toBe(true);
    expect((await post('/_sim/limits', { maxConnsPerClient: 7 })).body).toEqual({ maxConnsPerClient: 7 });
    const counts = await (await fetch(`${c.url}/_sim/cluster`)).json();
    expect(counts).toMatchObject({ jobs: expect.any(Number), allocations: expect.any(Number), nodes: 3, tokens: { management: c.token } });
  });
});
