// Tracks every open stream subscription by session, so a closed or crashed window leaves nothing running.
import type { StreamBatch } from '../contract';
import { HostError } from '../host/host-error';

export interface StreamSource {
  close(): void;
}

/** Starts one subscription's stream; `emit` delivers batches to that subscriber only. */
export type StreamFactory = (params: unknown, emit: (batch: StreamBatch<unknown>) => void, subscriptionId: string) => StreamSource;

interface Subscription {
  sessionId: string;
  source: StreamSource;
}

export class SubscriptionRegistry {
  private readonly subscriptions = new Map<string, Subscription>();

  open(sessionId: string, subscriptionId: string, factory: StreamFactory, params: unknown, deliver: (batch: StreamBatch<unknown>) => void): void {
    if (this.subscriptions.has(subscriptionId)) {
      throw new HostError('conflict', `Subscription ${subscriptionId} already exists; subscribe again with a new id.`);
    }
    // Registered before the factory runs so a batch emitted synchronously can already be routed.
    const entry: Subscription = { sessionId, source: { close: () => undefined } };
    this.subscriptions.set(subscriptionId, entry);
    try {
      entry.source = factory(params, (batch) => {
        if (this.subscriptions.get(subscriptionId) === entry) deliver(batch);
      }, subscriptionId);
    } catch (error) {
      this.subscriptions.delete(subscriptionId);
      throw error;
    }
  }

  /** Only the owning session may close a subscription. */
  close(subscriptionId: string, sessionId: string): void {
    const entry = this.subscriptions.get(subscriptionId);
    if (!entry || entry.sessionId !== sessionId) return;
    this.subscriptions.delete(subscriptionId);
    entry.source.close();
  }

  closeSession(sessionId: string): void {
    for (const [id, entry] of this.subscriptions) {
      if (entry.sessionId === sessionId) {
        this.subscriptions.delete(id);
        entry.source.close();
      }
    }
  }

  closeAll(): void {
    for (const [id, entry] of this.subscriptions) {
      this.subscriptions.delete(id);
      entry.source.close();
    }
  }

  count(sessionId?: string): number {
    if (sessionId === undefined) return this.subscriptions.size;
    let n = 0;
    for (const entry of this.subscriptions.values()) if (entry.sessionId === sessionId) n++;
    return n;
  }
}
