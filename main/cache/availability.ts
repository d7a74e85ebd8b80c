// Whether each connection's server answers (issue 7, offline behaviour): learned from every call's outcome, re-tested
// in the background with capped exponential backoff while unreachable, and pushed to the renderer so the banner and
// the action gate reflect what really happened, not only the last health test.
import type { BridgeError, ConnectionAvailability, ConnectionTestReport, StreamBatch } from '../contract';
import type { Logger } from '../host/logger';
import type { StreamFactory } from '../streams/subscription-registry';

export interface AvailabilityOptions {
  /** First re-test this long after a connection became unreachable; doubles each attempt. */
  retryBaseMs: number;
  retryMaxMs: number;
  /** Wall clock, a seam for tests. */
  now: () => number;
  /** The jitter's randomness in [0, 1), a seam for tests (0.5 = no jitter). */
  random: () => number;
}

export const DEFAULT_AVAILABILITY: AvailabilityOptions = { retryBaseMs: 2_000, retryMaxMs: 15_000, now: Date.now, random: Math.random };

/** Codes that mean "the server did not answer"; anything else (401, 404, 409...) proves it is there. */
const OFFLINE_CODES = new Set<BridgeError['code']>(['unreachable', 'timeout']);

export function isOfflineError(error: BridgeError | undefined): boolean {
  return error !== undefined && OFFLINE_CODES.has(error.code);
}

type Listener = (availability: ConnectionAvailability, previous: ConnectionAvailability | undefined) => void;

export class AvailabilityTracker {
  private readonly states = new Map<string, ConnectionAvailability>();
  private readonly timers = new Map<string, NodeJS.Timeout>();
  private readonly listeners = new Set<Listener>();
  private readonly probing = new Set<string>();
  private readonly options: AvailabilityOptions;
  private closed = false;

  constructor(
    /** Re-tests a connection (connections.test): its report decides whether it is back. */
    private readonly test: (connectionId: string) => Promise<ConnectionTestReport>,
    private readonly log: Logger,
    options: Partial<AvailabilityOptions> = {},
  ) {
    this.options = { ...DEFAULT_AVAILABILITY, ...options };
  }

  get(connectionId: string): ConnectionAvailability | undefined {
    return this.states.get(connectionId);
  }

  isUnreachable(connectionId: string): boolean {
    return this.states.get(connectionId)?.state === 'unreachable';
  }

  list(): ConnectionAvailability[] {
    return [...this.states.values()];
  }

  /** A call reached the server (any answer) or did not: the one input every service feeds. */
  report(connectionId: string, error?: BridgeError): void {
    if (this.closed) return;
    if (error && !isOfflineError(error)) error = undefined; // the server answered, with an error of its own
    if (error) this.markUnreachable(connectionId, error);
    else this.markReachable(connectionId);
  }

  /** A health test's outcome, from the person's "Test" button, start-up, or a background re-test. */
  reportTest(connectionId: string, report: ConnectionTestReport): void {
    if (report.reachable) this.report(connectionId, undefined);
    else this.report(connectionId, { code: 'unreachable', message: report.summary });
  }

  /**
   * A hint that a server may be gone (its event stream dropped): test it now, once at a time, rather than wait for
   * the next call to fail. A reachable answer changes nothing; an unreachable one starts the re-test loop.
   */
  probe(connectionId: string): void {
    if (this.closed || this.isUnreachable(connectionId) || this.probing.has(connectionId)) return;
    this.probing.add(connectionId);
    this.test(connectionId)
      .then((report) => this.reportTest(connectionId, report))
      .catch(() => undefined) // a removed connection: nothing to learn
      .finally(() => this.probing.delete(connectionId));
  }

