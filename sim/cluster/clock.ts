// The simulated clock: dynamics read time only from here, so tests can advance it deterministically.
// In normal runs a timer advances it in step with the wall clock (cluster-api.md gives no timings; the
// simulator chooses seconds-scale progressions so a demo visibly moves).

export interface SimClock {
  /** Simulated milliseconds since the Unix epoch. */
  nowMs(): number;
  /** Unix nanoseconds as an integer-valued number (task event `Time`, allocation `CreateTime`). */
  nowNs(): number;
  iso(ms?: number): string;
  /** Moves simulated time forward; listeners run the dynamics for the elapsed span. */
  advance(ms: number): void;
  onAdvance(listener: (from: number, to: number) => void): void;
  /** Starts or stops the wall-clock timer; paused clocks move only through `advance`. */
  setAutoTick(periodMs: number | null): void;
  readonly autoTicking: boolean;
  close(): void;
}

/** Go's zero time as Nomad serialises an unset time.Time. */
export const ZERO_TIME = '0001-01-01T00:00:00Z';

export function msToNs(ms: number): number {
  // Stays an integer literal in JSON: Number#toString uses plain digits below 1e21.
  return Math.round(ms) * 1_000_000;
}

const STEP_MS = 500;

export function createClock(startMs: number): SimClock {
  let now = startMs;
  const listeners: ((from: number, to: number) => void)[] = [];
  let timer: NodeJS.Timeout | null = null;
  let lastWall = Date.now();
  // Moves in steps of at most STEP_MS so a long advance replays the dynamics at realistic timestamps.
  const advance = (ms: number): void => {
    if (!(ms > 0)) return;
    const target = now + ms;
    while (now < target) {
      const from = now;
      now = Math.min(target, now + STEP_MS);
      for (const listener of listeners) listener(from, now);
    }
  };
  return {
    nowMs: () => now,
    nowNs: () => msToNs(now),
    iso: (ms = now) => new Date(ms).toISOString(),
    advance,
    onAdvance: (listener) => listeners.push(listener),
    setAutoTick(periodMs) {
      if (timer) clearInterval(timer);
      timer = null;
      if (periodMs && periodMs > 0) {
        lastWall = Date.now();
        timer = setInterval(() => {
          const wall = Date.now();
          const elapsed = wall - lastWall;
          lastWall = wall;
          advance(elapsed);
        }, periodMs);
        timer.unref();
      }
    },
    get autoTicking() {
      return timer !== null;
    },
    close() {
      if (timer) clearInterval(timer);
      timer = null;
    },
  };
}
