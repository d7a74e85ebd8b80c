// The workspaces list's filters and sort, kept at module level so returning from a workspace's detail finds the
// list as it was left. Turned into the host's ListQuery here, in one place.
import { reactive } from 'vue';
import type { SortOrder } from '../../../../../main/contract';
import type { WindowedQuery } from '@/composables/useWindowedList';

export interface WorkspaceListFilters {
  search: string;
  projects: string[];
  tags: string[];
  locked: 'any' | 'true' | 'false';
  sort: { key: string; order: SortOrder };
}

export const listFilters = reactive<WorkspaceListFilters>({ search: '', projects: [], tags: [], locked: 'any', sort: { key: 'name', order: 'asc' } });

export function resetFilters(): void {
  Object.assign(listFilters, { search: '', projects: [], tags: [], locked: 'any' });
}

/** The host query for a connection; facets are OR-ed within a key, AND-ed across keys (main/lists). */
export function toQuery(connectionId: string, filters: WorkspaceListFilters): WindowedQuery {
  const facets: Record<string, string[]> = {};
  if (filters.projects.length) facets.project = [...filters.projects];
  if (filters.tags.length) facets.tags = [...filters.tags];
  if (filters.locked !== 'any') facets.locked = [filters.locked];
  return {
    connectionId,
    ...(filters.search.trim() ? { search: filters.search.trim() } : {}),
    facets,
    sort: { key: filters.sort.key, order: filters.sort.order },
  };
}

/** "loaded 4,300 of 10,000" while filling, then "10,000 workspaces", with the match count when filtered. */
export function countLabel(total: number, matching: number, expected: number | null, loading: boolean, filtered: boolean): string {
  const n = (value: number) => value.toLocaleString('en-US');
  // Also after a failed fill: the person must see the list is short, not take it for the whole organization.
  const short = expected !== null && expected > total;
  const base = short ? `loaded ${n(total)} of ${n(expected)} workspaces${loading ? '' : ' (incomplete)'}` : `${n(total)} workspace${total === 1 ? '' : 's'}`;
  return filtered ? `${n(matching)} match · ${base}` : base;
}
