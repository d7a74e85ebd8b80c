// The events store against a fake bridge: it follows the stream it was asked for, bounds what it holds, pauses
// without losing events, resumes by index after a stop, and records gaps, drops and the management-token refusal.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createPinia, setActivePinia } from 'pinia';
import type { ClusterEvent, QuarterdeckBridge, StreamBatch } from '../../../main/contract';
import { setBridge } from '@/bridge';
import { EVENT_BUFFER_CAPACITY, useEventsStore } from './events';

interface Subscription {
  params: Record<string, unknown>;
  emit: (batch: StreamBatch<ClusterEvent>) => void;
  closed: boolean;
}

let subscriptions: Subscription[];

const ev = (Index: number, Topic = 'Allocation'): ClusterEvent => ({ Topic, Type: `${Topic}Updated`, Key: `k${Index}`, Namespace: 'default', FilterKeys: null, Index, Payload: {} });
const batch = (items: ClusterEvent[], extra: Partial<StreamBatch<ClusterEvent>> = {}): StreamBatch<ClusterEvent> => ({ subscriptionId: 's', status: 'live', items, dropped: 0, malformed: 0, ...extra });
const last = () => subscriptions.at(-1)!;

beforeEach(() => {
  setActivePinia(createPinia());
  subscriptions = [];
  const bridge = {
    invoke: async () => ({ ok: false, error: { code: 'internal', message: 'unused' } }),
    subscribe: (_stream: string, params: Record<string, unknown>, onBatch: (b: StreamBatch<ClusterEvent>) => void) => {
      const sub: Subscription = { params, emit: onBatch, closed: false };
      subscriptions.push(sub);
      return () => {
        sub.closed = true;
      };
    },
  } as unknown as QuarterdeckBridge;
  setBridge(bridge);
});
afterEach(() => setBridge(null));

describe('events store', () => {
  it('follows the chosen topics and namespace and shows what arrives', () => {
    const events = useEventsStore();
    events.choose({ topics: ['Node', 'Job:web'], namespace: 'ops' });
    events.start('c1');
    expect(last().params).toEqual({ connectionId: 'c1', topics: ['Node', 'Job:web'], namespace: 'ops' });
    last().emit(batch([ev(1), ev(2, 'Node')], { malformed: 2 }));
    expect(events.visibleCount).toBe(0); // applied on the view's timer, not per batch
    events.applyIncoming();
    expect(events.status).toBe('live');
    expect(events.visible.map((e) => e.event.Index)).toEqual([1, 2]);
    expect(events.malformed).toBe(2);
    expect(events.rates.total('Node')).toBe(1);
  });

  it('does not subscribe with an invalid choice, and says why', () => {
    const events = useEventsStore();
    events.choose({ topics: ['Jobs'] });
    events.start('c1');
    expect(subscriptions).toHaveLength(0);
    expect(events.problems[0]).toMatch(/“Jobs” is not a topic/);
  });

  it('holds at most its capacity and counts what it let go, with what the host dropped', () => {
    const events = useEventsStore();
    events.start('c1');
    const many = Array.from({ length: EVENT_BUFFER_CAPACITY + 50 }, (_, i) => ev(i + 1));
    last().emit(batch(many, { dropped: 7 }));
    events.applyIncoming();
    expect(events.bufferedCount).toBe(EVENT_BUFFER_CAPACITY);
    expect(events.bufferDropped).toBe(50);
    expect(events.hostDropped).toBe(7);
    expect(events.visible[0].event.Index).toBe(51);
  });

  it('pauses the view but keeps receiving, and shows the held events on resume', () => {
    const events = useEventsStore();
    events.start('c1');
    last().emit(batch([ev(1)]));
    events.pause(); // shows what arrived before the pause
    last().emit(batch([ev(2), ev(3)]));
    expect(events.visibleCount).toBe(1);
    expect(events.heldCount).toBe(2);
    events.resume();
    expect(events.visible.map((e) => e.event.Index)).toEqual([1, 2, 3]);
    expect(events.heldCount).toBe(0);
  });

  it('closes the stream on stop and resumes after the newest held event on start', () => {
    const events = useEventsStore();
    events.start('c1');
    last().emit(batch([ev(10), ev(11)]));
    events.stop(); // applies what arrived, so the resume index is the newest event
    expect(last().closed).toBe(true);
    events.start('c1');
    expect(last().params).toMatchObject({ index: 11 });
    expect(events.bufferedCount).toBe(2);
    // Another choice starts a fresh feed from the server's backlog.
    events.choose({ namespace: 'default' });
    expect(last().params.index).toBeUndefined();
    expect(events.bufferedCount).toBe(0);
  });

  it('ignores batches of a subscription it already replaced', () => {
    const events = useEventsStore();
    events.start('c1');
    const old = last();
    events.start('c2');
    old.emit(batch([ev(1)]));
    events.applyIncoming();
    expect(events.bufferedCount).toBe(0);
  });

  it('records gaps and flags a 403 refusal of every namespace for the management-token explanation', () => {
    const events = useEventsStore();
    events.start('c1');
    last().emit(batch([], { gap: { fromIndex: 5, toIndex: 90 } }));
    expect(events.lastGap).toMatchObject({ fromIndex: 5, toIndex: 90 });
    last().emit(batch([], { status: 'ended', message: 'The cluster refused the event stream (403 Permission denied). All topics…' }));
    expect(events.status).toBe('ended');
    expect(events.refusedWide).toBe(true);
  });

  it('searches what it holds and what arrives next', () => {
    const events = useEventsStore();
    events.start('c1');
    last().emit(batch([ev(1), ev(2, 'Node')]));
    events.applyIncoming();
    events.setSearch('nodeupdated');
    expect(events.visible.map((e) => e.event.Index)).toEqual([2]);
    last().emit(batch([ev(3, 'Node'), ev(4)]));
    events.applyIncoming();
    expect(events.visible.map((e) => e.event.Index)).toEqual([2, 3]);
  });
});
