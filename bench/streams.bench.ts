// Benchmark (issue 6 §6): 1,000,000 events and 200 MB of task logs through the host's stream path — HTTP transport,
// StreamManager, UpstreamStream, protocol (dedupe, redaction, Base64 + UTF-8 decoding), SubscriberFeed batches — to a
// subscriber, from a loopback server writing pre-generated frames. Ratios against baselines run in the same process
// on the same bytes: a bare newline split + JSON.parse (events) and a bare Base64 decode (logs). Also records the
// host's heap growth while streaming, which must stay bounded by the buffers, not grow with the bytes streamed.
// Writes bench/results/streams.json.
import { HttpTransport } from '../main/clients/http/transport';
import type { ClusterEvent, LogChunk, StreamBatch } from '../main/contract';
import { createStreamFactories, DEFAULT_STREAM_OPTIONS } from '../main/streams/stream-factories';
import { fork } from 'node:child_process';
import { once } from 'node:events';
import { existsSync } from 'node:fs';
import { measureRendererLogFollow, type RendererFollowResult } from './support/renderer-log-follow';
import { eventFrames, logFrames } from './support/stream-fixtures';
import { writeResult } from './support/results';

const EVENTS = 1_000_000;
const LOG_BYTES = 200 * 1024 * 1024;
const RUNS = 3;

const gc = (globalThis as { gc?: () => void }).gc ?? (() => undefined);
const mb = (bytes: number) => Math.round((bytes / 1024 / 1024) * 10) / 10;
const best = (values: number[]) => Math.min(...values);
/** CPU time of this process since `since` (all its threads: the host's work wherever libuv or V8 does it). */
const cpuMs = (since: NodeJS.CpuUsage) => {
  const used = process.cpuUsage(since);
  return (used.user + used.system) / 1000;
};

/** Starts the frame server in a child process (it generates the same frames as the baseline, deterministically). */
async function frameServer(kind: 'events' | 'logs', count: number): Promise<{ url: string; close(): Promise<void> }> {
  const child = fork(new URL('./support/frame-server-process.ts', import.meta.url), [kind, String(count)], { execArgv: ['--import', 'tsx'] });
  const [ready] = (await once(child, 'message')) as [{ url: string }];
  return {
    url: ready.url,
    close: async () => {
      const exited = once(child, 'exit');
      child.send('close');
      await exited;
    },
  };
}

/** The baseline for events: split each line at its newline and JSON.parse it; nothing else. */
function baselineEvents(frames: Buffer[]): { ms: number; cpuMs: number; events: number } {
  const start = performance.now();
  const cpu = process.cpuUsage();
  let events = 0;
  for (const frame of frames) {
    let from = 0;
    for (let nl = frame.indexOf(10, from); nl >= 0; nl = frame.indexOf(10, from)) {
      const parsed = JSON.parse(frame.toString('utf8', from, nl)) as { Events: unknown[] };
      events += parsed.Events.length;
      from = nl + 1;
    }
  }
  return { ms: performance.now() - start, cpuMs: cpuMs(cpu), events };
}

/** The baseline for logs: Base64-decode each frame's Data; nothing else (no JSON, no UTF-8, no HTTP). */
function baselineLogs(frames: Buffer[]): { ms: number; cpuMs: number; bytes: number } {
  const start = performance.now();
  const cpu = process.cpuUsage();
  let bytes = 0;
  for (const frame of frames) {
    const open = frame.indexOf('"Data":"') + 8;
    const close = frame.indexOf('"', open);
    bytes += Buffer.from(frame.toString('latin1', open, close), 'base64').length;
  }
  return { ms: performance.now() - start, cpuMs: cpuMs(cpu), bytes };
}

interface HostRun {
  ms: number;
  cpuMs: number;
  items: number;
  textBytes: number;
  batches: number;
  dropped: number;
  malformed: number;
  heapGrowthMb: number;
  rssGrowthMb: number;
}

/**
 * Streams the frames through a real StreamManager to one subscriber; resolves when `done` says so. With `retained`,
 * the memory sampler collects garbage before each reading (every 200 ms), so it sees what the host holds rather than
 * garbage not yet collected; those runs are for memory only (gc() costs CPU time).
 */
