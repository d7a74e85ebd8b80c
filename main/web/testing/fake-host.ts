// A recording HostApi for shell tests: answers invokes by echo, keeps each subscription's `deliver` so a test
// can push batches, and records closed sessions. Tests only.
import type { BridgeResult, StreamBatch } from '../../contract';
import type { HostApi, Session } from '../../host/session';

export interface FakeSubscription {
  stream: unknown;
  params: unknown;
  subscriptionId: string;
  session: Session;
  deliver: (batch: StreamBatch<unknown>) => void;
}

export class FakeHost implements HostApi {
  readonly invokes: Array<{ method: unknown; params: unknown; session: Session }> = [];
  readonly subscriptions: FakeSubscription[] = [];
  readonly unsubscribed: Array<{ subscriptionId: unknown; session: Session }> = [];
  readonly closedSessions: Session[] = [];
  shutdowns = 0;

  async invoke(method: unknown, params: unknown, session: Session): Promise<BridgeResult<unknown>> {
    this.invokes.push({ method, params, session });
    if (method === 'test.fail') return { ok: false, error: { code: 'not_found', message: 'No such thing.' } };
    if (method === 'test.throw') throw new Error('boom');
    return { ok: true, value: { method, params } };
  }

  async subscribe(
    stream: unknown,
    params: unknown,
    subscriptionId: unknown,
    session: Session,
    deliver: (batch: StreamBatch<unknown>) => void,
  ): Promise<BridgeResult<{ subscriptionId: string }>> {
    if (stream === 'test.unknown') return { ok: false, error: { code: 'invalid_input', message: 'Unknown stream "test.unknown".' } };
    this.subscriptions.push({ stream, params, subscriptionId: String(subscriptionId), session, deliver });
    return { ok: true, value: { subscriptionId: String(subscriptionId) } };
  }

  unsubscribe(subscriptionId: unknown, session: Session): void {
    this.unsubscribed.push({ subscriptionId, session });
  }

  closeSession(session: Session): void {
    this.closedSessions.push(session);
  }

  subscriptionCount(): number {
    return this.subscriptions.length;
  }

  async shutdown(): Promise<void> {
    this.shutdowns++;
  }

  /** Pushes a batch through the subscription's own `deliver`, as the host's stream fan-out would. */
  push(subscriptionId: string, items: unknown[] = ['item']): void {
    const sub = this.subscriptions.find((entry) => entry.subscriptionId === subscriptionId);
    if (!sub) throw new Error(`no subscription ${subscriptionId}`);
    sub.deliver({ subscriptionId, status: 'live', items, dropped: 0, malformed: 0 });
  }
}

export function batchOf(subscriptionId: string, items: unknown[] = ['item']): StreamBatch<unknown> {
  return { subscriptionId, status: 'live', items, dropped: 0, malformed: 0 };
}
