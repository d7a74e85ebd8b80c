// The list filters of the allocations and nodes pages: typing reaches the store once after a pause, facets set and
// unset by name, a page's own filter counts and clears with the rest, and sort goes to the store.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { nextTick, reactive } from 'vue';
import { useListFilters, type ListFilterStore } from './useListFilters';

function makeStore(): ListFilterStore<'Name' | 'Status'> & { namespace: string } {
  return reactive({ search: '', facets: {}, sort: { key: 'Name' as const, order: 'asc' as const }, namespace: '*' });
}

describe('useListFilters', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('sends the search to the store once typing pauses, not per key', async () => {
    const store = makeStore();
    const filters = useListFilters(store);
    for (const text of ['w', 'we', 'web']) {
      filters.searchText.value = text;
      await nextTick();
      vi.advanceTimersByTime(50);
    }
    expect(store.search).toBe('');
    vi.advanceTimersByTime(120);
    expect(store.search).toBe('web');
  });

  it('sets and removes a facet by name, leaving the others', () => {
    const store = makeStore();
    const filters = useListFilters(store);
    filters.setFacet('Status', ['ready']);
    filters.setFacet('Drain', ['true']);
    expect(filters.facetValue('Status')).toEqual(['ready']);
    filters.setFacet('Status', []);
    expect(store.facets).toEqual({ Drain: ['true'] });
    expect(filters.facetValue('Status')).toEqual([]);
  });

  it("counts and clears the page's own filter with search and facets", () => {
    const store = makeStore();
    const filters = useListFilters(store, { isSet: () => store.namespace !== '*', clear: () => (store.namespace = '*') });
    expect(filters.filtered.value).toBe(false);
    store.namespace = 'ops';
    expect(filters.filtered.value).toBe(true);
    filters.searchText.value = 'api';
    store.search = 'api';
    filters.setFacet('Status', ['down']);
    filters.clearFilters();
    expect({ search: store.search, text: filters.searchText.value, facets: store.facets, namespace: store.namespace }).toEqual({ search: '', text: '', facets: {}, namespace: '*' });
    expect(filters.filtered.value).toBe(false);
  });

  it('hands a header sort to the store', () => {
    const store = makeStore();
    const filters = useListFilters(store);
    filters.setSort({ key: 'Status', order: 'desc' });
    expect(store.sort).toEqual({ key: 'Status', order: 'desc' });
    expect(filters.sort.value).toEqual({ key: 'Status', order: 'desc' });
  });
});