async function hostRun<Item>(
  stream: 'events.cluster' | 'logs.alloc',
  params: unknown,
  server: { url: string },
  done: (delivered: number, dropped: number, batch: StreamBatch<Item>) => boolean,
  measure: (item: Item) => number,
  retained = false,
): Promise<HostRun> {
  const transport = new HttpTransport(server.url);
  const streams = createStreamFactories(
    { transportFor: () => transport, tokenFor: async () => 'bench-token' },
    // The default batching and buffers: what the app runs with.
    { ...DEFAULT_STREAM_OPTIONS },
  );
  gc();
  const before = process.memoryUsage();
  let peakHeap = before.heapUsed;
  let peakRss = before.rss;
  const sampler = setInterval(
    () => {
      if (retained) gc();
      const now = process.memoryUsage();
      peakHeap = Math.max(peakHeap, now.heapUsed);
      peakRss = Math.max(peakRss, now.rss);
    },
    retained ? 200 : 25,
  );
  let items = 0;
  let textBytes = 0;
  let batches = 0;
  let dropped = 0;
  let malformed = 0;
  const start = performance.now();
  const cpu = process.cpuUsage();
  let end = 0;
  let endCpu = 0;
  await new Promise<void>((resolve, reject) => {
    const source = streams.factories[stream](
      params,
      (raw) => {
        const batch = raw as StreamBatch<Item>;
        batches++;
        dropped += batch.dropped;
        malformed += batch.malformed;
        items += batch.items.length;
        for (const item of batch.items) textBytes += measure(item);
        if (batch.status === 'ended' && !done(items, dropped, batch)) reject(new Error(`stream ended early: ${batch.message}`));
        if (done(items, dropped, batch) && end === 0) {
          end = performance.now();
          endCpu = cpuMs(cpu);
          // Close after this delivery returns, as a window would.
          setImmediate(() => {
            source.close();
            resolve();
          });
        }
      },
      `bench-${stream}`,
    );
  });
  clearInterval(sampler);
  transport.close();
  return {
    ms: end - start,
    cpuMs: endCpu,
    items,
    textBytes,
    batches,
    dropped,
    malformed,
    heapGrowthMb: mb(peakHeap - before.heapUsed),
    rssGrowthMb: mb(peakRss - before.rss),
  };
}

/** The I/O floor: the same body read through the same HttpTransport and thrown away (no splitting, no parsing). */
async function transportFloor(server: { url: string }): Promise<{ ms: number; cpuMs: number; bytes: number }> {
  const transport = new HttpTransport(server.url);
  const start = performance.now();
  const cpu = process.cpuUsage();
  const response = await transport.open({ method: 'GET', path: '/v1/event/stream' });
  let bytes = 0;
  for await (const chunk of response.body) bytes += (chunk as Buffer).length;
  const result = { ms: performance.now() - start, cpuMs: cpuMs(cpu), bytes };
  transport.close();
  return result;
}

interface Measured {
  baseline: { ms: number; cpuMs: number };
  host: HostRun;
  runs: HostRun[];
}

/** Alternates baseline and host runs; keeps the best of each (least disturbed by other work on the machine). */
async function measure(label: string, baseline: () => { ms: number; cpuMs: number }, host: () => Promise<HostRun>): Promise<Measured> {
  const baselines: { ms: number; cpuMs: number }[] = [];
  const runs: HostRun[] = [];
  for (let r = 0; r < RUNS; r++) {
    gc();
    baselines.push(baseline());
    gc();
    runs.push(await host());
    const [b, h] = [baselines.at(-1)!, runs.at(-1)!];
    console.log(`${label} run ${r + 1}: baseline ${b.ms.toFixed(0)} ms (cpu ${b.cpuMs.toFixed(0)}), host ${h.ms.toFixed(0)} ms (cpu ${h.cpuMs.toFixed(0)}), heap +${h.heapGrowthMb} MB, dropped ${h.dropped}`);
  }
  return { baseline: baselines.reduce((a, b) => (b.cpuMs < a.cpuMs ? b : a)), host: runs.reduce((a, b) => (b.cpuMs < a.cpuMs ? b : a)), runs };
}

async function benchEvents() {
  const frames = eventFrames(EVENTS);
  const bytes = frames.reduce((n, f) => n + f.length, 0);
  const params = { connectionId: 'bench', topics: [], namespace: '*' };
  const measured = await measure(
    'events',
    () => {
      const base = baselineEvents(frames);
      if (base.events !== EVENTS) throw new Error(`baseline parsed ${base.events} events`);
      return base;
    },
    async () => {
      const server = await frameServer('events', EVENTS);
      try {
        return await hostRun<ClusterEvent>('events.cluster', params, server, (delivered, dropped) => delivered + dropped >= EVENTS, () => 0);
      } finally {
        await server.close();
      }
    },
  );
  // What the host holds while streaming, at the full volume and at a quarter of it: bounded buffers mean the same.
  const retainedAt = async (count: number) => {
    const server = await frameServer('events', count);
    try {
      const run = await hostRun<ClusterEvent>('events.cluster', params, server, (delivered, dropped) => delivered + dropped >= count, () => 0, true);
      return run.heapGrowthMb;
    } finally {
      await server.close();
    }
  };
  const retained = { full: await retainedAt(EVENTS), quarter: await retainedAt(EVENTS / 4) };
  console.log(`events retained heap growth: ${retained.full} MB (1M events), ${retained.quarter} MB (250k)`);
  return { frames: frames.length, bytes, ...measured, floor: await floorOf('events', EVENTS), retained };
}

