// Keeps one connection's datasets live: one event stream per cluster for every view (design.md, Live data),
// through the shared stream manager (main/streams), which resumes from the last index, drops duplicates, reports
// gaps and treats a missing heartbeat as a dead connection. Here: what a batch does to the datasets, refetching
// after a gap, and blocking queries for the lists the token's stream cannot cover.
import type { ClusterEvent, StreamBatch } from '../contract';
import type { Logger } from '../host/logger';
import type { ClusterEventProtocol } from '../streams/cluster-event-protocol';
import type { StreamManager } from '../streams/stream-manager';
import type { StreamSource } from '../streams/subscription-registry';
import type { BatchPolicy } from '../streams/subscriber-feed';
import { ClusterEventProtocol as EventProtocol } from '../streams/cluster-event-protocol';
import { streamKey } from '../streams/stream-params';
import { BlockingFallback, type BlockingFallbackOptions } from './blocking-fallback';
import type { PoolClient } from './client-pool';
import type { ClusterData } from './cluster-data';
import type { ClusterResource } from './datasets';
import { applyClusterEvents } from './event-patches';
import type { JobRefresher } from './job-refresh';
import type { LiveStatus } from './live-status';

export interface LiveFeedOptions {
  /** The server's heartbeat interval; no frame for 2× this means a dead connection. */
  eventHeartbeatMs: number;
  blocking: BlockingFallbackOptions;
}

interface StreamPlan {
  topics: string[];
  namespace: string;
  covers: ClusterResource[];
}

/** Events reach the datasets at most every 100 ms: one re-sort per dataset per batch, however fast they come. */
const BATCH: BatchPolicy = { intervalMs: 100, maxItems: 5_000, bufferItems: 50_000 };

const describe = (resources: readonly ClusterResource[]) => resources.join(', ') || 'nothing';

export class LiveFeed {
  private source: StreamSource | undefined;
  private plans: StreamPlan[];
  private plan: StreamPlan | undefined;
  private fallback: BlockingFallback | undefined;
  private refusal: string | undefined;
  private startIndex = 0;
  private closed = false;
  private opened = false;
  /** Resolves once the stream's start index is fixed; the first list fetches wait for it. */
  ready: Promise<void> | undefined;

  constructor(
    private readonly subscriptionId: string,
    private readonly client: PoolClient,
    private readonly data: ClusterData,
    private readonly refresher: JobRefresher,
    private readonly streams: StreamManager,
    private readonly status: LiveStatus,
    private readonly options: LiveFeedOptions,
    private readonly log: Logger,
  ) {
    // The namespaced topics with `*` need a management token or a policy for every namespace; a token without
    // one may still read Node events (cluster-api.md, Event stream), so that is tried next.
    this.plans = [
      { topics: ['Job', 'Allocation', 'Node', 'Deployment', 'Evaluation'], namespace: '*', covers: ['jobs', 'allocations', 'nodes'] },
      { topics: ['Node'], namespace: client.namespace, covers: ['nodes'] },
    ];
  }

  /** Starts the feed once; every later call only re-checks which lists need blocking queries. */
  start(): Promise<void> {
    this.ready ??= this.currentIndex().then((index) => {
      this.startIndex = index;
      if (!this.closed) this.openNext();
    });
    this.refreshNeeds();
    return this.ready;
  }

  /** A list became active: if the stream does not cover it, blocking queries must. */
  refreshNeeds(): void {
    this.updateFallback();
  }

  close(): void {
    this.closed = true;
    this.source?.close();
    this.source = undefined;
    this.fallback?.stop();
  }

  get coveredByStream(): ClusterResource[] {
    return this.plan?.covers ?? [];
  }

  get pollingResources(): ClusterResource[] {
    return this.fallback?.polling ?? [];
  }

  /**
   * The stream starts at the cluster's index now, so the backlog is not replayed over fresh lists; the lists are
   * fetched after it, so nothing between the two is missed (replayed changes are no older than the rows).
   */
  private async currentIndex(): Promise<number> {
    const probes = await Promise.all([
      this.client.listAllocationPage({ namespace: '*', perPage: 1 }).then((page) => page.index, () => 0),
      this.client.listJobs({ namespace: '*', perPage: 1 }).then((page) => page.index, () => 0),
      this.client.listNodes({ prefix: '00' }).then((list) => list.index, () => 0),
    ]);
    return Math.max(...probes);
  }

