// The offline side of the host in one place (issue 7): opens the cache under <dataDir>/cache, tracks each
// connection's availability, snapshots and restores the held lists, wraps the handlers for stale-while-revalidate
// reads, answers `cache.*`, and refreshes a connection's lists by itself when its server is back.
import type { CacheMethods, CacheStatsResult, ConnectionTestReport, ConnectionProfile } from '../contract';
import type { ConnectionChange } from '../connections/connection-service';
import { HostError } from '../host/host-error';
import type { Logger } from '../host/logger';
import type { NoticeBoard } from '../host/notices';
import type { MethodHandlers } from '../host/router';
import type { DatasetRegistry } from '../lists/dataset-registry';
import type { SecretScrubber } from '../redaction/secret-scrubber';
import type { StreamFactory } from '../streams/subscription-registry';
import { AvailabilityTracker, type AvailabilityOptions } from './availability';
import { DatasetSnapshots, type SnapshotOptions } from './dataset-snapshots';
import { DEFAULT_MAX_BYTES, OfflineCache } from './offline-cache';
import { withOfflineReads } from './offline-reads';

/** Every held list a connection may have; a recovery tells open views to re-query each. */
export const LIST_RESOURCES = ['jobs', 'allocations', 'nodes', 'workspaces'] as const;

export interface OfflineHostDeps {
  dataDir: string;
  scrubber: SecretScrubber;
  notices: NoticeBoard;
  log: Logger;
  datasets: DatasetRegistry;
  /** The connection service's pieces this needs: its health test, profiles and change notices. */
  connections: {
    test(id: string): Promise<ConnectionTestReport>;
    profile(id: string): ConnectionProfile;
    onChange(listener: (change: ConnectionChange) => void): () => void;
  };
  /** Every saved profile at start-up, to notice later when one's address changes. */
  profiles: () => ConnectionProfile[];
  /** Cache bound in MB from settings; undefined means the default (≈500 MB). */
  maxMB?: number;
  availability?: Partial<AvailabilityOptions>;
  snapshots?: Partial<SnapshotOptions>;
  /** Runs without the offline cache (benchmarks' control run); availability tracking still works. */
  cacheDisabled?: boolean;
}

type CacheHandlers = { [M in keyof CacheMethods]: (params: CacheMethods[M]['params']) => Promise<CacheMethods[M]['result']> };

export interface OfflineHost {
  cache: OfflineCache | null;
  availability: AvailabilityTracker;
  snapshots: DatasetSnapshots | null;
  handlers: CacheHandlers;
  availabilityStream: StreamFactory;
  /** Adds stale-while-revalidate and availability reporting around the services' handlers. */
  wrap(handlers: MethodHandlers): MethodHandlers;
  /** What to refresh when a connection's server is back (each service adds its own part). */
  onRecovered(refresh: (connectionId: string) => void): void;
  setMaxMB(maxMB: number | undefined): Promise<void>;
  close(): Promise<void>;
}

function endpointOf(profile: ConnectionProfile): string {
  return profile.kind === 'cluster' ? `${profile.address}|${profile.region ?? ''}` : `${profile.baseUrl}|${profile.organization}`;
}

