// Test support for the stream integration tests: a transport that counts open response bodies, and a subscriber
// that records batches and lets a test await a condition instead of sleeping.
import { HttpTransport, type HttpRequest, type StreamResponse } from '../clients/http/transport';
import type { StreamBatch } from '../contract';
import type { StreamTransport } from './stream-protocol';

export class CountingTransport implements StreamTransport {
  /** Response bodies not yet closed: the upstream connections really held open. */
  openBodies = 0;
  requests: HttpRequest[] = [];
  private readonly waiters = new Set<() => void>();

  constructor(readonly inner: HttpTransport) {}

  get label(): string {
    return this.inner.label;
  }

  async open(req: HttpRequest): Promise<StreamResponse> {
    this.requests.push(req);
    const response = await this.inner.open(req);
    this.openBodies++;
    response.body.once('close', () => {
      this.openBodies--;
      for (const wake of this.waiters) wake();
    });
    return response;
  }

  /** Resolves once every body is closed; rejects after `timeoutMs` as a failure guard. */
  allClosed(timeoutMs = 5000): Promise<void> {
    return waitFor(() => this.openBodies === 0, this.waiters, timeoutMs, () => `${this.openBodies} upstream bodies still open`);
  }
}

export class RecordingSubscriber<Item> {
  readonly batches: StreamBatch<Item>[] = [];
  readonly items: Item[] = [];
  private readonly waiters = new Set<() => void>();

  readonly emit = (batch: StreamBatch<unknown>): void => {
    const typed = batch as StreamBatch<Item>;
    this.batches.push(typed);
    for (const item of typed.items) this.items.push(item);
    for (const wake of this.waiters) wake();
  };

  get malformed(): number {
    return this.batches.reduce((sum, b) => sum + b.malformed, 0);
  }

  get dropped(): number {
    return this.batches.reduce((sum, b) => sum + b.dropped, 0);
  }

  get gaps(): NonNullable<StreamBatch<Item>['gap']>[] {
    return this.batches.flatMap((b) => (b.gap ? [b.gap] : []));
  }

  get status(): StreamBatch<Item>['status'] | undefined {
    return this.batches.at(-1)?.status;
  }

  /** Resolves when `condition` holds after some batch; rejects after `timeoutMs` with `what` and the last status. */
  until(condition: (self: this) => boolean, what: string, timeoutMs = 15_000): Promise<void> {
    return waitFor(() => condition(this), this.waiters, timeoutMs, () => `${what} (last status ${this.status}, ${this.batches.at(-1)?.message ?? 'no message'})`);
  }
}

function waitFor(check: () => boolean, waiters: Set<() => void>, timeoutMs: number, describe: () => string): Promise<void> {
  if (check()) return Promise.resolve();
  return new Promise((resolve, reject) => {
    const wake = (): void => {
      if (!check()) return;
      cleanup();
      resolve();
    };
    const timer = setTimeout(() => {
      cleanup();
      reject(new Error(`Timed out waiting: ${describe()}`));
    }, timeoutMs);
    const cleanup = (): void => {
      clearTimeout(timer);
      waiters.delete(wake);
    };
    waiters.add(wake);
  });
}