  private openNext(): void {
    this.opened = true;
    this.source?.close();
    this.source = undefined;
    this.plan = this.plans.shift();
    this.updateFallback();
    if (!this.plan) return;
    const plan = this.plan;
    const params = { connectionId: this.data.connectionId, topics: plan.topics, namespace: plan.namespace, index: this.startIndex };
    try {
      this.source = this.streams.open<ClusterEvent, ClusterEventProtocol>({
        connectionId: params.connectionId,
        key: streamKey('events.cluster', params),
        subscriptionId: this.subscriptionId,
        emit: (batch) => this.onBatch(plan, batch),
        protocol: () => new EventProtocol(params, this.options.eventHeartbeatMs),
        batch: BATCH,
        history: null,
        onJoin: (protocol, feed, joinedRunning) => {
          // Joined a stream an events view already runs: what it saw before now is missing here.
          if (joinedRunning && protocol.cursor.lastIndex > this.startIndex) feed.addGap({ fromIndex: this.startIndex, toIndex: protocol.cursor.lastIndex });
        },
      });
    } catch (error) {
      this.refusal = (error as Error).message;
      this.openNext();
    }
  }

  private onBatch(plan: StreamPlan, batch: StreamBatch<ClusterEvent>): void {
    if (this.closed || plan !== this.plan) return;
    if (batch.items.length) applyClusterEvents(batch.items, this.data, this.refresher);
    if (batch.gap || batch.dropped > 0) {
      // The server skipped past events we never saw (cluster-api.md, Event stream): lists older than the skip are
      // refetched. The cursor also reports a first frame past the start index as a gap, though the lists fetched
      // after that index already hold what lies between; `mayMiss` spares those a second fetch.
      const gap = batch.dropped > 0 || !batch.gap ? { fromIndex: 0, toIndex: Number.MAX_SAFE_INTEGER } : batch.gap;
      const stale = plan.covers.filter((resource) => this.data.mayMiss(resource, gap));
      if (stale.length) this.log.info('event stream gap; refetching lists', { connectionId: this.data.connectionId, gap: batch.gap, dropped: batch.dropped, stale });
      for (const resource of stale) void this.data.refetch(resource);
    }
    if (batch.status === 'ended') {
      this.refusal = batch.message;
      this.log.info('event stream refused; trying a narrower stream or blocking queries', { connectionId: this.data.connectionId, topics: plan.topics });
      this.openNext();
      return;
    }
    if (batch.status === 'live') this.reportLive();
    else this.status.set(batch.status, batch.message);
  }

  /** The active lists the stream does not cover go to the blocking-query scheduler. */
  private updateFallback(): void {
    if (this.closed || !this.opened) return; // until a stream was tried, nothing is known to be uncovered
    const covered = this.plan?.covers ?? [];
    const uncovered = this.data.active.filter((resource) => !covered.includes(resource));
    if (uncovered.length) {
      this.fallback ??= new BlockingFallback(this.client, this.data, this.options.blocking, this.log, (state, message) => {
        if (state === 'live') this.reportLive();
        else this.status.set('reconnecting', message);
      });
      this.fallback.setNeeded(uncovered);
    }
    if (!this.plan) this.reportLive();
  }

  private reportLive(): void {
    const polling = this.pollingResources;
    if (polling.length === 0) return this.status.set('live');
    const why = this.refusal ? ` (${firstSentence(this.refusal)})` : '';
    const stream = this.plan ? `Event stream limited to ${describe(this.plan.covers)}${why}` : `Event stream refused${why}`;
    this.status.set('live', `${stream}; using blocking queries for ${describe(polling)}.`);
  }
}

function firstSentence(text: string): string {
  const cut = text.search(/\.\s/);
  return (cut > 0 ? text.slice(0, cut) : text).replace(/\.$/, '').slice(0, 200);
}
