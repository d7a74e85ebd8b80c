// Delays between reconnect attempts: capped exponential backoff with full jitter (design.md, Live data), so many
// consoles that lost the same cluster at once do not come back in lockstep.

export interface BackoffOptions {
  /** Upper bound of the first delay, in milliseconds. */
  baseMs: number;
  /** No delay ever exceeds this. */
  capMs: number;
  /** Uniform in [0, 1); injectable so tests can pin the jitter. */
  random?: () => number;
}

export const DEFAULT_BACKOFF: BackoffOptions = { baseMs: 500, capMs: 30_000 };

export class ReconnectBackoff {
  private attempt = 0;
  private readonly random: () => number;

  constructor(private readonly options: BackoffOptions = DEFAULT_BACKOFF) {
    this.random = options.random ?? Math.random;
  }

  /** Consecutive failed attempts since the last healthy connection. */
  get failures(): number {
    return this.attempt;
  }

  /** The ceiling for the coming attempt: base·2^attempt, capped. */
  ceiling(): number {
    // 2^attempt overflows to Infinity long after it passed any sane cap; Math.min handles that.
    return Math.min(this.options.capMs, this.options.baseMs * 2 ** this.attempt);
  }

  /** Full jitter: a uniform delay between 0 and the ceiling; each call counts one more failure. */
  next(): number {
    const delay = Math.floor(this.random() * this.ceiling());
    this.attempt++;
    return delay;
  }

  /** A connection proved healthy (it delivered a frame): start again from the base delay. */
  reset(): void {
    this.attempt = 0;
  }
}
