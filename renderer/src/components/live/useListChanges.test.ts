// A detail page re-reads its object when lists.changes names it (or names nothing, as after a gap), once per
// burst, and stops listening when its scope ends.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { effectScope, ref } from 'vue';
import type { ListChange, QuarterdeckBridge, StreamBatch } from '../../../../main/contract';
import { setBridge } from '@/bridge';
import { useListChanges } from './useListChanges';

let deliver: ((batch: StreamBatch<ListChange>) => void) | null = null;
let unsubscribed = 0;

function batch(items: ListChange[]): StreamBatch<ListChange> {
  return { subscriptionId: 's', status: 'live', items, dropped: 0, malformed: 0 };
}

beforeEach(() => {
  vi.useFakeTimers();
  unsubscribed = 0;
  setBridge({
    invoke: (async () => ({ ok: true, value: null })) as QuarterdeckBridge['invoke'],
    subscribe: ((_stream: string, _params: unknown, onBatch: (b: StreamBatch<ListChange>) => void) => {
      deliver = onBatch;
      return () => unsubscribed++;
    }) as QuarterdeckBridge['subscribe'],
  });
});
afterEach(() => {
  setBridge(null);
  vi.useRealTimers();
});

describe('useListChanges', () => {
  it('re-reads once for a burst of changes naming the object, and ignores other objects and resources', () => {
    const onChange = vi.fn();
    const scope = effectScope();
    scope.run(() => useListChanges(ref('c1'), 'nodes', ref('n1'), onChange));
    deliver!(batch([{ connectionId: 'c1', resource: 'nodes', version: 2, ids: ['n2'] }]));
    deliver!(batch([{ connectionId: 'c1', resource: 'allocations', version: 3, ids: ['n1'] }]));
    vi.advanceTimersByTime(1000);
    expect(onChange).not.toHaveBeenCalled();

    deliver!(batch([{ connectionId: 'c1', resource: 'nodes', version: 4, ids: ['n1'] }]));
    deliver!(batch([{ connectionId: 'c1', resource: 'nodes', version: 5, ids: ['n3', 'n1'] }]));
    vi.advanceTimersByTime(1000);
    expect(onChange).toHaveBeenCalledTimes(1);

    // A change without ids (a refetch after a gap) may concern anything: re-read.
    deliver!(batch([{ connectionId: 'c1', resource: 'nodes', version: 6 }]));
    vi.advanceTimersByTime(1000);
    expect(onChange).toHaveBeenCalledTimes(2);

    scope.stop();
    expect(unsubscribed).toBe(1);
  });
});
