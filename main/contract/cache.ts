// The offline cache and connection availability as the renderer sees them (issue 7): stats, "Clear cache", and
// the pushed reachable / unreachable state that gates actions and drives the offline banner.
import type { BridgeError } from './errors';

export interface CacheConnectionUsage {
  entries: number;
  bytes: number;
}

export interface CacheStatsResult {
  /** False when the cache could not be opened at all; reads then come from the server only. */
  enabled: boolean;
  entries: number;
  bytes: number;
  maxBytes: number;
  /** Per connection id. */
  connections: Record<string, CacheConnectionUsage>;
  evictions: number;
  /** Entries written since the app started (snapshots and detail reads, after coalescing). */
  writes: number;
}

export type AvailabilityState = 'unknown' | 'reachable' | 'unreachable';

/** Whether a connection's server answers, learned from every call and stream, and re-tested in the background. */
export interface ConnectionAvailability {
  connectionId: string;
  state: AvailabilityState;
  /** ISO time the state last changed. */
  since: string;
  /** Why it is unreachable: what failed and what to do. */
  error?: BridgeError;
  /** ISO time of the next background re-test while unreachable. */
  nextRetryAt?: string;
  /** Re-tests made since it became unreachable. */
  attempts: number;
}

export interface CacheMethods {
  /** Cache size, bound and usage per connection. */
  'cache.stats': { params: Record<string, never>; result: CacheStatsResult };
  /** "Clear cache": one connection's cached lists and details, or all of them without `connectionId`. */
  'cache.clear': { params: { connectionId?: string }; result: CacheStatsResult };
}

export interface CacheStreams {
  /** Every connection's availability: the current states at once, then each change. */
  'connections.availability': { params: Record<string, never>; item: ConnectionAvailability };
}
