// The search, facet filters and sort of a cluster list page (allocations, nodes). They live in the page's store, so
// they survive a visit to a detail page; typing reaches the store after a short pause, so a fast typist sends one
// query, not one per key.
import { computed, ref, watch } from 'vue';
import type { SortOrder } from '../../../main/contract';

export interface ListFilterStore<K extends string> {
  search: string;
  facets: Record<string, string[]>;
  sort: { key: K; order: SortOrder };
}

/** `more`: filters the page adds (the allocations namespace), counted by `filtered` and reset by `clearFilters`. */
export function useListFilters<K extends string>(store: ListFilterStore<K>, more?: { isSet: () => boolean; clear: () => void }) {
  const searchText = ref(store.search);
  let searchTimer: ReturnType<typeof setTimeout> | null = null;
  watch(searchText, (value) => {
    if (searchTimer) clearTimeout(searchTimer);
    searchTimer = setTimeout(() => (store.search = value), 120);
  });

  function facetValue(name: string): string[] {
    return store.facets[name] ?? [];
  }
  function setFacet(name: string, values: string[]): void {
    const next = { ...store.facets };
    if (values.length) next[name] = values;
    else delete next[name];
    store.facets = next;
  }

  const filtered = computed(() => store.search !== '' || Object.keys(store.facets).length > 0 || (more?.isSet() ?? false));
  function clearFilters(): void {
    searchText.value = '';
    store.search = '';
    store.facets = {};
    more?.clear();
  }

  const sort = computed(() => store.sort as { key: string; order: SortOrder });
  function setSort(next: { key: string; order: SortOrder }): void {
    store.sort = next as { key: K; order: SortOrder };
  }

  return { searchText, facetValue, setFacet, filtered, clearFilters, sort, setSort };
}

export type ListFilters = ReturnType<typeof useListFilters>;
