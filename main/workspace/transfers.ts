// Progress of state downloads and uploads, pushed on the `transfers` stream by transfer id. The renderer picks
// the id before it calls, subscribes, then invokes; a late subscriber first gets the latest known progress.
import type { StreamBatch, TransferProgress } from '../contract';
import { HostError } from '../host/host-error';
import type { StreamFactory } from '../streams/subscription-registry';

/** Byte progress is sent at most this often per transfer; phase changes go out at once. */
const PROGRESS_INTERVAL_MS = 100;
/** Finished transfers are remembered briefly for late subscribers; bounded so the map cannot grow forever. */
const REMEMBERED = 200;

type Emit = (batch: StreamBatch<unknown>) => void;

interface Subscriber {
  subscriptionId: string;
  emit: Emit;
}

const FINAL: ReadonlySet<TransferProgress['phase']> = new Set(['done', 'failed']);

export class TransferHub {
  private readonly latest = new Map<string, TransferProgress>();
  private readonly subscribers = new Map<string, Set<Subscriber>>();
  private readonly lastSent = new Map<string, number>();

  /** Reports one step of a transfer. Byte-only updates inside the interval are folded into the next one. */
  report(progress: TransferProgress): void {
    const previous = this.latest.get(progress.transferId);
    this.latest.delete(progress.transferId); // re-insert: the map's order is recency, for trimming
    this.latest.set(progress.transferId, progress);
    while (this.latest.size > REMEMBERED) {
      const oldest = this.latest.keys().next().value as string;
      this.latest.delete(oldest);
      this.lastSent.delete(oldest);
    }
    const now = Date.now();
    const samePhase = previous?.phase === progress.phase;
    const complete = progress.total !== null && progress.bytes >= progress.total;
    if (samePhase && !complete && now - (this.lastSent.get(progress.transferId) ?? 0) < PROGRESS_INTERVAL_MS) return;
    this.lastSent.set(progress.transferId, now);
    this.send(progress);
  }

  /** A reporter bound to one transfer, for the step functions. */
  reporter(transferId: string): (phase: TransferProgress['phase'], bytes: number, total: number | null, message?: string) => void {
    return (phase, bytes, total, message) => this.report({ transferId, phase, bytes, total, ...(message ? { message } : {}) });
  }

  private send(progress: TransferProgress): void {
    const status = FINAL.has(progress.phase) ? 'ended' : 'live';
    for (const subscriber of this.subscribers.get(progress.transferId) ?? []) {
      subscriber.emit({ subscriptionId: subscriber.subscriptionId, status, items: [progress], dropped: 0, malformed: 0, ...(progress.message ? { message: progress.message } : {}) });
    }
  }

  readonly stream: StreamFactory = (params, emit, subscriptionId) => {
    const transferId = (params as { transferId?: unknown } | null)?.transferId;
    if (typeof transferId !== 'string' || !/^[\w-]{1,64}$/.test(transferId)) {
      throw new HostError('invalid_input', 'The transfers stream needs a transferId of 1-64 letters, digits, "_" or "-".');
    }
    let set = this.subscribers.get(transferId);
    if (!set) this.subscribers.set(transferId, (set = new Set()));
    const subscriber: Subscriber = { subscriptionId, emit };
    set.add(subscriber);
    const known = this.latest.get(transferId);
    emit({ subscriptionId, status: known && FINAL.has(known.phase) ? 'ended' : 'live', items: known ? [known] : [], dropped: 0, malformed: 0 });
    return {
      close: () => {
        set.delete(subscriber);
        if (set.size === 0) this.subscribers.delete(transferId);
      },
    };
  };

  close(): void {
    this.subscribers.clear();
    this.latest.clear();
    this.lastSent.clear();
  }
}
