// Benchmark: reading a cached 20,000-job list from the offline cache (open + get, as at start-up with the
// server down) against the baseline of reading the same list from a plain JSON file and JSON.parse-ing it.
// Writes bench/results/cache-open.json. Also records the longest event-loop block while that list is written.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createLogger } from '../main/host/logger';
import { NoticeBoard } from '../main/host/notices';
import { SecretScrubber } from '../main/redaction/secret-scrubber';
import { OfflineCache } from '../main/cache/offline-cache';
import { writeResult, type BenchResult } from './support/results';

const JOBS = 20_000;
const RUNS = 15;
const KEY = 'jobs.list?namespace=*';

/** A job list stub shaped like the cluster API's GET /v1/jobs answer (cluster-api.md, List jobs). */
function jobStub(i: number) {
  const id = `svc-${i.toString(36)}-frontend`;
  return {
    ID: id, ParentID: '', Name: id, Namespace: i % 3 ? 'default' : 'batch', Datacenters: ['dc1', 'dc2'], NodePool: 'default', Multiregion: null,
    Type: i % 5 ? 'service' : 'batch', Priority: 50, Periodic: false, ParameterizedJob: false, Stop: false, Status: 'running', StatusDescription: '',
    JobSummary: {
      JobID: id, Namespace: 'default',
      Summary: { web: { Queued: 0, Complete: i % 7, Failed: 0, Running: 3, Starting: 0, Lost: 0, Unknown: 0 }, cache: { Queued: 0, Complete: 0, Failed: 1, Running: 1, Starting: 0, Lost: 0, Unknown: 0 } },
      Children: { Pending: 0, Running: 0, Dead: 0 }, CreateIndex: 10 + i, ModifyIndex: 20 + i,
    },
    CreateIndex: 10 + i, ModifyIndex: 20 + i, JobModifyIndex: 15 + i, SubmitTime: 1767225600000000000 + i * 1000, Meta: i % 4 ? null : { owner: `team-${i % 13}` },
  };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

async function main(): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'qd-bench-cache-'));
  const list = Array.from({ length: JOBS }, (_, i) => jobStub(i));
  const scrubber = new SecretScrubber();
  const open = () => OfflineCache.open({ dataDir, scrubber, notices: new NoticeBoard(), log: createLogger(dataDir, scrubber) });

  // Write once, watching the event loop: the longest gap between 1 ms ticks is the worst block.
  let writer = open();
  let last = performance.now();
  let maxBlockMs = 0;
  const ticker = setInterval(() => {
    const now = performance.now();
    maxBlockMs = Math.max(maxBlockMs, now - last);
    last = now;
  }, 1);
  const writeStart = performance.now();
  await writer.put('c1', KEY, list);
  const writeMs = performance.now() - writeStart;
  clearInterval(ticker);
  const storedBytes = writer.stats().bytes;
  await writer.close();

  const jsonFile = join(dataDir, 'jobs.json');
  writeFileSync(jsonFile, JSON.stringify(list));

  const baseline: number[] = [];
  const cached: number[] = [];
  const getOnly: number[] = [];
  for (let run = 0; run < RUNS; run++) {
    let start = performance.now();
    const parsed = JSON.parse(readFileSync(jsonFile, 'utf8')) as unknown[];
    baseline.push(performance.now() - start);

    start = performance.now();
    const cache = open();
    const openedAt = performance.now();
    const entry = cache.get<unknown[]>('c1', KEY);
    const end = performance.now();
    cached.push(end - start);
    getOnly.push(end - openedAt);
    if (entry?.value.length !== parsed.length) throw new Error('cache answered a different list');
    await cache.close();
  }

  const ratio = median(cached) / median(baseline);
  const result: BenchResult = {
    name: 'cache-open',
    ratio: Number(ratio.toFixed(3)),
    goal: 1.5,
    better: 'lower',
    details: {
      measures: 'opening the cache and reading a 20,000-job list vs readFileSync + JSON.parse of the same list',
      jobs: JOBS,
      runs: RUNS,
      baseline: 'readFileSync + JSON.parse of the same list',
      baselineMedianMs: Number(median(baseline).toFixed(2)),
      cacheOpenAndGetMedianMs: Number(median(cached).toFixed(2)),
      cacheGetOnlyMedianMs: Number(median(getOnly).toFixed(2)),
      jsonBytes: readFileSync(jsonFile).length,
      cachedBytes: storedBytes,
      writeOf20kListMs: Number(writeMs.toFixed(1)),
      maxEventLoopBlockDuringWriteMs: Number(maxBlockMs.toFixed(1)),
    },
  };
  writeResult(result);
  rmSync(dataDir, { recursive: true, force: true });
}

await main();
