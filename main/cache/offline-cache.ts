// The offline cache: the last known answer of each list and detail read, per connection, on disk under
// <dataDir>/cache (issue 7). Reads are synchronous and fast (memory-mapped) for stale-while-revalidate;
// writes are redacted, coalesced per key, prepared in slices and committed in batched lmdb transactions.
import { join } from 'node:path';
import type { Logger } from '../host/logger';
import type { NoticeBoard } from '../host/notices';
import { HostError } from '../host/host-error';
import type { SecretScrubber } from '../redaction/secret-scrubber';
import { cacheKey, connectionOf, resourceOf } from './cache-key';
import { loadIndex, openOrReplaceCache, type CacheEnv } from './cache-env';
import { decodeEntry } from './entry-codec';
import type { ConnectionUsage, LruIndex } from './lru-index';
import { CacheRefusedError, prepareEntry } from './prepare-entry';
import { WriteQueue, type WriteOp } from './write-queue';

export const DEFAULT_MAX_BYTES = 500 * 1024 * 1024;
/** A list patched by 1,000 events/s is written at most once per this window. */
export const DEFAULT_COALESCE_MS = 1000;

export interface OfflineCacheOptions {
  dataDir: string;
  scrubber: SecretScrubber;
  notices: NoticeBoard;
  log: Logger;
  maxBytes?: number;
  coalesceMs?: number;
  /** Wall clock for storedAt and ageMs; a seam for tests. */
  now?: () => number;
  /** Values at least this big are written asynchronously by lmdb's write thread (see WriteQueue); a test seam. */
  largeValueBytes?: number;
}

export interface CachedValue<T> {
  value: T;
  /** When the value was stored (ms since the epoch), for "as of 3 min ago". */
  storedAt: number;
  ageMs: number;
}

export interface CacheStats {
  entries: number;
  bytes: number;
  maxBytes: number;
  connections: Record<string, ConnectionUsage>;
  /** Values waiting for their coalescing window. */
  pendingWrites: number;
  writes: number;
  coalesced: number;
  evictions: number;
}

interface PendingWrite {
  connectionId: string;
  resourceKey: string;
  value: unknown;
  waiters: Array<{ resolve: () => void; reject: (error: unknown) => void }>;
  timer: NodeJS.Timeout;
}

export class OfflineCache {
  readonly dir: string;
  private readonly env: CacheEnv;
  private index: LruIndex;
  private readonly queue: WriteQueue;
  private readonly pending = new Map<string, PendingWrite>();
  private readonly lastWriteAt = new Map<string, number>();
  private readonly keyTasks = new Map<string, Promise<void>>();
  private readonly generations = new Map<string, number>();
  private clearAllGeneration = 0;
  private coalesced = 0;
  private closed = false;

  private constructor(private options: OfflineCacheOptions & { maxBytes: number; coalesceMs: number; now: () => number }) {
    this.dir = join(options.dataDir, 'cache');
    const opened = openOrReplaceCache(this.dir, options.notices, options.log);
    this.env = opened.env;
    this.index = opened.index;
    this.queue = new WriteQueue(this.env, () => this.index, options.maxBytes, (error) => {
      options.log.error('offline cache commit failed; index reloaded from disk', { error: (error as Error).message });
      this.index = loadIndex(this.env, options.log);
    }, options.largeValueBytes);
  }

  static open(options: OfflineCacheOptions): OfflineCache {
    return new OfflineCache({ maxBytes: DEFAULT_MAX_BYTES, coalesceMs: DEFAULT_COALESCE_MS, now: Date.now, ...options });
  }

  /** The cached value with its age, or null. Never throws for damaged data: that entry is dropped instead. */
  get<T = unknown>(connectionId: string, resourceKey: string): CachedValue<T> | null {
    this.assertOpen();
    const key = cacheKey(connectionId, resourceKey);
    let bytes: Buffer | undefined;
    try {
      bytes = this.env.entries.getBinary(key);
    } catch (error) {
      this.dropCorrupt(key, `it could not be read (${(error as Error).message})`);
      return null;
    }
    if (!bytes) return null;
    const decoded = decodeEntry(bytes);
    if (decoded.status === 'outdated') {
      this.options.log.info('offline cache entry of an older format dropped', { resource: resourceKey, formatVersion: decoded.formatVersion });
      this.enqueueQuietly({ kind: 'remove', key });
      return null;
    }
    if (decoded.status === 'corrupt') {
      this.dropCorrupt(key, decoded.reason);
      return null;
    }
    const now = this.options.now();
    if (this.index.touch(key, now)) this.enqueueQuietly({ kind: 'touch', key });
    return { value: decoded.value as T, storedAt: decoded.storedAt, ageMs: Math.max(0, now - decoded.storedAt) };
  }

  /**
   * Stores a value after redacting it (redactPayload) and refusing it (CacheRefusedError) if a registered token
   * is still inside. Repeated puts of one key within the coalescing window collapse into one write of the last
   * value; the promise settles when that write is committed, or rejects when it is refused.
   */
  put(connectionId: string, resourceKey: string, value: unknown): Promise<void> {
    let key: string;
    try {
      this.assertOpen();
      key = cacheKey(connectionId, resourceKey);
      if (value === undefined) throw new HostError('invalid_input', `Not cached: ${resourceKey} has no value (undefined).`);
    } catch (error) {
      return Promise.reject(error);
    }
    return new Promise<void>((resolve, reject) => {
      const existing = this.pending.get(key);
      if (existing) {
        existing.value = value;
        existing.waiters.push({ resolve, reject });
        this.coalesced += 1;
        return;
      }
      const delay = Math.max(0, (this.lastWriteAt.get(key) ?? -Infinity) + this.options.coalesceMs - this.options.now());
      // Not unref'd: a caller awaiting this write keeps the process alive until it is committed.
      const timer = setTimeout(() => this.startWrite(key), delay);
      this.pending.set(key, { connectionId, resourceKey, value, waiters: [{ resolve, reject }], timer });
    });
  }