  /** Called with every change; returns an unsubscribe function. */
  subscribe(listener: Listener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** The connection was removed or its settings changed: what was learned about the old address no longer holds. */
  forget(connectionId: string): void {
    this.stopTimer(connectionId);
    const previous = this.states.get(connectionId);
    if (!previous) return;
    this.states.delete(connectionId);
    this.emit({ connectionId, state: 'unknown', since: this.iso(), attempts: 0 }, previous);
  }

  close(): void {
    this.closed = true;
    for (const id of [...this.timers.keys()]) this.stopTimer(id);
    this.listeners.clear();
  }

  /** The `connections.availability` stream: every known state at once, then each change. */
  stream(): StreamFactory {
    return (_params, emit, subscriptionId) => {
      const send = (items: ConnectionAvailability[]) => emit({ subscriptionId, status: 'live', items, dropped: 0, malformed: 0 } satisfies StreamBatch<ConnectionAvailability>);
      send(this.list());
      const stop = this.subscribe((availability) => send([availability]));
      return { close: stop };
    };
  }

  private markUnreachable(connectionId: string, error: BridgeError): void {
    const previous = this.states.get(connectionId);
    if (previous?.state === 'unreachable') {
      // Already known: keep the backoff going, but show the newest reason.
      if (previous.error?.message !== error.message) this.set({ ...previous, error });
      return;
    }
    this.log.warn('connection unreachable; serving cached data and re-testing in the background', { connectionId, reason: error.message });
    this.set({ connectionId, state: 'unreachable', since: this.iso(), error, attempts: 0 });
    this.scheduleRetest(connectionId);
  }

  private markReachable(connectionId: string): void {
    const previous = this.states.get(connectionId);
    if (previous?.state === 'reachable') return;
    this.stopTimer(connectionId);
    if (previous?.state === 'unreachable') this.log.info('connection reachable again', { connectionId, afterAttempts: previous.attempts });
    this.set({ connectionId, state: 'reachable', since: this.iso(), attempts: 0 });
  }

  private scheduleRetest(connectionId: string): void {
    this.stopTimer(connectionId);
    const current = this.states.get(connectionId);
    if (!current || current.state !== 'unreachable' || this.closed) return;
    const { retryBaseMs, retryMaxMs } = this.options;
    // Jitter keeps several offline connections (or app windows) from re-testing in lockstep.
    const delay = Math.min(retryMaxMs, retryBaseMs * 2 ** current.attempts) * (0.8 + this.options.random() * 0.4);
    this.set({ ...current, nextRetryAt: this.iso(this.options.now() + delay) });
    const timer = setTimeout(() => void this.retest(connectionId), delay);
    timer.unref?.();
    this.timers.set(connectionId, timer);
  }

  private async retest(connectionId: string): Promise<void> {
    this.timers.delete(connectionId);
    const before = this.states.get(connectionId);
    if (!before || before.state !== 'unreachable' || this.closed) return;
    let report: ConnectionTestReport | null = null;
    try {
      report = await this.test(connectionId);
    } catch (error) {
      // The connection itself is gone (removed) or broken beyond a network problem: stop trying.
      this.log.warn('background re-test could not run', { connectionId, error: (error as Error).message });
      this.forget(connectionId);
      return;
    }
    const now = this.states.get(connectionId);
    if (!now || now.state !== 'unreachable' || this.closed) return; // something else already decided
    if (report.reachable) {
      this.markReachable(connectionId);
      return;
    }
    this.set({ ...now, attempts: now.attempts + 1, error: { code: 'unreachable', message: report.summary } });
    this.scheduleRetest(connectionId);
  }

  private set(next: ConnectionAvailability): void {
    const previous = this.states.get(next.connectionId);
    if (next.state !== 'unreachable') delete next.nextRetryAt;
    this.states.set(next.connectionId, next);
    this.emit(next, previous);
  }

  private emit(next: ConnectionAvailability, previous: ConnectionAvailability | undefined): void {
    for (const listener of [...this.listeners]) {
      try {
        listener(next, previous);
      } catch (error) {
        this.log.error('availability listener failed', { error: (error as Error).message });
      }
    }
  }

  private stopTimer(connectionId: string): void {
    const timer = this.timers.get(connectionId);
    if (timer) clearTimeout(timer);
    this.timers.delete(connectionId);
  }

  private iso(ms = this.options.now()): string {
    return new Date(ms).toISOString();
  }
}
