// One subscriber's side of a shared upstream: its bounded buffer, its status, and batched delivery at most every
// ~75 ms or as soon as `maxItems` are waiting (design.md, The contract: Streams).
import type { StreamBatch, StreamStatus } from '../contract';
import { SubscriberRingBuffer } from './subscriber-ring-buffer';

export interface BatchPolicy {
  /** Longest an item waits before it is sent. */
  intervalMs: number;
  /** Send at once when this many items are waiting. */
  maxItems: number;
  /** Items held per subscriber; beyond that the oldest are dropped and counted. */
  bufferItems: number;
}

export const DEFAULT_BATCH_POLICY: BatchPolicy = { intervalMs: 75, maxItems: 1000, bufferItems: 20_000 };

export type Gap = NonNullable<StreamBatch<unknown>['gap']>;

export class SubscriberFeed<Item> {
  private readonly buffer: SubscriberRingBuffer<Item>;
  private status: StreamStatus;
  private message: string | undefined;
  private statusChanged = true;
  private malformed = 0;
  private gap: Gap | undefined;
  private timer: NodeJS.Timeout | undefined;
  private immediate: NodeJS.Immediate | undefined;
  private closed = false;

  constructor(
    readonly subscriptionId: string,
    private readonly emit: (batch: StreamBatch<Item>) => void,
    private readonly policy: BatchPolicy,
    initial: { status: StreamStatus; message?: string },
  ) {
    this.buffer = new SubscriberRingBuffer<Item>(policy.bufferItems);
    this.status = initial.status;
    this.message = initial.message;
  }

  get isClosed(): boolean {
    return this.closed;
  }

  push(item: Item): void {
    if (this.closed) return;
    this.buffer.push(item);
    if (this.buffer.size >= this.policy.maxItems) this.flushSoon();
    else this.flushLater();
  }

  /** Status changes go out at once, with whatever items are waiting, so the UI never shows a stale state. */
  setStatus(status: StreamStatus, message?: string): void {
    if (this.closed || (status === this.status && message === this.message)) return;
    this.status = status;
    this.message = status === 'live' ? undefined : message;
    this.statusChanged = true;
    this.flush();
  }

  addMalformed(count: number): void {
    if (this.closed || count <= 0) return;
    this.malformed += count;
    this.flushLater();
  }

  /** Two gaps before one delivery merge into one span: the subscriber refetches once either way. */
  addGap(gap: Gap): void {
    if (this.closed) return;
    this.gap = this.gap ? { fromIndex: Math.min(this.gap.fromIndex, gap.fromIndex), toIndex: Math.max(this.gap.toIndex, gap.toIndex) } : { ...gap };
    this.flushSoon();
  }

  /** Sends what is waiting now; a batch goes out only when it has something to say. */
  flush(): void {
    this.cancelTimers();
    if (this.closed) return;
    const { items, dropped } = this.buffer.drain();
    if (items.length === 0 && dropped === 0 && this.malformed === 0 && !this.gap && !this.statusChanged) return;
    const batch: StreamBatch<Item> = { subscriptionId: this.subscriptionId, status: this.status, items, dropped, malformed: this.malformed };
    if (this.gap) batch.gap = this.gap;
    if (this.message !== undefined) batch.message = this.message;
    this.malformed = 0;
    this.gap = undefined;
    this.statusChanged = false;
    try {
      this.emit(batch);
    } catch {
      // A subscriber whose window is going away must not break delivery to the others sharing the upstream.
    }
  }

  /** Stops delivery for good; a final batch (e.g. `ended`) must be flushed before. */
  close(): void {
    this.closed = true;
    this.cancelTimers();
    this.buffer.drain();
  }

  private flushLater(): void {
    if (this.timer === undefined && this.immediate === undefined) this.timer = setTimeout(() => this.flush(), this.policy.intervalMs);
  }

  private flushSoon(): void {
    if (this.immediate !== undefined) return;
    // setImmediate, not a synchronous flush: every frame of the chunk being parsed joins the same batch.
    this.immediate = setImmediate(() => this.flush());
  }

  private cancelTimers(): void {
    if (this.timer !== undefined) clearTimeout(this.timer);
    if (this.immediate !== undefined) clearImmediate(this.immediate);
    this.timer = undefined;
    this.immediate = undefined;
  }
}
