// The token bucket keeps one token under the service's 30 requests per fixed one-second window, and a 429
// pauses everyone sharing it (rate-limiter.ts). Driven by a fake clock: no real waiting.
import { describe, expect, it } from 'vitest';
import { hintedDelayMs, retryDelayMs, TokenBucket, type Clock } from './rate-limiter';

class FakeClock implements Clock {
  t = 0;
  private timers: { at: number; resolve: () => void }[] = [];
  now(): number {
    return this.t;
  }
  sleep(ms: number): Promise<void> {
    return new Promise((resolve) => this.timers.push({ at: this.t + ms, resolve }));
  }
  /** Moves time forward, firing timers in order and letting the woken code run before the next one. */
  async advance(ms: number): Promise<void> {
    const target = this.t + ms;
    for (;;) {
      await flush();
      this.timers.sort((a, b) => a.at - b.at);
      const next = this.timers[0];
      if (!next || next.at > target) break;
      this.timers.shift();
      this.t = Math.max(this.t, next.at);
      next.resolve();
    }
    this.t = target;
    await flush();
  }
}

const flush = () => new Promise<void>((resolve) => setImmediate(resolve));

/** The most requests any fixed window [start, start+1000) would count, with windows opened as the server does. */
function worstFixedWindow(times: number[]): number {
  let worst = 0;
  for (const start of times) worst = Math.max(worst, times.filter((t) => t >= start && t < start + 1000).length);
  return worst;
}

describe('TokenBucket', () => {
  it('lets a burst through at once, then paces the rest so no one-second window exceeds 30', async () => {
    const clock = new FakeClock();
    const bucket = new TokenBucket({ clock });
    const granted: number[] = [];
    for (let i = 0; i < 100; i++) void bucket.take().then(() => granted.push(clock.now()));
    await clock.advance(0);
    expect(granted.length).toBe(bucket.burst);
    await clock.advance(10_000);
    expect(granted.length).toBe(100);
    expect(worstFixedWindow(granted)).toBeLessThan(30);
    // Still fast: 95 paced requests at 24/s take about four seconds, not more.
    expect(granted[99]).toBeLessThanOrEqual(4_100);
  });

  it('grants in arrival order', async () => {
    const clock = new FakeClock();
    const bucket = new TokenBucket({ clock, burst: 1, ratePerSecond: 10 });
    const order: number[] = [];
    for (let i = 0; i < 5; i++) void bucket.take().then(() => order.push(i));
    await clock.advance(1_000);
    expect(order).toEqual([0, 1, 2, 3, 4]);
  });

  it('after a pause (a 429) grants nothing until the reset, then resumes without a burst', async () => {
    const clock = new FakeClock();
    const bucket = new TokenBucket({ clock });
    bucket.pauseUntil(700);
    const granted: number[] = [];
    for (let i = 0; i < 10; i++) void bucket.take().then(() => granted.push(clock.now()));
    await clock.advance(699);
    expect(granted).toEqual([]);
    expect(bucket.pausedFor()).toBe(1);
    await clock.advance(2_000);
    expect(granted.length).toBe(10);
    expect(Math.min(...granted)).toBeGreaterThanOrEqual(700);
    // Tokens were dropped on pause: the first grant after it waits for a refill instead of bursting.
    expect(granted.filter((t) => t < 750).length).toBeLessThanOrEqual(2);
  });

  it('a cancelled waiter does not block those behind it', async () => {
    const clock = new FakeClock();
    const bucket = new TokenBucket({ clock, burst: 1, ratePerSecond: 1 });
    await bucket.take();
    const controller = new AbortController();
    const cancelled = bucket.take(controller.signal).catch(() => 'cancelled');
    const next = bucket.take().then(() => 'granted');
    controller.abort();
    await clock.advance(0);
    // The fake sleep ignores the signal; the next loop turn notices it.
    await clock.advance(1_000);
    expect(await cancelled).toBe('cancelled');
    await clock.advance(1_000);
    expect(await next).toBe('granted');
  });
});

describe('retry delay from 429 headers', () => {
  it('prefers the fractional X-RateLimit-Reset', () => {
    expect(retryDelayMs({ 'x-ratelimit-reset': '0.421', 'retry-after': '1' }, 0)).toBe(421);
  });
  it('falls back to Retry-After in seconds or as an HTTP date', () => {
    expect(retryDelayMs({ 'retry-after': '2' }, 0)).toBe(2000);
    const now = Date.parse('2024-01-01T00:00:00Z');
    expect(retryDelayMs({ 'retry-after': 'Mon, 01 Jan 2024 00:00:03 GMT' }, now)).toBe(3000);
  });
  it('waits one second when the headers say nothing', () => {
    expect(hintedDelayMs({}, 0)).toBeNull();
    expect(retryDelayMs({}, 0)).toBe(1000);
  });
});

describe('TokenBucket.adaptTo', () => {
  it('follows a lower announced limit so a window is not overrun', async () => {
    const clock = new FakeClock();
    const bucket = new TokenBucket({ clock });
    bucket.adaptTo(10);
    expect(bucket.burst + bucket.ratePerSecond).toBeLessThan(10);
    const granted: number[] = [];
    for (let i = 0; i < 40; i++) void bucket.take().then(() => granted.push(clock.now()));
    await clock.advance(10_000);
    expect(granted.length).toBe(40);
    expect(worstFixedWindow(granted)).toBeLessThan(10);
  });
});
