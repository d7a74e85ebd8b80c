// A token bucket that keeps one token's requests under the service's per-token rate limit, and that the whole
// client pauses on a 429 instead of letting each request retry on its own (which would turn one 429 into a storm).
//
// The service allows 30 requests per second per token and counts them in a fixed one-second window opened by
// the first request after the previous window ended; it answers 429 with `X-RateLimit-Reset` (seconds until
// the window ends, fractional) and `Retry-After` (whole seconds). A bucket of capacity B refilled at R/s sends
// at most B + R requests in any one-second interval, so B + R must stay below 30 for no window to overflow.

export interface Clock {
  now(): number;
  sleep(ms: number, signal?: AbortSignal): Promise<void>;
}

export const systemClock: Clock = {
  now: () => Date.now(),
  sleep: (ms, signal) =>
    new Promise((resolve, reject) => {
      if (signal?.aborted) return reject(signal.reason ?? new Error('aborted'));
      const timer = setTimeout(() => {
        signal?.removeEventListener('abort', onAbort);
        resolve();
      }, Math.max(0, ms));
      const onAbort = (): void => {
        clearTimeout(timer);
        reject(signal?.reason ?? new Error('aborted'));
      };
      signal?.addEventListener('abort', onAbort, { once: true });
    }),
};

export interface TokenBucketOptions {
  /** Tokens added per second (default 24). */
  ratePerSecond?: number;
  /** Most tokens held at once, i.e. the largest burst (default 5). 24 + 5 = 29 < 30 per window. */
  burst?: number;
  clock?: Clock;
}

export class TokenBucket {
  ratePerSecond: number;
  burst: number;
  private adaptedTo: number | null = null;
  private readonly clock: Clock;
  private tokens: number;
  private refilledAt: number;
  private pausedUntil = 0;
  /** Waiters are served one after another, first come first served, so no request starves. */
  private tail: Promise<void> = Promise.resolve();

  constructor(options: TokenBucketOptions = {}) {
    this.ratePerSecond = options.ratePerSecond ?? 24;
    this.burst = options.burst ?? 5;
    this.clock = options.clock ?? systemClock;
    this.tokens = this.burst;
    this.refilledAt = this.clock.now();
  }

  /** Resolves when the caller may send one request. */
  take(signal?: AbortSignal): Promise<void> {
    const turn = this.tail.then(() => this.acquire(signal));
    // A cancelled waiter must not block the ones behind it.
    this.tail = turn.catch(() => undefined);
    return turn;
  }

  /**
   * Stops everyone until `untilMs` (a 429 said the window is spent). Tokens are dropped too: the server's
   * window restarts with the next request, and the burst after the pause must not exceed it.
   */
  pauseUntil(untilMs: number): void {
    if (untilMs > this.pausedUntil) this.pausedUntil = untilMs;
    this.tokens = 0;
    this.refilledAt = Math.max(this.refilledAt, untilMs);
  }

  /**
   * Follows the limit the service announces in `X-RateLimit-Limit`, keeping burst + rate below it per window.
   * For the documented 30 that is the default 5 + 24; a service configured lower is not flooded with 429s.
   */
  adaptTo(limitPerSecond: number): void {
    if (!Number.isInteger(limitPerSecond) || limitPerSecond < 2 || limitPerSecond === this.adaptedTo) return;
    this.adaptedTo = limitPerSecond;
    this.burst = Math.max(1, Math.min(5, Math.floor(limitPerSecond / 6)));
    this.ratePerSecond = Math.max(1, limitPerSecond - this.burst - 1);
    this.tokens = Math.min(this.tokens, this.burst);
  }

  /** Milliseconds until the bucket resumes; 0 when not paused. */
  pausedFor(): number {
    return Math.max(0, this.pausedUntil - this.clock.now());
  }

  private refill(now: number): void {
    if (now <= this.refilledAt) return;
    this.tokens = Math.min(this.burst, this.tokens + ((now - this.refilledAt) / 1000) * this.ratePerSecond);
    this.refilledAt = now;
  }

  private async acquire(signal?: AbortSignal): Promise<void> {
    for (;;) {
      if (signal?.aborted) throw signal.reason ?? new Error('aborted');
      const now = this.clock.now();
      if (now < this.pausedUntil) {
        await this.clock.sleep(this.pausedUntil - now, signal);
        continue;
      }
      this.refill(now);
      if (this.tokens >= 1) {
        this.tokens -= 1;
        return;
      }
      await this.clock.sleep(Math.ceil(((1 - this.tokens) / this.ratePerSecond) * 1000), signal);
    }
  }
}

/**
 * Buckets shared by every client that uses the same token against the same service, so two views (or a list
 * and the connection tester) cannot together exceed the per-token limit. Keyed by a hash, never the token.
 */
const shared = new Map<string, TokenBucket>();

export function sharedBucket(key: string, create: () => TokenBucket = () => new TokenBucket()): TokenBucket {
  let bucket = shared.get(key);
  if (!bucket) {
    bucket = create();
    shared.set(key, bucket);
  }
  return bucket;
}

/**
 * Seconds to wait after a 429: `X-RateLimit-Reset` (fractional seconds) is the most precise, then
 * `Retry-After` (seconds or an HTTP date); one second when neither is usable.
 */
export function retryDelayMs(headers: Record<string, string | string[] | undefined>, now: number): number {
  return hintedDelayMs(headers, now) ?? 1000;
}

/** The wait the headers ask for, or null when they carry none. */
export function hintedDelayMs(headers: Record<string, string | string[] | undefined>, now: number): number | null {
  const first = (name: string): string | undefined => {
    const value = headers[name];
    return Array.isArray(value) ? value[0] : value;
  };
  const reset = Number.parseFloat(first('x-ratelimit-reset') ?? '');
  if (Number.isFinite(reset) && reset >= 0) return Math.ceil(reset * 1000);
  const retryAfter = first('retry-after');
  if (retryAfter !== undefined) {
    const seconds = Number(retryAfter);
    if (Number.isFinite(seconds) && seconds >= 0) return Math.ceil(seconds * 1000);
    const date = Date.parse(retryAfter);
    if (Number.isFinite(date)) return Math.max(0, date - now);
  }
  return null;
}