  /** Writes everything waiting for its window now and waits until it is committed (shutdown, tests). */
  async flush(): Promise<void> {
    for (const key of [...this.pending.keys()]) this.startWrite(key);
    await Promise.allSettled([...this.keyTasks.values()]);
    await this.queue.idle();
  }

  /** "Clear cache" for one connection; also cancels its writes not yet committed, so nothing reappears. */
  async clear(connectionId: string): Promise<void> {
    this.assertOpen();
    this.cancelPending((key) => connectionOf(key) === connectionId);
    this.generations.set(connectionId, (this.generations.get(connectionId) ?? 0) + 1);
    await this.queue.push({ kind: 'clear', connectionId });
  }

  async clearAll(): Promise<void> {
    this.assertOpen();
    this.cancelPending(() => true);
    this.clearAllGeneration += 1;
    await this.queue.push({ kind: 'clear', connectionId: null });
  }

  /** Applies a new size bound (from settings) at once: a lower one evicts the least recently used entries now. */
  async setMaxBytes(maxBytes: number): Promise<void> {
    this.assertOpen();
    this.options.maxBytes = maxBytes;
    this.queue.maxBytes = maxBytes;
    await this.queue.push({ kind: 'bound' });
  }

  stats(): CacheStats {
    return {
      entries: this.index.size,
      bytes: this.index.totalBytes,
      maxBytes: this.options.maxBytes,
      connections: Object.fromEntries(this.index.connections()),
      pendingWrites: this.pending.size,
      writes: this.queue.writes,
      coalesced: this.coalesced,
      evictions: this.queue.evictions,
    };
  }

  async close(): Promise<void> {
    if (this.closed) return;
    await this.flush();
    this.closed = true;
    await this.env.root.close();
  }

  private startWrite(key: string): void {
    const pending = this.pending.get(key);
    if (!pending) return;
    this.pending.delete(key);
    clearTimeout(pending.timer);
    this.lastWriteAt.set(key, this.options.now());
    const generation = this.generationOf(pending.connectionId);
    const previous = this.keyTasks.get(key);
    const what = `${pending.resourceKey} (connection ${pending.connectionId})`;
    const task = (async () => {
      const storedAt = this.options.now();
      const bytes = await prepareEntry(pending.value, storedAt, this.options.scrubber, what);
      await previous?.catch(() => {}); // one key's writes commit in the order they were made
      // Cleared while this value was being prepared: the operator asked for it to be gone.
      if (this.closed || this.generationOf(pending.connectionId) !== generation) return;
      if (bytes.length + Buffer.byteLength(key) > this.options.maxBytes) {
        this.options.log.warn('offline cache entry larger than the whole cache; not stored', { resource: pending.resourceKey, bytes: bytes.length });
        await this.queue.push({ kind: 'remove', key });
        return;
      }
      await this.queue.push({ kind: 'put', key, bytes, storedAt });
    })();
    this.keyTasks.set(key, task);
    task.then(
      () => pending.waiters.forEach((waiter) => waiter.resolve()),
      (error: unknown) => {
        if (error instanceof CacheRefusedError) this.options.log.warn('offline cache refused a value holding a credential', { resource: pending.resourceKey });
        else this.options.log.error('offline cache write failed', { resource: pending.resourceKey, error: (error as Error).message });
        pending.waiters.forEach((waiter) => waiter.reject(error));
      },
    );
    void task.catch(() => {}).finally(() => {
      if (this.keyTasks.get(key) === task) this.keyTasks.delete(key);
    });
  }

  private cancelPending(matches: (key: string) => boolean): void {
    for (const [key, pending] of [...this.pending]) {
      if (!matches(key)) continue;
      clearTimeout(pending.timer);
      this.pending.delete(key);
      pending.waiters.forEach((waiter) => waiter.resolve()); // superseded by the clear: nothing left to write
    }
  }

  private generationOf(connectionId: string): string {
    return `${this.clearAllGeneration}/${this.generations.get(connectionId) ?? 0}`;
  }

  private dropCorrupt(key: string, reason: string): void {
    const connectionId = connectionOf(key);
    const resource = resourceOf(key);
    this.options.log.warn('offline cache entry corrupt; dropped', { connectionId, resource, reason });
    this.options.notices.add(
      'warning',
      'Damaged offline data dropped',
      `The cached copy of ${resource} for connection ${connectionId} was damaged (${reason}) and has been removed. It is fetched again when the connection is reachable.`,
    );
    this.enqueueQuietly({ kind: 'remove', key });
  }

  /** Housekeeping writes nobody awaits: a failure is logged, never an unhandled rejection. */
  private enqueueQuietly(op: WriteOp): void {
    this.queue.push(op).catch((error: unknown) => this.options.log.warn('offline cache housekeeping write failed', { op: op.kind, error: (error as Error).message }));
  }

  private assertOpen(): void {
    if (this.closed) throw new HostError('internal', 'The offline cache is closed; it is only available while the host is running.');
  }
}

// Re-exported so callers need one import for the store and its refusal error.
export { CacheRefusedError } from './prepare-entry';
export { CACHE_FORMAT_VERSION } from './entry-codec';
