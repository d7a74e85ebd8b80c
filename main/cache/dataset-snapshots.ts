// The held lists (jobs, allocations, nodes, workspaces) in the offline cache: restored into a new dataset on the first
// query after start or a switch, so the view shows the last known rows at once (source 'cache' with their age), and
// snapshotted after they change, throttled, so a 1,000 events/s stream writes each list a few times a minute. The
// cache prepares a snapshot in slices, so taking one never blocks the event loop for long.
import type { Logger } from '../host/logger';
import type { DatasetRegistry } from '../lists/dataset-registry';
import type { ListDataset } from '../lists/list-dataset';
import { isOfflineError, type AvailabilityTracker } from './availability';
import type { OfflineCache } from './offline-cache';
import { timeStep } from './step-timer';

export interface SnapshotOptions {
  /** At most one snapshot of a list per this window (the first one after a fill comes after `firstDelayMs`). */
  throttleMs: number;
  firstDelayMs: number;
}

export const DEFAULT_SNAPSHOTS: SnapshotOptions = { throttleMs: 10_000, firstDelayMs: 250 };

/** What a service needs from the cache for its datasets: the last known rows, once, when a dataset is created. */
export interface DatasetRestorer {
  /**
   * Puts the cached rows of a new dataset in through `apply` (so services keep their derived counts right), then
   * marks it as cached data with its age. Returns the number of rows restored (0: nothing cached).
   */
  restore<Row>(connectionId: string, resource: string, dataset: ListDataset<Row>, apply: (rows: Row[]) => void): number;
  /** True while the connection's server is known not to answer: refreshing a list now would only fail again. */
  isUnreachable(connectionId: string): boolean;
}

export function listKey(resource: string): string {
  return `list:${resource}`;
}

export class DatasetSnapshots implements DatasetRestorer {
  private readonly timers = new Map<string, NodeJS.Timeout>();
  private readonly lastSnapshotAt = new Map<string, number>();
  private readonly stopObserving: () => void;
  private readonly options: SnapshotOptions;

  constructor(
    private readonly cache: OfflineCache,
    private readonly registry: DatasetRegistry,
    private readonly availability: AvailabilityTracker,
    private readonly log: Logger,
    options: Partial<SnapshotOptions> = {},
  ) {
    this.options = { ...DEFAULT_SNAPSHOTS, ...options };
    this.stopObserving = registry.observe((connectionId, resource) => this.changed(connectionId, resource));
  }

  restore<Row>(connectionId: string, resource: string, dataset: ListDataset<Row>, apply: (rows: Row[]) => void): number {
    let hit: ReturnType<OfflineCache['get']> = null;
    try {
      hit = this.cache.get<Row[]>(connectionId, listKey(resource));
    } catch (error) {
      this.log.warn('offline cache read failed; the list loads from the server', { connectionId, resource, error: (error as Error).message });
    }
    if (!hit || !Array.isArray(hit.value)) return 0;
    apply(hit.value as Row[]);
    dataset.source = 'cache';
    dataset.asOf = new Date(hit.storedAt).toISOString();
    dataset.refreshError = undefined;
    dataset.version++;
    // A fill from the server follows; until it ends, the dataset still counts as loading.
    dataset.loading = true;
    return hit.value.length;
  }

  isUnreachable(connectionId: string): boolean {
    return this.availability.isUnreachable(connectionId);
  }

  /** Writes every list waiting for its throttle window now (shutdown, tests). */
  async flush(): Promise<void> {
    for (const [key, timer] of [...this.timers]) {
      clearTimeout(timer);
      this.timers.delete(key);
      const [connectionId, resource] = key.split('\u0000');
      this.snapshot(connectionId, resource);
    }
    await this.cache.flush();
  }

  close(): void {
    this.stopObserving();
    for (const timer of this.timers.values()) clearTimeout(timer);
    this.timers.clear();
  }

  private changed(connectionId: string, resource: string): void {
    const dataset = this.registry.existing(connectionId, resource);
    if (!dataset) return;
    // A failed fill is the earliest sign a server went away while nobody was calling it.
    if (isOfflineError(dataset.refreshError)) this.availability.report(connectionId, dataset.refreshError);
    if (!this.worthSaving(dataset)) return;
    const key = `${connectionId}\u0000${resource}`;
    if (this.timers.has(key)) return;
    const last = this.lastSnapshotAt.get(key);
    const delay = last === undefined ? this.options.firstDelayMs : Math.max(this.options.firstDelayMs, last + this.options.throttleMs - Date.now());
    const timer = setTimeout(() => {
      this.timers.delete(key);
      this.snapshot(connectionId, resource);
    }, delay);
    timer.unref?.();
    this.timers.set(key, timer);
  }

  /** Only complete lists from the server: a half-filled or cache-only list would replace a better snapshot. */
  private worthSaving(dataset: ListDataset<unknown>): boolean {
    return !dataset.loading && dataset.source === 'live' && dataset.refreshError === undefined && dataset.asOf !== null;
  }

  private snapshot(connectionId: string, resource: string): void {
    const dataset = this.registry.existing(connectionId, resource);
    if (!dataset || !this.worthSaving(dataset)) return;
    this.lastSnapshotAt.set(`${connectionId}\u0000${resource}`, Date.now());
    // In the dataset's own order (the server's, then changes): sorting 20,000 rows here on every snapshot of a busy
    // list cost more event-loop time (~30 ms) than it saved when restoring, where the sort happens once.
    const rows = timeStep('snapshot rows', () => dataset.all());
    this.cache.put(connectionId, listKey(resource), rows).catch((error: unknown) => {
      this.log.warn('offline snapshot of a list not written', { connectionId, resource, error: (error as Error).message });
    });
  }
}
