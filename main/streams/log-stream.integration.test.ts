// Task logs and the agent monitor through the stream manager against the simulator over real HTTP: text identical
// to the server's bytes (characters split across frames joined), resume by offset across forced drops, a clean
// end for a log read to its end, and no upstream left once the tab closes.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startSimulator, type Simulator } from '../../sim/index';
import { HttpTransport } from '../clients/http/transport';
import type { LogChunk } from '../contract';
import { createStreamFactories, DEFAULT_STREAM_OPTIONS, type ClusterStreams } from './stream-factories';
import { CountingTransport, RecordingSubscriber } from './stream-test-kit';

let sim: Simulator;
let transport: CountingTransport;
let streams: ClusterStreams;

beforeEach(async () => {
  sim = await startSimulator({ eventRate: 0 });
  transport = new CountingTransport(new HttpTransport(sim.url));
  streams = createStreamFactories(
    { transportFor: () => transport, tokenFor: async () => sim.clusterToken },
    { tuning: { ...DEFAULT_STREAM_OPTIONS.tuning, backoff: { baseMs: 5, capMs: 40 } }, logBatch: { intervalMs: 20, maxItems: 64, bufferItems: 4096 } },
  );
});

afterEach(async () => {
  streams.manager.closeAll();
  transport.inner.close();
  await sim.close();
});

function someTask(): { allocId: string; task: string } {
  for (const id of sim.cluster.state.allocs.keys()) {
    const found = sim.cluster.lookup.findAllocation(id);
    if (found && found.TaskNames.length > 0) return { allocId: found.ID, task: found.TaskNames[0] };
  }
  throw new Error('the simulated estate has no allocation with a task');
}

/** The log exactly as the server holds it, read in one plain request and decoded in one go. */
async function plainLog(allocId: string, task: string): Promise<string> {
  const res = await fetch(`${sim.url}/v1/client/fs/logs/${allocId}?task=${encodeURIComponent(task)}&type=stderr&plain=true`, { headers: { 'X-Cluster-Token': sim.clusterToken } });
  expect(res.status).toBe(200);
  return Buffer.from(await res.arrayBuffer()).toString('utf8');
}

const joined = (chunks: LogChunk[]) => chunks.map((c) => c.text).join('');

describe('logs against the simulator', () => {
  it('reads a task log to its end with every multi-byte character intact, then ends', async () => {
    const { allocId, task } = someTask();
    const expected = await plainLog(allocId, task);
    const subscriber = new RecordingSubscriber<LogChunk>();
    streams.factories['logs.alloc']({ connectionId: 'c1', allocId, task, type: 'stderr', follow: false, origin: 'start', offset: 0 }, subscriber.emit, 'sub-log-1');
    await subscriber.until((s) => s.status === 'ended', 'the end of the log');
    expect(joined(subscriber.items)).toBe(expected);
    expect(joined(subscriber.items)).not.toContain('\uFFFD');
    expect(/[^\x00-\x7f]/.test(expected)).toBe(true); // the content really has multi-byte characters
    expect(streams.manager.upstreamCount()).toBe(0);
    await transport.allClosed();
  });

  it('resumes by byte offset across forced drops without losing or repeating a byte', async () => {
    const { allocId, task } = someTask();
    const expected = await plainLog(allocId, task);
    sim.faults.set({ dropAfterFrames: 2 });
    const subscriber = new RecordingSubscriber<LogChunk>();
    streams.factories['logs.alloc']({ connectionId: 'c1', allocId, task, type: 'stderr', follow: false, origin: 'start', offset: 0 }, subscriber.emit, 'sub-log-2');
    await subscriber.until((s) => s.status === 'ended', 'the end of the log');
    expect(sim.faults.fired.drops).toBeGreaterThan(0);
    expect(joined(subscriber.items)).toBe(expected);
    const offsets = transport.requests.map((r) => r.query?.offset);
    expect(new Set(offsets).size).toBeGreaterThan(1); // later requests resumed further on
  });

  it('follows the agent monitor and closes its upstream when the last tab closes', async () => {
    const subscriber = new RecordingSubscriber<LogChunk>();
    const source = streams.factories['logs.agent']({ connectionId: 'c1', logLevel: 'trace', logJson: false }, subscriber.emit, 'sub-mon-1');
    await subscriber.until((s) => joined(s.items).includes('\n'), 'a monitor line');
    expect(subscriber.status).toBe('live');
    expect(transport.requests[0].query).toMatchObject({ log_level: 'trace', log_json: false });
    expect(streams.manager.upstreamCount()).toBe(1);
    source.close();
    expect(streams.manager.upstreamCount()).toBe(0);
    await transport.allClosed();
  });

  it('shows a second tab joining a running monitor its recent text first, then the same live text as the first', async () => {
    const params = { connectionId: 'c1', logLevel: 'trace', logJson: false };
    const first = new RecordingSubscriber<LogChunk>();
    streams.factories['logs.agent'](params, first.emit, 'sub-mon-2');
    await first.until((s) => joined(s.items).split('\n').length > 3, 'a few monitor lines');
    const seenBefore = joined(first.items);
    const second = new RecordingSubscriber<LogChunk>();
    streams.factories['logs.agent'](params, second.emit, 'sub-mon-3');
    // One upstream for both; the second starts with what the first had already been shown.
    expect(streams.manager.upstreamCount()).toBe(1);
    await second.until((s) => joined(s.items).length > seenBefore.length, 'the history and a live line');
    expect(joined(second.items).startsWith(seenBefore)).toBe(true);
    await first.until((s) => joined(s.items).length >= joined(second.items).length, 'the first to catch up');
    expect(joined(first.items).startsWith(joined(second.items))).toBe(true);
  });

  it('ends with a readable message for an unknown allocation', async () => {
    const subscriber = new RecordingSubscriber<LogChunk>();
    streams.factories['logs.alloc']({ connectionId: 'c1', allocId: '00000000-0000-0000-0000-000000000000', task: 'web', type: 'stdout', follow: true, origin: 'end', offset: 0 }, subscriber.emit, 'sub-log-3');
    await subscriber.until((s) => s.status === 'ended', 'the refusal');
    expect(subscriber.batches.at(-1)!.message).toMatch(/404.*Unknown allocation/);
  });
});