export function createOfflineHost(deps: OfflineHostDeps): OfflineHost {
  const { log, notices, datasets, connections } = deps;
  const maxBytes = (mb: number | undefined) => (mb ? mb * 1024 * 1024 : DEFAULT_MAX_BYTES);
  let cache: OfflineCache | null = null;
  try {
    if (!deps.cacheDisabled) cache = OfflineCache.open({ dataDir: deps.dataDir, scrubber: deps.scrubber, notices, log, maxBytes: maxBytes(deps.maxMB) });
  } catch (error) {
    // Not fatal: the app works online without it; the person learns why offline data is missing.
    log.error('offline cache unavailable', { error: (error as Error).message });
    notices.add('warning', 'Offline cache unavailable', `The offline cache under ${deps.dataDir} could not be opened (${(error as Error).message}). Views load from the servers only and show nothing while a server is unreachable. Check the folder's permissions and free space, then restart.`);
  }
  const availability = new AvailabilityTracker((id) => connections.test(id), log, deps.availability);
  const snapshots = cache ? new DatasetSnapshots(cache, datasets, availability, log, deps.snapshots) : null;
  const recoveries: Array<(connectionId: string) => void> = [];

  // Gone: lists held in memory are now only the last known copy; they say so (cached, with the reason) until the
  // server is back, and open views re-query to show it.
  const stopMarking = availability.subscribe((next, previous) => {
    if (next.state !== 'unreachable' || previous?.state === 'unreachable' || !next.error) return;
    for (const resource of LIST_RESOURCES) {
      const dataset = datasets.existing(next.connectionId, resource);
      if (!dataset) continue;
      dataset.refreshError = next.error;
      if (dataset.source === 'live') dataset.source = 'cache';
      dataset.version++;
      datasets.notify(next.connectionId, resource);
    }
  });

  // Back online: every service refreshes what it holds, and open views re-query their windows.
  const stopRecovery = availability.subscribe((next, previous) => {
    if (next.state !== 'reachable' || previous?.state !== 'unreachable') return;
    for (const refresh of recoveries) {
      try {
        refresh(next.connectionId);
      } catch (error) {
        log.warn('refresh after reconnecting failed', { connectionId: next.connectionId, error: (error as Error).message });
      }
    }
    for (const resource of LIST_RESOURCES) datasets.notify(next.connectionId, resource);
  });

  // A removed connection's cache goes with it; a changed address makes its cached data another server's.
  const endpoints = new Map<string, string>(deps.profiles().map((profile) => [profile.id, endpointOf(profile)]));
  const stopWatching = connections.onChange(({ id, kind }) => {
    availability.forget(id);
    if (kind === 'token') return;
    let endpoint: string | null = null;
    try {
      endpoint = kind === 'removed' ? null : endpointOf(connections.profile(id));
    } catch {
      endpoint = null;
    }
    const before = endpoints.get(id);
    if (endpoint !== null) endpoints.set(id, endpoint);
    else endpoints.delete(id);
    if (kind === 'removed' || before !== endpoint) {
      void cache?.clear(id).catch((error: unknown) => log.warn('offline cache not cleared for a changed connection', { id, error: (error as Error).message }));
    }
  });

  const stats = (): CacheStatsResult => {
    if (!cache) return { enabled: false, entries: 0, bytes: 0, maxBytes: 0, connections: {}, evictions: 0, writes: 0 };
    const s = cache.stats();
    return { enabled: true, entries: s.entries, bytes: s.bytes, maxBytes: s.maxBytes, connections: s.connections, evictions: s.evictions, writes: s.writes };
  };

  const handlers: CacheHandlers = {
    'cache.stats': async () => stats(),
    'cache.clear': async ({ connectionId }) => {
      if (!cache) throw new HostError('internal', 'The offline cache is not available in this session, so there is nothing to clear. Restart the app to try opening it again.');
      if (connectionId) {
        connections.profile(connectionId); // not_found for an unknown id, with its own message
        await cache.clear(connectionId);
        log.info('offline cache cleared for a connection', { connectionId });
      } else {
        await cache.clearAll();
        log.info('offline cache cleared');
      }
      return stats();
    },
  };

  return {
    cache,
    availability,
    snapshots,
    handlers,
    availabilityStream: availability.stream(),
    wrap: (all) => withOfflineReads(all, { cache, availability, log }),
    onRecovered: (refresh) => void recoveries.push(refresh),
    async setMaxMB(maxMB) {
      await cache?.setMaxBytes(maxBytes(maxMB));
    },
    async close() {
      stopMarking();
      stopRecovery();
      stopWatching();
      availability.close();
      await snapshots?.flush().catch(() => undefined);
      snapshots?.close();
      await cache?.close().catch((error: unknown) => log.warn('offline cache did not close cleanly', { error: (error as Error).message }));
    },
  };
}
