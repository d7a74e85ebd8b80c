// Test set-up shared by the cluster service tests: a real ConnectionService over a SettingsStore in a temp dir and
// an in-memory vault (the OS keychain is covered by its own tests), and waits on change notices instead of sleeps.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ListChange, StreamBatch } from '../contract';
import { ConnectionService } from '../connections/connection-service';
import { SettingsStore } from '../connections/settings-store';
import { MemoryVault } from '../connections/token-vault';
import { HostError } from '../host/host-error';
import { createLogger } from '../host/logger';
import { NoticeBoard } from '../host/notices';
import { DatasetRegistry } from '../lists/dataset-registry';
import { SecretScrubber } from '../redaction/secret-scrubber';
import { createClusterService, type ClusterService, type ClusterServiceOptions } from './index';

export interface Harness {
  service: ClusterService;
  datasets: DatasetRegistry;
  connections: ConnectionService;
  connectionId: string;
  close(): Promise<void>;
}

export async function harness(url: string, token: string | null, options: Partial<ClusterServiceOptions> = {}): Promise<Harness> {
  const dir = mkdtempSync(join(tmpdir(), 'qd-cluster-'));
  const scrubber = new SecretScrubber();
  const log = createLogger(dir, scrubber);
  const connections = new ConnectionService(SettingsStore.open(dir, new NoticeBoard()), new MemoryVault(scrubber, 'tests'), log);
  const datasets = new DatasetRegistry();
  const service = createClusterService({ connections, datasets, log, options });
  const created = await connections.create({ kind: 'cluster', name: 'sim', address: url, namespace: 'default', tls: {}, ...(token ? { token } : {}) });
  return {
    service,
    datasets,
    connections,
    connectionId: created.profile.id,
    async close() {
      await service.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Resolves when `check` holds, re-checked on every change notice of the connection; fails after `timeoutMs`. */
export function untilChange(datasets: DatasetRegistry, connectionId: string, check: () => boolean | Promise<boolean>, timeoutMs = 20_000, what = 'condition'): Promise<void> {
  return new Promise((resolve, reject) => {
    let done = false;
    let busy = false;
    /** A notice that arrived while a check ran: check again after it, or the last change can go unseen. */
    let missed = false;
    const finish = (error?: Error) => {
      if (done) return;
      done = true;
      stop();
      clearTimeout(timer);
      if (error) reject(error);
      else resolve();
    };
    const test = async () => {
      if (done) return;
      if (busy) {
        missed = true;
        return;
      }
      busy = true;
      try {
        do {
          missed = false;
          if (await check()) finish();
        } while (missed && !done);
      } catch (error) {
        finish(error as Error);
      } finally {
        busy = false;
      }
    };
    const stop = datasets.listen(connectionId, () => void test());
    const timer = setTimeout(() => finish(new Error(`timed out waiting for ${what}`)), timeoutMs);
    void test();
  });
}

/** Subscribes to lists.changes as the host would and records every batch. */
export function listChanges(h: Harness): { batches: StreamBatch<ListChange>[]; next(predicate: (batch: StreamBatch<ListChange>) => boolean, timeoutMs?: number): Promise<StreamBatch<ListChange>>; close(): void } {
  const batches: StreamBatch<ListChange>[] = [];
  const waiters: { predicate: (batch: StreamBatch<ListChange>) => boolean; resolve: (batch: StreamBatch<ListChange>) => void }[] = [];
  const source = h.datasets.changesStream((id) => h.service.liveStatus(id))({ connectionId: h.connectionId }, (batch) => {
    const typed = batch as StreamBatch<ListChange>;
    batches.push(typed);
    for (const waiter of [...waiters]) if (waiter.predicate(typed)) (waiters.splice(waiters.indexOf(waiter), 1), waiter.resolve(typed));
  }, 'test-subscription');
  return {
    batches,
    next(predicate, timeoutMs = 20_000) {
      const seen = batches.find(predicate);
      if (seen) return Promise.resolve(seen);
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no lists.changes batch matched; last: ${JSON.stringify(batches.at(-1))}`)), timeoutMs);
        waiters.push({ predicate, resolve: (batch) => (clearTimeout(timer), resolve(batch)) });
      });
    },
    close: () => source.close(),
  };
}

export async function failure(promise: Promise<unknown>): Promise<HostError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof HostError) return error;
    throw error;
  }
  throw new Error('expected the call to fail');
}
