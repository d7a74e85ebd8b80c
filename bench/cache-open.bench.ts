// Benchmark (issue 7): opening the jobs view of a cached 20,000-job cluster while its server is down. Each run starts
// a fresh host on a data folder whose offline cache holds the jobs list, with the cluster's address dead, and times
// the first `jobs.query` window (cache read, decode, dataset build, sort, window) against the baseline of reading and
// decoding the same cache entry alone (OfflineCache.get). Goal: ratio ≤ 1.5. Writes bench/results/cache-open.json.
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BridgeResult, ConnectionSummary, JobRow, ListWindow } from '../main/contract';
import type { JobListStub } from '../main/contract/cluster-models';
import { createHost, type Host } from '../main/host/create-host';
import { createLogger } from '../main/host/logger';
import { NoticeBoard } from '../main/host/notices';
import { SecretScrubber } from '../main/redaction/secret-scrubber';
import { OfflineCache } from '../main/cache/offline-cache';
import { listKey } from '../main/cache/dataset-snapshots';
import { jobRowFromStub } from '../main/cluster/rows';
import { writeResult, type BenchResult } from './support/results';

const JOBS = 20_000;
const RUNS = 9;
const session = { id: 'bench' };

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

/** Process CPU time in ms: steadier than wall time on a shared machine, reported next to it. */
const cpuMs = () => {
  const usage = process.cpuUsage();
  return (usage.user + usage.system) / 1000;
};
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

async function deadAddress(): Promise<string> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return `http://127.0.0.1:${port}`;
}

function openHost(dataDir: string): Promise<Host> {
  return createHost({
    dataDir,
    shell: { mode: 'web', openExternal: async () => undefined },
    env: {},
    // No keychain needed: the connection has no token, and a memory vault keeps the bench off the OS keychain.
    loadKeychain: async () => {
      throw new Error('no keychain in the benchmark');
    },
  });
}

function unwrap<T>(result: BridgeResult<unknown>): T {
  if (!result.ok) throw new Error(`${result.error.code}: ${result.error.message}`);
  return result.value as T;
}

async function main(): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'qd-bench-cache-open-'));
  const address = await deadAddress();

  // A data folder as the operator left it: one cluster connection, its jobs list in the offline cache.
  const setup = await openHost(dataDir);
  await setup.ready;
  const created = unwrap<ConnectionSummary>(await setup.invoke('connections.create', { kind: 'cluster', name: 'prod', address, namespace: 'default' }, session));
  const connectionId = created.profile.id;
  await setup.shutdown();
  // In the order the jobs API lists them (by ID), which is the order a snapshot of the held list keeps.
  const rows: JobRow[] = Array.from({ length: JOBS }, (_, i) => jobRowFromStub(jobStub(i) as unknown as JobListStub)).sort((a, b) => (a.ID < b.ID ? -1 : 1));
  const scrubber = new SecretScrubber();
  const open = () => OfflineCache.open({ dataDir, scrubber, notices: new NoticeBoard(), log: createLogger(dataDir, scrubber) });
  const writer = open();
  await writer.put(connectionId, listKey('jobs'), rows);
  const storedBytes = writer.stats().bytes;
  await writer.close();

  const viaHost: number[] = [];
  const baseline: number[] = [];
  const viaHostCpu: number[] = [];
  const baselineCpu: number[] = [];
  let firstWindow: ListWindow<JobRow> | null = null;
  for (let run = 0; run < RUNS; run++) {
    globalThis.gc?.();
    // Baseline: the cache entry alone, read and decoded (the cache already open, as it is inside the host).
    const cache = open();
    let start = performance.now();
    let cpu = cpuMs();
    const entry = cache.get<JobRow[]>(connectionId, listKey('jobs'));
    baseline.push(performance.now() - start);
    baselineCpu.push(cpuMs() - cpu);
    if (entry?.value.length !== JOBS) throw new Error('the cache answered a different list');
    await cache.close();

    globalThis.gc?.();
    const host = await openHost(dataDir);
    await host.ready; // start-up's health test finds the address dead
    start = performance.now();
    cpu = cpuMs();
    const window = unwrap<ListWindow<JobRow>>(await host.invoke('jobs.query', { connectionId, offset: 0, limit: 60 }, session));
    viaHost.push(performance.now() - start);
    viaHostCpu.push(cpuMs() - cpu);
    if (window.source !== 'cache' || window.total !== JOBS || window.rows.length !== 60) throw new Error(`unexpected first window: ${window.source}, ${window.total} rows`);
    firstWindow = window;
    await host.shutdown();
  }

  const ratio = median(viaHost) / median(baseline);
  const result: BenchResult = {
    name: 'cache-open',
    ratio: Number(ratio.toFixed(3)),
    goal: 1.5,
    better: 'lower',
    details: {
      measures: "first jobs.query window of a cached 20,000-job cluster, server down, through a fresh host vs reading + decoding the cache entry alone",
      jobs: JOBS,
      runs: RUNS,
      hostFirstWindowMedianMs: Number(median(viaHost).toFixed(2)),
      cacheGetAndDecodeMedianMs: Number(median(baseline).toFixed(2)),
      cpuRatio: Number((median(viaHostCpu) / median(baselineCpu)).toFixed(3)),
      hostFirstWindowCpuMedianMs: Number(median(viaHostCpu).toFixed(2)),
      cacheGetAndDecodeCpuMedianMs: Number(median(baselineCpu).toFixed(2)),
      hostFirstWindowMs: viaHost.map((ms) => Number(ms.toFixed(1))),
      cacheGetMs: baseline.map((ms) => Number(ms.toFixed(1))),
      cachedBytes: storedBytes,
      firstWindow: { source: firstWindow?.source, asOf: firstWindow?.asOf, loading: firstWindow?.loading },
    },
  };
  writeResult(result);
  rmSync(dataDir, { recursive: true, force: true });
}

await main();
