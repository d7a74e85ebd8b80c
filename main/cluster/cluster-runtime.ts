// Everything one cluster connection runs: its client, datasets, job re-reads and live feed. Built on first use,
// closed as a whole when the connection's settings or token change or it is removed.
import type { DatasetRestorer } from '../cache/dataset-snapshots';
import type { DatasetRegistry } from '../lists/dataset-registry';
import type { Logger } from '../host/logger';
import type { StreamManager } from '../streams/stream-manager';
import type { PoolClient } from './client-pool';
import { ClusterData } from './cluster-data';
import type { ClusterResource } from './datasets';
import { JobRefresher } from './job-refresh';
import { LiveFeed, type LiveFeedOptions } from './live-feed';
import type { LiveStatus } from './live-status';

export class ClusterRuntime {
  readonly data: ClusterData;
  readonly refresher: JobRefresher;
  readonly live: LiveFeed;

  constructor(
    readonly connectionId: string,
    readonly client: PoolClient,
    registry: DatasetRegistry,
    streams: StreamManager,
    status: LiveStatus,
    options: LiveFeedOptions,
    log: Logger,
    restorer?: DatasetRestorer,
  ) {
    this.data = new ClusterData(connectionId, client, registry, log, restorer);
    this.refresher = new JobRefresher(client, this.data, log);
    this.live = new LiveFeed(`cluster-live-${connectionId}`, client, this.data, this.refresher, streams, status, options, log);
  }

  /** A view asked for a list: the live feed starts (once), then the list fills from the server. */
  ensure(resource: ClusterResource): void {
    const ready = this.live.start();
    if (this.data.ensure(resource, ready).length) this.live.refreshNeeds();
  }

  close(): void {
    this.live.close();
    this.refresher.close();
    this.data.close();
  }
}
