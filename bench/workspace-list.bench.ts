// Benchmark: listing every workspace of the simulator's 10,000-workspace organization through the host's own
// path (WorkspaceList over the paced WorkspaceClient, real HTTP to a simulator in its own process), as a ratio
// to the rate-limit floor: pages ÷ 30 requests per second (issue 5 §6; workspace-api.md, 30 requests/s per token).
// Also records time to the first rows (the list fills progressively) and how many 429s were met (none expected).
// Writes bench/results/workspace-list.json.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { MAX_PAGE_SIZE } from '../main/clients/workspace-api';
import { ConnectionService } from '../main/connections/connection-service';
import { SettingsStore } from '../main/connections/settings-store';
import { MemoryVault } from '../main/connections/token-vault';
import { createLogger } from '../main/host/logger';
import { NoticeBoard } from '../main/host/notices';
import { DatasetRegistry } from '../main/lists/dataset-registry';
import { SecretScrubber } from '../main/redaction/secret-scrubber';
import { Organizations } from '../main/workspace/organizations';
import { WorkspaceList } from '../main/workspace/workspace-list';
import { startSim } from '../e2e/support/processes';
import { writeResult } from './support/results';

const RUNS = 3;
/** The service's per-token limit; the floor is the time those requests need at exactly that rate. */
const LIMIT_PER_SECOND = 30;

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

async function main(): Promise<void> {
  const sim = await startSim(['--scale', 'large']);
  const dir = mkdtempSync(join(tmpdir(), 'qd-bench-wslist-'));
  const scrubber = new SecretScrubber();
  const log = createLogger(dir, scrubber);
  const connections = new ConnectionService(SettingsStore.open(dir, new NoticeBoard()), new MemoryVault(scrubber, 'bench'), log);
  const runs: Array<{ ms: number; firstRowsMs: number; rows: number; requests: number; rateLimited: number }> = [];
  try {
    for (let run = 0; run < RUNS; run++) {
      // A fresh connection, client and list each run: nothing is cached between runs.
      const created = await connections.create({ kind: 'workspace', name: `bench ${run}`, baseUrl: sim.url, organization: sim.organization, token: sim.workspaceToken });
      const connectionId = created.profile.id;
      const datasets = new DatasetRegistry();
      const list = new WorkspaceList(datasets, log);
      const organizations = new Organizations(connections, () => undefined);
      const organization = organizations.get(connectionId);
      const before = { ...organization.client.stats };
      const started = performance.now();
      const first = await list.query(organization, { connectionId, offset: 0, limit: 50 });
      const firstRowsMs = performance.now() - started;
      await list.settled(connectionId);
      const ms = performance.now() - started;
      const done = await list.query(organization, { connectionId, offset: 0, limit: 1 });
      if (first.rows.length === 0) throw new Error('the first window came back empty');
      if (done.loading || done.refreshError) throw new Error(`the list did not fill: ${done.refreshError?.message ?? 'still loading'}`);
      runs.push({ ms, firstRowsMs, rows: done.total, requests: organization.client.stats.requests - before.requests, rateLimited: organization.client.stats.rateLimited - before.rateLimited });
      console.log(`run ${run + 1}: ${done.total} workspaces in ${Math.round(ms)} ms (first rows after ${Math.round(firstRowsMs)} ms), ${runs.at(-1)!.requests} requests, ${runs.at(-1)!.rateLimited} × 429`);
      list.close();
      organizations.close();
      await connections.remove(connectionId);
      // Let the service's one-second window end, so each run starts from the same allowance.
      await delay(1100);
    }
  } finally {
    await sim.stop();
    rmSync(dir, { recursive: true, force: true });
  }

  const rows = runs[0].rows;
  const pages = Math.ceil(rows / MAX_PAGE_SIZE);
  const floorMs = (pages / LIMIT_PER_SECOND) * 1000;
  const medianMs = median(runs.map((r) => r.ms));
  writeResult({
    name: 'workspace-list',
    ratio: Number((medianMs / floorMs).toFixed(3)),
    goal: 1.3,
    better: 'lower',
    details: {
      measures: `time to list all ${rows} workspaces through the host (paced client, real HTTP) ÷ rate-limit floor (${pages} pages ÷ ${LIMIT_PER_SECOND}/s)`,
      workspaces: rows,
      pages,
      pageSize: MAX_PAGE_SIZE,
      floorMs: Math.round(floorMs),
      medianMs: Math.round(medianMs),
      runsMs: runs.map((r) => Math.round(r.ms)),
      firstRowsMs: runs.map((r) => Math.round(r.firstRowsMs)),
      requests: runs.map((r) => r.requests),
      rateLimited: runs.map((r) => r.rateLimited),
    },
  });
}

await main();
