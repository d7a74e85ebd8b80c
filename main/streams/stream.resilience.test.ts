// Resilience of the long-lived streams against the simulator's faults over real HTTP (issue 6 §7), filling what
// event-stream.integration.test.ts and log-stream.integration.test.ts leave open: faults driven through the admin
// API on a filtered event stream, the simulator's own count of open connections after windows close, malformed
// and dropped frames on task logs, a stalled agent monitor, and the per-client connection limit (429).
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startSimulator, type Simulator } from '../../sim/index';
import { HttpTransport } from '../clients/http/transport';
import type { ClusterEvent, LogChunk } from '../contract';
import { createStreamFactories, DEFAULT_STREAM_OPTIONS, type ClusterStreams } from './stream-factories';
import { CountingTransport, RecordingSubscriber } from './stream-test-kit';
import { SubscriptionRegistry } from './subscription-registry';

const HEARTBEAT_MS = 100;

let sim: Simulator;
let transport: CountingTransport;
let streams: ClusterStreams;

beforeEach(async () => {
  sim = await startSimulator({ heartbeatMs: HEARTBEAT_MS, eventRate: 0 });
  sim.cluster.setPaused(true); // only the test's bursts emit events
  transport = new CountingTransport(new HttpTransport(sim.url));
  streams = createStreamFactories(
    { transportFor: () => transport, tokenFor: async () => sim.clusterToken },
    {
      eventHeartbeatMs: HEARTBEAT_MS,
      agentHeartbeatMs: 1_000,
      tuning: { ...DEFAULT_STREAM_OPTIONS.tuning, backoff: { baseMs: 5, capMs: 40 } },
      eventBatch: { intervalMs: 20, maxItems: 500, bufferItems: 100_000 },
      logBatch: { intervalMs: 20, maxItems: 64, bufferItems: 4096 },
    },
  );
});

afterEach(async () => {
  streams.manager.closeAll();
  transport.inner.close();
  await sim.close();
});