async function floorOf(kind: 'events' | 'logs', count: number) {
  const server = await frameServer(kind, count);
  try {
    gc();
    return await transportFloor(server);
  } finally {
    await server.close();
  }
}

async function benchLogs() {
  const { frames, dataBytes } = logFrames(LOG_BYTES);
  const bytes = frames.reduce((n, f) => n + f.length, 0);
  const params = { connectionId: 'bench', allocId: '5f1c0000-0000-0000-0000-000000000000', task: 'web', type: 'stdout', follow: false, origin: 'start', offset: 0 };
  const measured = await measure(
    'logs',
    () => {
      const base = baselineLogs(frames);
      if (base.bytes !== dataBytes) throw new Error(`baseline decoded ${base.bytes} bytes`);
      return base;
    },
    async () => {
      const server = await frameServer('logs', LOG_BYTES);
      try {
        return await hostRun<LogChunk>('logs.alloc', params, server, (_delivered, _dropped, batch) => batch.status === 'ended', (chunk) => chunk.text.length);
      } finally {
        await server.close();
      }
    },
  );
  const retainedAt = async (total: number) => {
    const server = await frameServer('logs', total);
    try {
      const run = await hostRun<LogChunk>('logs.alloc', params, server, (_delivered, _dropped, batch) => batch.status === 'ended', () => 0, true);
      return run.heapGrowthMb;
    } finally {
      await server.close();
    }
  };
  const retained = { full: await retainedAt(LOG_BYTES), quarter: await retainedAt(LOG_BYTES / 4) };
  console.log(`logs retained heap growth: ${retained.full} MB (200 MB), ${retained.quarter} MB (50 MB)`);
  return { frames: frames.length, bytes, dataBytes, ...measured, floor: await floorOf('logs', LOG_BYTES), retained };
}

/** The renderer side (needs the built app and Chromium); a reason instead of figures when it cannot run here. */
async function rendererFollow(): Promise<(RendererFollowResult & { note: string }) | { skipped: string }> {
  if (!existsSync('/usr/bin/chromium')) return { skipped: 'no Chromium at /usr/bin/chromium' };
  try {
    const result = await measureRendererLogFollow(5_000_000, 10);
    console.log(`renderer following 5 MB/s of task logs: longest task ${result.longestTaskMs} ms (${result.longTasks} tasks ≥ 50 ms in ${result.seconds} s), worst 4 ms-tick gap ${result.worstTickGapMs} ms`);
    return {
      ...result,
      note:
        'Task-log viewer (/logs/:alloc) in Chromium, browser mode, the simulator growing the followed log at 5 MB/s. longestTaskMs from ' +
        'PerformanceObserver longtask entries; worstTickGapMs is the longest pause of a 4 ms timer. The viewer keeps a bounded number of ' +
        'lines (data-lines), so its line count is not a throughput. Figures depend heavily on other load on the shared 2-core machine.',
    };
  } catch (error) {
    return { skipped: `the renderer measurement failed: ${(error as Error).message.split('\n')[0]}` };
  }
}

