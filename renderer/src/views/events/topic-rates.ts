// Events per second per topic over the last minute, for the sparklines: one fixed ring of one-second buckets per
// topic, so the cost is constant however busy the stream is.

export const RATE_WINDOW_SECONDS = 60;

interface TopicSeries {
  /** counts[i] is the bucket of second `base + i` modulo the window; `seconds[i]` says which second it holds. */
  counts: Uint32Array;
  seconds: Float64Array;
  total: number;
}

export class TopicRates {
  private readonly series = new Map<string, TopicSeries>();

  constructor(readonly windowSeconds = RATE_WINDOW_SECONDS) {}

  /** Counts `count` events of `topic` arriving at `nowMs`. */
  record(topic: string, count: number, nowMs: number): void {
    if (count <= 0) return;
    let s = this.series.get(topic);
    if (!s) {
      s = { counts: new Uint32Array(this.windowSeconds), seconds: new Float64Array(this.windowSeconds).fill(-1), total: 0 };
      this.series.set(topic, s);
    }
    const second = Math.floor(nowMs / 1000);
    const slot = second % this.windowSeconds;
    if (s.seconds[slot] !== second) {
      s.seconds[slot] = second;
      s.counts[slot] = 0;
    }
    s.counts[slot] += count;
    s.total += count;
  }

  topics(): string[] {
    return [...this.series.keys()].sort();
  }

  /** Counts per second, oldest first, ending with the current (partial) second. */
  values(topic: string, nowMs: number): number[] {
    const s = this.series.get(topic);
    const out = new Array<number>(this.windowSeconds).fill(0);
    if (!s) return out;
    const now = Math.floor(nowMs / 1000);
    for (let i = 0; i < this.windowSeconds; i++) {
      const second = now - (this.windowSeconds - 1 - i);
      const slot = ((second % this.windowSeconds) + this.windowSeconds) % this.windowSeconds;
      out[i] = s.seconds[slot] === second ? s.counts[slot] : 0;
    }
    return out;
  }

  /** Mean events per second over the last `seconds` full seconds (the current partial one excluded). */
  rate(topic: string, nowMs: number, seconds = 10): number {
    const values = this.values(topic, nowMs).slice(-(seconds + 1), -1);
    return values.reduce((a, b) => a + b, 0) / Math.max(1, values.length);
  }

  /** Events of `topic` counted since the last reset. */
  total(topic: string): number {
    return this.series.get(topic)?.total ?? 0;
  }

  reset(): void {
    this.series.clear();
  }
}