async function admin(path: string, body?: unknown): Promise<unknown> {
  const res = await fetch(`${sim.url}${path}`, body === undefined ? {} : { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  expect(res.status, `${path} answered ${res.status}`).toBe(200);
  return res.json();
}

/** Polls a condition on the server side (no subscriber batch to wait for), with a failure guard. */
async function eventually(check: () => boolean, what: string, timeoutMs = 5000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`Timed out waiting: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

const id = (e: { Index: number; Topic: string; Type: string; Key: string }) => `${e.Index}/${e.Topic}/${e.Type}/${e.Key}`;

describe('event stream resilience', () => {
  it('loses and duplicates nothing on a filtered stream across 100 disconnects set through POST /_sim/faults', async () => {
    const subscriber = new RecordingSubscriber<ClusterEvent>();
    streams.factories['events.cluster']({ connectionId: 'c1', topics: ['Allocation'], namespace: 'default' }, subscriber.emit, 'sub-filtered');
    await subscriber.until((s) => s.status === 'live', 'the stream to go live');
    await admin('/_sim/faults', { dropAfterFrames: 3 });
    const matching = () => sim.cluster.emitted.list().filter((e) => e.Topic === 'Allocation' && e.Namespace === 'default');
    for (let step = 0; sim.faults.fired.drops < 100; step++) {
      expect(step, 'steps needed for 100 drops').toBeLessThan(3000);
      // Node events (every 20th of a burst) are filtered out by the server: frames without a match never arrive.
      await admin('/_sim/events/burst', { count: 1 + (step % 4) });
      const want = matching().length;
      await subscriber.until((s) => s.items.length >= want, `event ${want} after ${sim.faults.fired.drops} drops`);
    }
    const res = await fetch(`${sim.url}/_sim/faults`, { method: 'DELETE' });
    expect(res.status).toBe(200);
    await admin('/_sim/events/burst', { count: 5 });

    // The simulator's own record, read over its admin API, filtered as the server filters the stream.
    const record = (await admin('/_sim/events/emitted?since=0')) as { events: { Index: number; Topic: string; Type: string; Key: string; Namespace: string }[] };
    const expected = record.events.filter((e) => e.Topic === 'Allocation' && e.Namespace === 'default').map(id);
    await subscriber.until((s) => s.items.length >= expected.length, 'the events after the faults stopped');
    expect(sim.faults.fired.drops).toBeGreaterThanOrEqual(100);
    expect(subscriber.items.map(id)).toEqual(expected);
    expect(new Set(subscriber.items.map(id)).size).toBe(subscriber.items.length);
    expect(subscriber.items.every((e) => e.Topic === 'Allocation' && e.Namespace === 'default')).toBe(true);
    expect(subscriber.gaps).toEqual([]);
  });

  it('leaves no connection open on the simulator once every window that subscribed has closed', async () => {
    const registry = new SubscriptionRegistry();
    const subscribers = Array.from({ length: 4 }, () => new RecordingSubscriber<ClusterEvent>());
    const all = { connectionId: 'c1', topics: [], namespace: '*' };
    const nodes = { connectionId: 'c1', topics: ['Node'], namespace: '*' };
    registry.open('window-1', 'sub-00000001', streams.factories['events.cluster'], all, subscribers[0].emit);
    registry.open('window-1', 'sub-00000002', streams.factories['events.cluster'], nodes, subscribers[1].emit);
    registry.open('window-2', 'sub-00000003', streams.factories['events.cluster'], all, subscribers[2].emit);
    registry.open('window-2', 'sub-00000004', streams.factories['logs.agent'], { connectionId: 'c1', logLevel: 'info', logJson: false }, subscribers[3].emit);
    for (const s of subscribers) await s.until((x) => x.status === 'live', 'every subscription live');
    // Two distinct event streams upstream (all topics is shared by both windows), as the server counts them.
    await eventually(() => sim.cluster.blocking.held === 2, `2 event streams held by the simulator, not ${sim.cluster.blocking.held}`);
    expect(streams.manager.upstreamCount()).toBe(3);

    registry.closeSession('window-1');
    await eventually(() => sim.cluster.blocking.held === 1, 'the Node-only stream to close on the server');
    expect(streams.manager.upstreamCount()).toBe(2); // all-topics still feeds window 2, and its monitor

    registry.closeSession('window-2');
    expect(streams.manager.upstreamCount()).toBe(0);
    await eventually(() => sim.cluster.blocking.held === 0, 'every stream to close on the server');
    await transport.allClosed();
    expect(streams.manager.openConnectionCount()).toBe(0);
  });

  it('waits out the per-client connection limit (429) and goes live when a slot frees', async () => {
    await admin('/_sim/limits', { maxConnsPerClient: 1 });
    const first = new RecordingSubscriber<ClusterEvent>();
    const firstSource = streams.factories['events.cluster']({ connectionId: 'c1', topics: ['Node'], namespace: '*' }, first.emit, 'sub-first');
    await first.until((s) => s.status === 'live', 'the first stream live');
    const second = new RecordingSubscriber<ClusterEvent>();
    streams.factories['events.cluster']({ connectionId: 'c1', topics: ['Allocation'], namespace: '*' }, second.emit, 'sub-second');
    await second.until((s) => s.batches.some((b) => (b.status === 'reconnecting' || b.status === 'offline') && /limits connections per client/.test(b.message ?? '')), 'the 429 to be explained');
    firstSource.close();
    await second.until((s) => s.status === 'live', 'the second stream live once the first closed');
  });
});

describe('log stream resilience', () => {
  function someTask(): { allocId: string; task: string } {
    for (const allocId of sim.cluster.state.allocs.keys()) {
      const found = sim.cluster.lookup.findAllocation(allocId);
      if (found && found.TaskNames.length > 0) return { allocId: found.ID, task: found.TaskNames[0] };
    }
    throw new Error('the simulated estate has no allocation with a task');
  }

  it('skips malformed and dropped task-log frames with a count, and still delivers every byte once', async () => {
    const { allocId, task } = someTask();
    const plain = await fetch(`${sim.url}/v1/client/fs/logs/${allocId}?task=${encodeURIComponent(task)}&type=stderr&plain=true`, { headers: { 'X-Cluster-Token': sim.clusterToken } });
    const expected = Buffer.from(await plain.arrayBuffer()).toString('utf8');
    // The log is ~6 frames long: at 30% a run with no malformed frame at all came up about one time in eight
    // (Math.random). Every third frame is malformed instead, so the fault always fires and the run repeats exactly.
    let draws = 0;
    (sim.faults as { random: () => number }).random = () => (++draws % 3 === 0 ? 0 : 0.99);
    await admin('/_sim/faults', { malformedRate: 0.3, dropAfterFrames: 7 });
    const subscriber = new RecordingSubscriber<LogChunk>();
    streams.factories['logs.alloc']({ connectionId: 'c1', allocId, task, type: 'stderr', follow: false, origin: 'start', offset: 0 }, subscriber.emit, 'sub-log-faults');
    await subscriber.until((s) => s.status === 'ended', 'the end of the log');
    expect(sim.faults.fired.malformed).toBeGreaterThan(0);
    expect(subscriber.malformed).toBeGreaterThan(0);
    expect(subscriber.malformed).toBeLessThanOrEqual(sim.faults.fired.malformed);
    expect(subscriber.items.map((c) => c.text).join('')).toBe(expected);
    const offsets = subscriber.items.map((c) => c.offset);
    expect(offsets).toEqual([...offsets].sort((a, b) => a - b));
    expect(new Set(offsets).size).toBe(offsets.length);
  });

  it('detects a stalled agent monitor through its heartbeat timeout and reconnects', async () => {
    const subscriber = new RecordingSubscriber<LogChunk>();
    streams.factories['logs.agent']({ connectionId: 'c1', logLevel: 'trace', logJson: false }, subscriber.emit, 'sub-monitor-stall');
    await subscriber.until((s) => s.status === 'live' && s.items.length > 0, 'monitor lines');
    const opened = transport.requests.length;
    await admin('/_sim/faults', { stall: true });
    await subscriber.until(
      (s) => s.batches.some((b) => b.status === 'reconnecting' && /No data or heartbeat/.test(b.message ?? '')),
      'the stall to be detected (2 missed 1 s heartbeats)',
    );
    await fetch(`${sim.url}/_sim/faults`, { method: 'DELETE' });
    const before = subscriber.items.length;
    await subscriber.until((s) => s.status === 'live' && s.items.length > before, 'live again with new lines');
    expect(transport.requests.length).toBeGreaterThan(opened);
  });
});
