// The cluster service: every jobs.*, allocations.* and nodes.* method, the live state behind `lists.changes`, and
// the per-connection runtimes (client, datasets, event stream) that are rebuilt when a connection changes.
import type { ClusterMethods, StreamStatus } from '../contract';
import type { ConnectionService } from '../connections/connection-service';
import type { DatasetRestorer } from '../cache/dataset-snapshots';
import type { DatasetRegistry } from '../lists/dataset-registry';
import type { Logger } from '../host/logger';
import { DEFAULT_TUNING, StreamManager } from '../streams/stream-manager';
import { DEFAULT_BLOCKING, type BlockingFallbackOptions } from './blocking-fallback';
import { ClientPool } from './client-pool';
import { ClusterRuntime } from './cluster-runtime';
import { CLUSTER_RESOURCES } from './datasets';
import { allocNodeHandlers } from './handlers-allocs-nodes';
import { jobHandlers } from './handlers-jobs';
import { LiveStatus } from './live-status';

export { clusterSchemas } from './schemas';

export interface ClusterServiceOptions {
  /** Heartbeat interval of the clusters' event streams (the simulator's default is 30 s). */
  eventHeartbeatMs: number;
  blocking: BlockingFallbackOptions;
}

export interface ClusterServiceDeps {
  connections: ConnectionService;
  datasets: DatasetRegistry;
  log: Logger;
  /**
   * The host's stream manager, so the `events.cluster` stream of an events view and these lists share one upstream
   * when their topics match; without it the service keeps its own.
   */
  streams?: StreamManager;
  options?: Partial<ClusterServiceOptions>;
  /** The offline cache's last known rows for new datasets (issue 7); without it lists start empty. */
  offline?: DatasetRestorer;
}

export interface LiveStatusView {
  readonly status: StreamStatus;
  readonly message?: string;
  subscribe(onStatus: () => void): () => void;
}

export type ClusterHandlers = { [M in keyof ClusterMethods]: (params: ClusterMethods[M]['params']) => Promise<ClusterMethods[M]['result']> };

export interface ClusterService {
  handlers: ClusterHandlers;
  /** Live state of a connection's upstream for the lists.changes stream: live, reconnecting, offline, connecting. */
  liveStatus(connectionId: string): LiveStatusView;
  close(): Promise<void>;
  /** For tests and diagnostics: the runtime of a connection, if one runs. */
  runtimeOf(connectionId: string): ClusterRuntime | undefined;
}

export function createClusterService(deps: ClusterServiceDeps): ClusterService {
  const { connections, datasets, log } = deps;
  const options: ClusterServiceOptions = { eventHeartbeatMs: 30_000, blocking: DEFAULT_BLOCKING, ...deps.options };
  const pool = new ClientPool(connections);
  const ownStreams = deps.streams
    ? null
    : new StreamManager({ transportFor: (id) => pool.client(id).streamTransport, tokenFor: (id) => connections.tokenFor(id) }, DEFAULT_TUNING);
  const streams = deps.streams ?? ownStreams!;
  const runtimes = new Map<string, ClusterRuntime>();
  const statuses = new Map<string, LiveStatus>();
  let closed = false;

  const statusOf = (connectionId: string): LiveStatus => {
    let status = statuses.get(connectionId);
    if (!status) statuses.set(connectionId, (status = new LiveStatus()));
    return status;
  };

  /** The connection's runtime, built on first use; throws not_found, or invalid_input for a workspace connection. */
  const runtimeOf = (connectionId: string): ClusterRuntime => {
    let runtime = runtimes.get(connectionId);
    if (!runtime) {
      const client = pool.client(connectionId);
      runtime = new ClusterRuntime(connectionId, client, datasets, streams, statusOf(connectionId), options, log, deps.offline);
      runtimes.set(connectionId, runtime);
    }
    return runtime;
  };

  const isCluster = (connectionId: string): boolean => {
    try {
      return connections.profile(connectionId).kind === 'cluster';
    } catch {
      return false;
    }
  };

  // A changed address, TLS setting or token makes the old client and everything fetched with it suspect.
  const stopWatching = connections.onChange(({ id, kind }) => {
    const runtime = runtimes.get(id);
    runtime?.close();
    runtimes.delete(id);
    pool.drop(id);
    if (!runtime) return;
    datasets.forget(id);
    // Open views re-query and so refill from the server with the new settings.
    for (const resource of CLUSTER_RESOURCES) datasets.notify(id, resource);
    const status = statuses.get(id);
    if (kind === 'removed') {
      status?.set('ended', 'The connection was removed.');
      statuses.delete(id);
    } else if (status?.watched && !closed) {
      status.set('connecting');
      void runtimeOf(id).live.start();
    }
  });

  return {
    handlers: { ...jobHandlers(runtimeOf), ...allocNodeHandlers(runtimeOf) },
    liveStatus(connectionId) {
      const status = statusOf(connectionId);
      return {
        get status() {
          return status.status;
        },
        get message() {
          return status.message;
        },
        subscribe(onStatus) {
          const stop = status.subscribe(onStatus);
          // A lists.changes subscriber is a reason to be live, even before its view queries a list.
          if (!closed && isCluster(connectionId)) void runtimeOf(connectionId).live.start();
          return stop;
        },
      };
    },
    runtimeOf: (connectionId) => runtimes.get(connectionId),
    async close() {
      closed = true;
      stopWatching();
      for (const runtime of runtimes.values()) runtime.close();
      runtimes.clear();
      ownStreams?.closeAll();
      pool.closeAll();
    },
  };
}
