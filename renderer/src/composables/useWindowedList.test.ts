// The windowed list against a fake host: pages are fetched by offset, and a list still filling in main is asked
// again until it is complete even when no change notice arrives (a small list can finish before the subscription).
import { afterEach, describe, expect, it } from 'vitest';
import { effectScope, ref } from 'vue';
import type { QuarterdeckBridge } from '../../../main/contract';
import { setBridge } from '@/bridge';
import { useWindowedList, type WindowedQuery } from './useWindowedList';

afterEach(() => setBridge(null));

function fakeHost(fillingAnswers: number) {
  const queries: Array<{ offset: number; limit: number }> = [];
  const bridge: QuarterdeckBridge = {
    invoke: (async (method: string, params: { offset: number; limit: number }) => {
      if (method !== 'workspaces.query') return { ok: false, error: { code: 'internal', message: method } };
      queries.push({ offset: params.offset, limit: params.limit });
      const loading = queries.length <= fillingAnswers;
      const rows = Array.from({ length: 5 }, (_, i) => ({ id: `ws-${i}` }));
      return { ok: true, value: { rows, offset: params.offset, total: 5, matching: 5, facetCounts: {}, version: queries.length, loading, asOf: null, source: 'live' } };
    }) as QuarterdeckBridge['invoke'],
    subscribe: () => () => {}, // no change notices at all
  };
  return { bridge, queries };
}

describe('useWindowedList', () => {
  it('asks again while main is still filling, until the list says it is complete', async () => {
    const host = fakeHost(2);
    setBridge(host.bridge);
    const scope = effectScope();
    const list = scope.run(() => useWindowedList('workspaces.query', 'workspaces', ref<WindowedQuery | null>({ connectionId: 'c1' })))!;
    await expect.poll(() => list.loading.value, { timeout: 5000 }).toBe(false);
    expect(host.queries.length).toBe(3);
    expect(host.queries[0]).toEqual({ offset: 0, limit: 100 });
    expect(list.rowAt(4)).toEqual({ id: 'ws-4' });
    expect(list.matching.value).toBe(5);
    scope.stop();
  });
});
