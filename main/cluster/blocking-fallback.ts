// Keeps lists live with blocking queries where the token may not read the event stream's topics (design.md, Live
// data). The server counts long-lived requests per client and answers 429 past its limit, so a fixed budget of
// long-poll slots (4 by default) serves every list that needs polling, whatever views are open: each slot takes
// the next list in turn, and while a list waits for a slot the others wait briefly, so the lists rotate.
import { HostError } from '../host/host-error';
import type { Logger } from '../host/logger';
import type { PoolClient } from './client-pool';
import type { ClusterData } from './cluster-data';
import type { ClusterResource } from './datasets';

export interface BlockingFallbackOptions {
  /** Long-poll connections this cluster may hold at once. */
  maxLongPolls: number;
  /** Wait of a blocking query while no other list waits for a slot. */
  longWaitMs: number;
  /** Wait while another list waits for a slot, so slots rotate. */
  rotateWaitMs: number;
  /** Shortest time between two polls of one list: a list that changes all the time must not hog a slot. */
  minIntervalMs: number;
}

export const DEFAULT_BLOCKING: BlockingFallbackOptions = { maxLongPolls: 4, longWaitMs: 60_000, rotateWaitMs: 5_000, minIntervalMs: 1_000 };

const sleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => (clearTimeout(timer), resolve()), { once: true });
  });

export class BlockingFallback {
  private readonly queue: ClusterResource[] = [];
  private readonly needed = new Set<ClusterResource>();
  private readonly lastPoll = new Map<ClusterResource, number>();
  private readonly abort = new AbortController();
  private waiters: (() => void)[] = [];
  private workers = 0;
  private failures = 0;

  constructor(
    private readonly client: PoolClient,
    private readonly data: ClusterData,
    private readonly options: BlockingFallbackOptions,
    private readonly log: Logger,
    private readonly report: (state: 'live' | 'reconnecting', message?: string) => void,
  ) {}

  /** The lists that need polling now (active lists the event stream does not cover). */
  setNeeded(resources: readonly ClusterResource[]): void {
    for (const resource of resources) {
      if (this.needed.has(resource)) continue;
      this.needed.add(resource);
      this.queue.push(resource);
    }
    while (this.workers < Math.min(this.options.maxLongPolls, this.needed.size)) {
      this.workers++;
      void this.worker();
    }
    this.wakeAll();
  }

  get polling(): ClusterResource[] {
    return [...this.needed];
  }

  stop(): void {
    this.abort.abort();
    this.wakeAll();
  }

  private wakeAll(): void {
    const waiters = this.waiters;
    this.waiters = [];
    for (const resolve of waiters) resolve();
  }

  private async next(): Promise<ClusterResource | undefined> {
    while (!this.abort.signal.aborted) {
      const resource = this.queue.shift();
      if (resource) return resource;
      await new Promise<void>((resolve) => this.waiters.push(resolve));
    }
    return undefined;
  }

  private async worker(): Promise<void> {
    for (let resource = await this.next(); resource; resource = await this.next()) {
      const since = Date.now() - (this.lastPoll.get(resource) ?? 0);
      if (since < this.options.minIntervalMs) await sleep(this.options.minIntervalMs - since, this.abort.signal);
      try {
        await this.poll(resource);
        if (this.failures > 0) this.report('live');
        this.failures = 0;
      } catch (error) {
        if (this.abort.signal.aborted) return;
        this.failures++;
        const message = error instanceof HostError ? error.message : String(error);
        this.log.warn('blocking query failed', { connectionId: this.data.connectionId, resource, error: message });
        this.report('reconnecting', `Blocking query on ${resource} failed: ${message}`);
        await sleep(Math.min(30_000, 500 * 2 ** Math.min(this.failures, 6)), this.abort.signal);
      } finally {
        this.lastPoll.set(resource, Date.now());
      }
      if (this.abort.signal.aborted) return;
      this.queue.push(resource);
      this.wakeAll();
    }
  }

  /**
   * One blocking query with `per_page=1`: the answer is tiny and its X-Cluster-Index says whether the list moved.
   * When it did, the list is refetched in pages (the same reconcile as the first fill).
   */
  private async poll(resource: ClusterResource): Promise<void> {
    await this.data.settled(resource);
    const index = this.data.listIndex.get(resource) ?? 0;
    if (index === 0) return this.data.refetch(resource); // the first fill failed: try it again
    const waitMs = this.queue.length > 0 ? this.options.rotateWaitMs : this.options.longWaitMs;
    const blocking = { index, waitMs, signal: this.abort.signal };
    let now: number;
    if (resource === 'jobs') now = (await this.client.listJobs({ ...blocking, namespace: '*', perPage: 1 })).index;
    else if (resource === 'allocations') now = (await this.client.listAllocationPage({ ...blocking, namespace: '*', perPage: 1 })).index;
    else now = (await this.client.listNodes(blocking)).index;
    if (now !== index && !this.abort.signal.aborted) await this.data.refetch(resource);
  }
}
