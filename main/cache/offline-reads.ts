// Stale-while-revalidate for the detail reads of both APIs (every method answering `Fetched<T>`), added around the
// host's handler map so no service needs to know about the cache: a live answer is cached by (method, params); when
// the server does not answer, the cached one is served with its age and the refresh error; while a connection is
// known to be unreachable, cached answers come at once instead of after the client's retries. Every call with a
// connection id also tells the availability tracker whether that server answered.
import { createHash } from 'node:crypto';
import type { BridgeError, Fetched } from '../contract';
import { HostError, toBridgeError } from '../host/host-error';
import type { Logger } from '../host/logger';
import type { MethodHandlers } from '../host/router';
import { isOfflineError, type AvailabilityTracker } from './availability';
import { guardBeforeCache } from './last-guard';
import type { OfflineCache } from './offline-cache';

/** Methods about connections themselves, tokens or the cache: not calls to a connection's server. */
const UNTRACKED_PREFIXES = ['app.', 'settings.', 'connections.', 'tokens.', 'demo.', 'cache.'];
/** Keys longer than this are hashed; lmdb keys must stay under ~1 KB with the connection id. */
const MAX_PLAIN_KEY = 400;

export interface OfflineReadsDeps {
  cache: OfflineCache | null;
  availability: AvailabilityTracker;
  log: Logger;
}

export function isFetched(value: unknown): value is Fetched<unknown> {
  return typeof value === 'object' && value !== null && 'value' in value && 'source' in value && 'asOf' in value;
}

function isListWindow(value: unknown): value is { rows: unknown[]; refreshError?: BridgeError } {
  return typeof value === 'object' && value !== null && 'rows' in value && 'version' in value;
}

/** JSON with sorted object keys, so `{a, b}` and `{b, a}` name the same cached answer. */
export function stableJson(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value) ?? 'null';
  if (Array.isArray(value)) return `[${value.map(stableJson).join(',')}]`;
  const keys = Object.keys(value as Record<string, unknown>).filter((key) => (value as Record<string, unknown>)[key] !== undefined).sort();
  return `{${keys.map((key) => `${JSON.stringify(key)}:${stableJson((value as Record<string, unknown>)[key])}`).join(',')}}`;
}

/** The cache's resource key of one read: the method and its params without the connection id. */
export function readKey(method: string, params: Record<string, unknown>): string {
  const { connectionId: _connectionId, ...rest } = params;
  const plain = `read:${method}?${stableJson(rest)}`;
  if (plain.length <= MAX_PLAIN_KEY) return plain;
  return `read:${method}#${createHash('sha256').update(plain).digest('base64url')}`;
}

/** Serving the last known answer is right when the server did not answer, not when it said no (401, 404...). */
function servesFromCache(error: BridgeError): boolean {
  return isOfflineError(error) || error.code === 'rate_limited' || (error.status !== undefined && error.status >= 500);
}

export function withOfflineReads(handlers: MethodHandlers, deps: OfflineReadsDeps): MethodHandlers {
  const wrapped: Record<string, unknown> = {};
  for (const [method, handler] of Object.entries(handlers) as Array<[string, (params: unknown, context: unknown) => Promise<unknown>]>) {
    wrapped[method] = UNTRACKED_PREFIXES.some((prefix) => method.startsWith(prefix)) ? handler : wrap(method, handler, deps);
  }
  return wrapped as MethodHandlers;
}

function wrap(method: string, handler: (params: unknown, context: unknown) => Promise<unknown>, deps: OfflineReadsDeps) {
  const { cache, availability, log } = deps;
  const cached = (connectionId: string, key: string, refreshError: BridgeError): Fetched<unknown> | null => {
    const hit = cache?.get(connectionId, key);
    return hit ? { value: hit.value, asOf: new Date(hit.storedAt).toISOString(), source: 'cache', refreshError } : null;
  };

  return async (params: unknown, context: unknown): Promise<unknown> => {
    const connectionId = typeof (params as { connectionId?: unknown })?.connectionId === 'string' ? (params as { connectionId: string }).connectionId : null;
    if (!connectionId) return handler(params, context);
    const key = cache ? readKey(method, params as Record<string, unknown>) : '';

    // Known to be down: the last known answer now, rather than after the client's retries fail again.
    const down = availability.get(connectionId);
    if (down?.state === 'unreachable' && down.error) {
      const hit = cached(connectionId, key, down.error);
      if (hit) return hit;
    }

    let result: unknown;
    try {
      result = await handler(params, context);
    } catch (error) {
      const bridge = toBridgeError(error);
      // Only upstream answers and network failures say anything about the server; local refusals do not.
      if (isOfflineError(bridge) || bridge.status !== undefined) availability.report(connectionId, bridge);
      if (cache && servesFromCache(bridge)) {
        const hit = cached(connectionId, key, bridge);
        if (hit) return hit;
      }
      throw error;
    }

    if (isListWindow(result)) {
      // Lists answer from memory; only their last refresh says whether the server is there.
      if (isOfflineError(result.refreshError)) availability.report(connectionId, result.refreshError);
    } else if (isFetched(result)) {
      if (result.source === 'live') {
        availability.report(connectionId);
        if (cache) store(cache, connectionId, key, method, result.value, log);
      }
    } else {
      availability.report(connectionId); // an action went through
    }
    return result;
  };
}

function store(cache: OfflineCache, connectionId: string, key: string, method: string, value: unknown, log: Logger): void {
  let guarded: unknown;
  try {
    guarded = guardBeforeCache(method, value);
  } catch (error) {
    log.warn('offline cache skipped a read', { method, reason: error instanceof HostError ? error.message : String(error) });
    return;
  }
  if (guarded === undefined) return;
  // Not awaited: the answer goes to the renderer now; the cache refuses and logs anything unsafe by itself.
  cache.put(connectionId, key, guarded).catch(() => undefined);
}
