// Batched delivery: items wait at most one interval, a full batch goes at once, status changes go out
// immediately, and a slow subscriber's overflow is reported as `dropped`.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { StreamBatch } from '../contract';
import { SubscriberFeed } from './subscriber-feed';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

function feed(policy = { intervalMs: 75, maxItems: 10, bufferItems: 5 }) {
  const batches: StreamBatch<number>[] = [];
  const f = new SubscriberFeed<number>('sub-1', (b) => batches.push(b), policy, { status: 'live' });
  f.flush(); // the opening status batch
  batches.length = 0;
  return { f, batches };
}

describe('SubscriberFeed', () => {
  it('holds items for one interval, then sends them together', () => {
    const { f, batches } = feed({ intervalMs: 75, maxItems: 100, bufferItems: 100 });
    f.push(1);
    f.push(2);
    vi.advanceTimersByTime(74);
    expect(batches).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(batches).toEqual([{ subscriptionId: 'sub-1', status: 'live', items: [1, 2], dropped: 0, malformed: 0 }]);
  });

  it('sends at once when maxItems are waiting', () => {
    const { f, batches } = feed({ intervalMs: 1000, maxItems: 3, bufferItems: 100 });
    [1, 2, 3].forEach((n) => f.push(n));
    vi.advanceTimersByTime(0);
    expect(batches.map((b) => b.items)).toEqual([[1, 2, 3]]);
  });

  it('reports items dropped from the bounded buffer, the oldest first', () => {
    const { f, batches } = feed({ intervalMs: 75, maxItems: 100, bufferItems: 5 });
    for (let n = 1; n <= 8; n++) f.push(n);
    vi.advanceTimersByTime(75);
    expect(batches[0]).toMatchObject({ items: [4, 5, 6, 7, 8], dropped: 3 });
  });

  it('sends a status change immediately with its message, and merges gaps and malformed counts', () => {
    const { f, batches } = feed();
    f.addMalformed(2);
    f.addGap({ fromIndex: 10, toIndex: 20 });
    f.addGap({ fromIndex: 15, toIndex: 40 });
    f.setStatus('reconnecting', 'The connection broke');
    expect(batches).toEqual([{ subscriptionId: 'sub-1', status: 'reconnecting', items: [], dropped: 0, malformed: 2, gap: { fromIndex: 10, toIndex: 40 }, message: 'The connection broke' }]);
    f.close();
    f.push(1);
    vi.runAllTimers();
    expect(batches).toHaveLength(1);
  });
});
