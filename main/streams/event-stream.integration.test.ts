// The event stream through the stream manager against the simulator over real HTTP: forced disconnects lose and
// duplicate nothing, skip-aheads are reported, malformed frames are counted (and their events fetched again), a
// stalled connection is caught by the heartbeat timeout, and closing the last subscriber closes the upstream.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startSimulator, type Simulator } from '../../sim/index';
import { HttpTransport } from '../clients/http/transport';
import type { ClusterEvent } from '../contract';
import { createStreamFactories, DEFAULT_STREAM_OPTIONS, type ClusterStreams } from './stream-factories';
import { CountingTransport, RecordingSubscriber } from './stream-test-kit';
import { SubscriptionRegistry } from './subscription-registry';

const HEARTBEAT_MS = 100;

let sim: Simulator;
let transport: CountingTransport;
let streams: ClusterStreams;

beforeEach(async () => {
  sim = await startSimulator({ heartbeatMs: HEARTBEAT_MS, eventRate: 0 });
  sim.cluster.setPaused(true); // only the test's bursts emit events, so the record is exactly what was sent
  transport = new CountingTransport(new HttpTransport(sim.url));
  streams = createStreamFactories(
    { transportFor: () => transport, tokenFor: async () => sim.clusterToken },
    {
      eventHeartbeatMs: HEARTBEAT_MS,
      tuning: { ...DEFAULT_STREAM_OPTIONS.tuning, backoff: { baseMs: 5, capMs: 40 } },
      eventBatch: { intervalMs: 20, maxItems: 500, bufferItems: 100_000 },
    },
  );
});

afterEach(async () => {
  streams.manager.closeAll();
  transport.inner.close();
  await sim.close();
});

const allTopics = { connectionId: 'c1', topics: [], namespace: '*' };
const id = (e: { Index: number; Topic: string; Type: string; Key: string }) => `${e.Index}/${e.Topic}/${e.Type}/${e.Key}`;

function subscribe(params: unknown = allTopics, subscriptionId = 'sub-events-1') {
  const subscriber = new RecordingSubscriber<ClusterEvent>();
  const source = streams.factories['events.cluster'](params, subscriber.emit, subscriptionId);
  return { subscriber, source };
}

/** One commit per burst: each becomes one frame with its own Index. */
function emitFrames(frames: number, eventsPerFrame = 1): void {
  for (let i = 0; i < frames; i++) sim.cluster.emitBurst(eventsPerFrame);
}

