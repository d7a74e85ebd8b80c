// A subscriber that stops reading while events keep coming falls out of the bounded buffer: the stream skips
// ahead silently to the oldest buffered event (cluster-api.md, Event stream), in order, without duplicates.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestCluster, type TestCluster } from './server';

let c: TestCluster;
beforeAll(async () => {
  c = await startTestCluster({ eventBufferSize: 300 });
});
afterAll(async () => {
  await c.close();
});

type Event = { Index: number; Topic: string; Type: string; Key: string };

describe('a slow event-stream subscriber', () => {
  it('skips ahead past the events that left the buffer, and then keeps up', async () => {
    const from = c.sim.state.index + 1;
    const res = await c.call(`/v1/event/stream?index=${from}&topic=*&namespace=*`);
    expect(res.status).toBe(200);
    const reader = res.body!.getReader();
    // Not reading: the socket and the server's write buffer fill up, then the server stops pumping.
    for (let i = 0; i < 40; i++) c.sim.emitBurst(500);
    const emitted = c.sim.emitted.list(from);
    expect(emitted.length).toBe(20_000);

    const received: Event[] = [];
    const decoder = new TextDecoder();
    let buffer = '';
    const last = emitted.at(-1)!;
    while (!received.some((e) => e.Index === last.Index)) {
      const { value, done } = await reader.read();
      if (done) throw new Error('stream ended');
      buffer += decoder.decode(value, { stream: true });
      let nl: number;
      while ((nl = buffer.indexOf('\n')) >= 0) {
        const frame = JSON.parse(buffer.slice(0, nl)) as { Events?: Event[] };
        buffer = buffer.slice(nl + 1);
        received.push(...(frame.Events ?? []));
      }
    }
    await reader.cancel();

    const key = (e: Event) => `${e.Index}/${e.Topic}/${e.Type}/${e.Key}`;
    const order = new Map(emitted.map((e, i) => [key(e), i]));
    const positions = received.map((e) => order.get(key(e)));
    // Everything received was emitted, nothing twice, in emission order...
    expect(positions.every((p) => p !== undefined)).toBe(true);
    expect(new Set(positions).size).toBe(positions.length);
    expect(positions.every((p, i) => i === 0 || p! > positions[i - 1]!)).toBe(true);
    // ...but events were skipped: the subscriber fell behind by more than the 300-event buffer.
    expect(received.length).toBeLessThan(emitted.length);
    const gaps = positions.filter((p, i) => i > 0 && p! - positions[i - 1]! > 1).length;
    expect(gaps).toBeGreaterThanOrEqual(1);
    // After the skip the stream delivered the newest buffered events contiguously, up to the last one.
    expect(positions.at(-1)).toBe(emitted.length - 1);
  }, 30_000);
});