async function main(): Promise<void> {
  const events = await benchEvents();
  gc();
  const logs = await benchLogs();
  const renderer = await rendererFollow();

  const round = (n: number) => Math.round(n * 100) / 100;
  const eventsRatio = events.baseline.cpuMs / events.host.cpuMs;
  const logsRatio = logs.baseline.cpuMs / logs.host.cpuMs;
  const ratio = round(Math.min(eventsRatio, logsRatio));
  const perSecond = (n: number, ms: number) => Math.round(n / (ms / 1000));
  writeResult({
    name: 'streams',
    ratio,
    goal: 0.5,
    better: 'higher',
    details: {
      measures:
        `host stream path throughput / bare baseline on the same bytes (CPU time), the lower of events (${round(eventsRatio)}, vs newline split + JSON.parse) ` +
        `and logs (${round(logsRatio)}, vs Base64 decode); retained heap ≤ ${Math.max(events.retained.full, logs.retained.full)} MB while streaming ${mb(events.bytes + logs.bytes)} MB`,
      method:
        'A child process serves pre-generated frames over loopback HTTP; this process runs the host path (HttpTransport, StreamManager, ' +
        'UpstreamStream, NDJSON splitter, protocol: resume cursor + redaction for events, Base64 + UTF-8 for logs, SubscriberFeed batches) ' +
        'to one subscriber, with the default batch and buffer settings. Ratios compare CPU time of this process (process.cpuUsage), ' +
        'best of 3 alternated runs, because the 2-core machine is shared and wall-clock times swing 2-3x with other load; wall-clock figures are listed too.',
      events: {
        count: EVENTS,
        frames: events.frames,
        megabytes: mb(events.bytes),
        ratio: round(eventsRatio),
        wallClockRatio: round(events.baseline.ms / events.host.ms),
        goal: 0.5,
        baselineCpuMs: Math.round(events.baseline.cpuMs),
        hostCpuMs: Math.round(events.host.cpuMs),
        transportFloorCpuMs: Math.round(events.floor.cpuMs),
        baselineMs: Math.round(events.baseline.ms),
        hostMs: Math.round(events.host.ms),
        hostEventsPerCpuSecond: perSecond(EVENTS, events.host.cpuMs),
        baselineEventsPerCpuSecond: perSecond(EVENTS, events.baseline.cpuMs),
        delivered: events.host.items,
        batches: events.host.batches,
        dropped: events.host.dropped,
        malformed: events.host.malformed,
        peakHeapGrowthMb: events.host.heapGrowthMb,
        retainedHeapGrowthMb: events.retained.full,
        retainedHeapGrowthMbAtQuarterVolume: events.retained.quarter,
        rssGrowthMb: events.host.rssGrowthMb,
        runs: events.runs.map((r) => ({ ms: Math.round(r.ms), cpuMs: Math.round(r.cpuMs), heapGrowthMb: r.heapGrowthMb })),
      },
      logs: {
        megabytes: mb(logs.dataBytes),
        wireMegabytes: mb(logs.bytes),
        frames: logs.frames,
        ratio: round(logsRatio),
        wallClockRatio: round(logs.baseline.ms / logs.host.ms),
        goal: 0.5,
        baselineCpuMs: Math.round(logs.baseline.cpuMs),
        hostCpuMs: Math.round(logs.host.cpuMs),
        transportFloorCpuMs: Math.round(logs.floor.cpuMs),
        ratioToFloorPlusBaseline: round((logs.floor.cpuMs + logs.baseline.cpuMs) / logs.host.cpuMs),
        baselineMs: Math.round(logs.baseline.ms),
        hostMs: Math.round(logs.host.ms),
        hostMegabytesPerCpuSecond: round(mb(logs.dataBytes) / (logs.host.cpuMs / 1000)),
        baselineMegabytesPerCpuSecond: round(mb(logs.dataBytes) / (logs.baseline.cpuMs / 1000)),
        textCharacters: logs.host.textBytes,
        chunks: logs.host.items,
        batches: logs.host.batches,
        dropped: logs.host.dropped,
        peakHeapGrowthMb: logs.host.heapGrowthMb,
        retainedHeapGrowthMb: logs.retained.full,
        retainedHeapGrowthMbAtQuarterVolume: logs.retained.quarter,
        rssGrowthMb: logs.host.rssGrowthMb,
        runs: logs.runs.map((r) => ({ ms: Math.round(r.ms), cpuMs: Math.round(r.cpuMs), heapGrowthMb: r.heapGrowthMb })),
      },
      memoryBound:
        'retainedHeapGrowthMb: the largest heapUsed, read after gc() every 200 ms during a dedicated run, minus heapUsed after gc() ' +
        'before it: what the host holds. Bounded buffers (at most 20,000 events or 256 log chunks per subscriber, plus the batch in ' +
        'flight) make it the same at a quarter of the volume. peakHeapGrowthMb (timed runs, no forced gc) also counts garbage not yet collected.',
      logsGoal:
        'Not met, and not reachable as defined: Node 20 decodes Base64 at ~2.5 GB/s of CPU (simdutf), while merely reading the same ' +
        'bytes through the HTTP transport and discarding them (transportFloorCpuMs) already costs ~5x the baseline. Against that floor ' +
        'plus the baseline, the host path reaches ratioToFloorPlusBaseline; the rest is UTF-8 decoding into JS strings, which the ' +
        'contract requires (LogChunk.text). Frames are read without JSON.parse (log-frame-shortcut.ts) and decoded with Buffer#toString.',
      rendererLongestTaskWhileFollowingLogs: renderer,
    },
  });
}

await main();