describe('events.cluster against the simulator', () => {
  it('loses and duplicates no event across 100 forced disconnects, checked against the simulator record', async () => {
    const { subscriber } = subscribe();
    await subscriber.until((s) => s.status === 'live', 'the stream to go live');
    // The simulator's drop destroys the socket in the tick that wrote the last frame, so frames written together
    // with it never arrive. A backlog of `dropAfterFrames` frames could then never get through; events are emitted
    // a frame or two at a time, as a live cluster would, and every connection still ends in a forced drop.
    sim.faults.set({ dropAfterFrames: 4 });
    for (let step = 0; sim.faults.fired.drops < 100; step++) {
      expect(step, 'steps needed for 100 drops').toBeLessThan(2000);
      emitFrames(1 + (step % 2), 1 + (step % 5));
      await subscriber.until((s) => s.items.length >= sim.cluster.emitted.total, `event ${sim.cluster.emitted.total} after ${sim.faults.fired.drops} drops`);
    }
    sim.faults.reset();
    emitFrames(3);
    const expected = sim.cluster.emitted.list().map(id);
    await subscriber.until((s) => s.items.length >= expected.length, 'the events after the faults stopped');

    expect(sim.faults.fired.drops).toBeGreaterThanOrEqual(100);
    expect(subscriber.items.map(id)).toEqual(expected);
    expect(subscriber.gaps).toEqual([]);
    expect(subscriber.batches.some((b) => b.status === 'reconnecting')).toBe(true);
  });

  it('reports a gap when the resume index has left the server buffer', async () => {
    sim.cluster.bus.resize(20);
    const { subscriber } = subscribe();
    emitFrames(5, 2);
    await subscriber.until((s) => s.items.length === sim.cluster.emitted.total, 'the first events');
    const lastSeen = subscriber.items.at(-1)!.Index;

    // Keep the client out (every request fails) and break the current connection at its next frame (a heartbeat).
    sim.faults.set({ errorRate: 1, dropAfterFrames: 1 });
    await subscriber.until((s) => s.status === 'reconnecting' || s.status === 'offline', 'the drop to be noticed');
    emitFrames(60); // three times the buffer: index lastSeen+... leaves it
    const oldest = sim.cluster.bus.at(sim.cluster.bus.start)!.Index;
    expect(oldest).toBeGreaterThan(lastSeen);
    sim.faults.reset();

    await subscriber.until((s) => s.gaps.length > 0, 'a gap report');
    expect(subscriber.gaps).toEqual([{ fromIndex: lastSeen, toIndex: oldest }]);
    const buffered = sim.cluster.emitted.list(oldest).map(id);
    await subscriber.until((s) => s.items.length >= 10 + buffered.length, 'the buffered events after the gap');
    expect(subscriber.items.slice(10).map(id)).toEqual(buffered);
  });

  it('skips malformed frames with a visible count, and fetches their events again', async () => {
    const { subscriber } = subscribe();
    await subscriber.until((s) => s.status === 'live', 'the stream to go live');
    sim.faults.set({ malformedRate: 0.25 });
    emitFrames(60, 2);
    await subscriber.until((s) => s.malformed >= 3, 'malformed frames to be counted');
    sim.faults.reset();
    emitFrames(2);
    const expected = sim.cluster.emitted.list().map(id);
    await subscriber.until((s) => s.items.length >= expected.length, 'every event, the malformed frames included');

    expect(subscriber.malformed).toBeGreaterThanOrEqual(3);
    expect(subscriber.malformed).toBeLessThanOrEqual(sim.faults.fired.malformed);
    expect(subscriber.items.map(id)).toEqual(expected);
  });

  it('detects a stalled connection through the heartbeat timeout and reconnects', async () => {
    const { subscriber } = subscribe();
    await subscriber.until((s) => s.status === 'live', 'the stream to go live');
    const opened = transport.requests.length;
    sim.faults.set({ stall: true });
    await subscriber.until((s) => s.batches.some((b) => b.status === 'reconnecting' && /No data or heartbeat/.test(b.message ?? '')), 'the stall to be detected');
    sim.faults.reset();
    emitFrames(4);
    await subscriber.until((s) => s.status === 'live' && s.items.length === sim.cluster.emitted.total, 'live again with the new events');
    expect(transport.requests.length).toBeGreaterThan(opened);
  });

  it('shares one upstream per key and closes it when the last subscriber leaves', async () => {
    const registry = new SubscriptionRegistry();
    const first = new RecordingSubscriber<ClusterEvent>();
    const second = new RecordingSubscriber<ClusterEvent>();
    registry.open('window-1', 'sub-aaaaaaaa', streams.factories['events.cluster'], allTopics, first.emit);
    registry.open('window-2', 'sub-bbbbbbbb', streams.factories['events.cluster'], { ...allTopics, topics: [] }, second.emit);
    await first.until((s) => s.status === 'live', 'live');
    emitFrames(3);
    await second.until((s) => s.items.length === 3, 'both subscribers fed');
    expect(streams.manager.upstreamCount()).toBe(1);
    expect(transport.openBodies).toBe(1);

    registry.closeSession('window-1');
    expect(streams.manager.upstreamCount()).toBe(1);
    registry.closeSession('window-2');
    expect(streams.manager.upstreamCount()).toBe(0);
    await transport.allClosed();
    expect(transport.openBodies).toBe(0);
  });

  it('tells a subscriber joining a running stream about the events it missed', async () => {
    const { subscriber: first } = subscribe();
    emitFrames(4);
    await first.until((s) => s.items.length === 4, 'the first subscriber fed');
    const late = subscribe({ ...allTopics, index: first.items[0].Index }, 'sub-events-2').subscriber;
    await late.until((s) => s.gaps.length > 0, 'the late subscriber told of its gap');
    expect(late.gaps).toEqual([{ fromIndex: first.items[0].Index, toIndex: first.items.at(-1)!.Index }]);
    expect(streams.manager.upstreamCount()).toBe(1);
  });

  it('redacts node secrets in event payloads before delivery', async () => {
    const { subscriber } = subscribe();
    emitFrames(1, 20); // every 20th event of a burst is a NodeEvent carrying the whole node
    await subscriber.until((s) => s.items.some((e) => e.Topic === 'Node'), 'a node event');
    const node = subscriber.items.find((e) => e.Topic === 'Node')!.Payload.Node as Record<string, unknown>;
    expect(node.ID).toEqual(expect.any(String));
    expect(node.SecretID).toBe('<redacted>');
  });

  it('closes the upstream even when the window goes away while still connecting', async () => {
    sim.faults.set({ latencyMs: 300 });
    const { source } = subscribe();
    source.close();
    expect(streams.manager.upstreamCount()).toBe(0);
    sim.faults.reset();
    await transport.allClosed();
    expect(streams.manager.openConnectionCount()).toBe(0);
  });

  it('ends with an actionable message when the token may not read all namespaces', async () => {
    streams = createStreamFactories({ transportFor: () => transport, tokenFor: async () => sim.clusterReadOnlyToken });
    const { subscriber } = subscribe();
    await subscriber.until((s) => s.status === 'ended', 'the refusal');
    expect(subscriber.batches.at(-1)!.message).toMatch(/403.*management token/s);
    expect(streams.manager.upstreamCount()).toBe(0);
  });

  it('refuses invalid params before opening anything', () => {
    expect(() => subscribe({ connectionId: 'c1', topics: ['Jobs'], namespace: 'default' })).toThrow(/topics\.0/);
    expect(streams.manager.upstreamCount()).toBe(0);
  });
});
