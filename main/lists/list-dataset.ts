// One large list held in main (jobs, allocations, nodes, workspaces): patched by live updates, queried by window.
// Filtering 100,000 rows is a linear scan of lower-case keys (computed on the first search, so a list restored from the
// offline cache and never searched costs nothing for them), and the last filter's matches are kept until the data
// changes, so scrolling a filtered list costs a slice and typing more of a search scans only the previous matches;
// sorting is cached per sort key until the data changes, so scrolling (a new offset, same query) costs only a slice.
import type { BridgeError, DataSource, ListQuery, ListWindow } from '../contract';

export interface DatasetShape<Row> {
  id(row: Row): string;
  /** Text matched by `search`: name-like fields; an ID prefix also matches via `id`. */
  searchText(row: Row): string;
  /** Facet name → value(s) of a row, e.g. `Status: row.Status`. */
  facets: Record<string, (row: Row) => string | string[]>;
  /** Sort key → comparator. */
  sorters: Record<string, (a: Row, b: Row) => number>;
  defaultSort: { key: string; order: 'asc' | 'desc' };
  /** Optional row filter by namespace; rows without one pass. */
  namespace?(row: Row): string;
}

interface Indexed<Row> {
  row: Row;
  id: string;
  /** Lower-case search key, computed on the first search (a restored or filled list may never be searched). */
  text: string | null;
}

export function wildcardToRegExp(pattern: string): RegExp {
  const escaped = pattern.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '.*');
  return new RegExp(`^${escaped}$`, 'i');
}

type FacetCounts = Record<string, Record<string, number>>;

/** Namespaces whose facet counts are kept at once; an operator flips between a few. */
const FACET_SCOPES = 16;

interface Change<Row> {
  before: Indexed<Row> | undefined;
  after: Indexed<Row> | undefined;
}

/** One cached sort order and the total order it was built with (sort key, then ID). */
interface SortedOrder<Row> {
  list: Indexed<Row>[];
  compare: (a: Indexed<Row>, b: Indexed<Row>) => number;
}

export class ListDataset<Row> {
  private readonly rows = new Map<string, Indexed<Row>>();
  private sorted = new Map<string, SortedOrder<Row>>();
  /**
   * The last filtered query's matches in sort order, while the data is unchanged (same version): scrolling it (a new
   * offset) costs a slice, and typing more of its search scans only its matches instead of every row.
   */
  private lastMatches: { version: number; rest: string; search: string; list: Indexed<Row>[] } | null = null;
  /** Facet counts per namespace scope (`*` = every row), patched by live batches like the sort orders. */
  private facetCache = new Map<string, FacetCounts>();
  version = 0;
  loading = true;
  asOf: string | null = null;
  source: DataSource = 'live';
  refreshError: BridgeError | undefined;
  /** The server's count of all rows while a paged fill runs (its `total-count`); null when unknown. */
  expected: number | null = null;

  constructor(private readonly shape: DatasetShape<Row>) {}

  get size(): number {
    return this.rows.size;
  }

  get(id: string): Row | undefined {
    return this.rows.get(id)?.row;
  }

  all(): Row[] {
    return Array.from(this.rows.values(), (entry) => entry.row);
  }

  private index(row: Row): Indexed<Row> {
    const id = this.shape.id(row);
    return { row, id, text: null };
  }

  private textOf(entry: Indexed<Row>): string {
    return (entry.text ??= `${entry.id}\u0000${this.shape.searchText(entry.row)}`.toLowerCase());
  }

  private changed(): void {
    this.version++;
    this.sorted = new Map();
    this.facetCache = new Map();
  }

  /** Replaces the whole dataset (a full fetch); `source` says whether it came from the server or the cache. */
  replaceAll(rows: Row[], source: DataSource = 'live', asOf = new Date().toISOString()): void {
    this.rows.clear();
    for (const row of rows) {
      const entry = this.index(row);
      this.rows.set(entry.id, entry);
    }
    this.source = source;
    this.asOf = asOf;
    this.refreshError = undefined;
    this.changed();
  }

  /** Adds or replaces rows (live events, or pages arriving while the list fills). Returns the ids touched. */
  upsert(rows: Row[]): string[] {
    const ids: string[] = [];
    const patch = this.patchable(rows.length);
    const changes: Change<Row>[] = [];
    for (const row of rows) {
      const entry = this.index(row);
      const before = this.rows.get(entry.id);
      this.rows.set(entry.id, entry);
      ids.push(entry.id);
      if (patch) changes.push({ before, after: entry });
    }
    if (ids.length) {
      if (patch) this.patched(changes);
      else this.changed();
    }
    return ids;
  }

  remove(ids: string[]): string[] {
    const patch = this.patchable(ids.length);
    const changes: Change<Row>[] = [];
    const removed = ids.filter((id) => {
      const before = this.rows.get(id);
      if (!before) return false;
      this.rows.delete(id);
      if (patch) changes.push({ before, after: undefined });
      return true;
    });
    if (removed.length) {
      if (patch) this.patched(changes);
      else this.changed();
    }
    return removed;
  }

  /**
   * Whether a batch is patched into the cached sort orders and facet counts rather than rebuilding them. Live updates
   * arrive in batches of a few hundred rows every 100 ms; re-sorting 100,000 rows for each costs ~100 ms, while a
   * merge of the changed rows into the kept order is one linear pass. Only a batch that replaces most of the list
   * (a first fill) rebuilds.
   */
  private patchable(count: number): boolean {
    return (this.sorted.size > 0 || this.facetCache.size > 0) && count <= Math.max(64, this.rows.size / 2);
  }

  private patched(changes: Change<Row>[]): void {
    // A row object changed in place no longer sorts where its entry sits: rebuild rather than patch.
    if (changes.some(({ before, after }) => before && after && before.row === after.row)) return this.changed();
    this.version++;
    const gone = new Set<Indexed<Row>>();
    const added: Indexed<Row>[] = [];
    for (const { before, after } of changes) {
      if (before) gone.add(before);
      // A row upserted twice in one batch: only the entry that is current goes into the orders.
      if (after && this.rows.get(after.id) === after) added.push(after);
    }
    for (const sorted of this.sorted.values()) {
      const { list, compare } = sorted;
      const incoming = [...added].sort(compare);
      // One pass over the kept order: each incoming row's place is found by binary search (entries that are gone
      // still sort by their own rows, so the order holds), and the rows between are copied without comparing.
      const merged: Indexed<Row>[] = new Array(list.length + incoming.length);
      let size = 0;
      let from = 0;
      const copyUpTo = (to: number) => {
        for (let i = from; i < to; i++) if (!gone.has(list[i])) merged[size++] = list[i];
        from = to;
      };
      for (const entry of incoming) {
        let low = from;
        let high = list.length;
        while (low < high) {
          const mid = (low + high) >>> 1;
          if (compare(list[mid], entry) < 0) low = mid + 1;
          else high = mid;
        }
        copyUpTo(low);
        merged[size++] = entry;
      }
      copyUpTo(list.length);
      merged.length = size;
      sorted.list = merged;
    }
    for (const [scope, counts] of this.facetCache) this.facetCache.set(scope, this.patchedFacets(scope, counts, changes));
  }

  /** Facet counts moved by the changed rows; a copy, since windows already answered hold the previous object. */
  private patchedFacets(scope: string, cache: FacetCounts, changes: Change<Row>[]): FacetCounts {
    const next: FacetCounts = {};
    for (const name of Object.keys(cache)) next[name] = { ...cache[name] };
    const inScope = this.scopeTest(scope);
    for (const { before, after } of changes) {
      for (const [entry, delta] of [[before, -1], [after, 1]] as const) {
        if (!entry || !inScope(entry.row)) continue;
        for (const [name, read] of Object.entries(this.shape.facets)) {
          const values = read(entry.row);
          for (const value of Array.isArray(values) ? values : [values]) {
            const count = (next[name][value] ?? 0) + delta;
            if (count > 0) next[name][value] = count;
            else delete next[name][value];
          }
        }
      }
    }
    return next;
  }

  markFailed(error: BridgeError): void {
    this.refreshError = error;
    this.loading = false;
    this.version++;
  }

  private sortedBy(key: string, order: 'asc' | 'desc'): Indexed<Row>[] {
    const cacheKey = `${key}:${order}`;
    let sorted = this.sorted.get(cacheKey);
    if (!sorted) {
      const byKey = this.shape.sorters[key] ?? this.shape.sorters[this.shape.defaultSort.key];
      const direction = order === 'desc' ? -1 : 1;
      const compare = (a: Indexed<Row>, b: Indexed<Row>) => direction * byKey(a.row, b.row) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
      sorted = { list: Array.from(this.rows.values()).sort(compare), compare };
      this.sorted.set(cacheKey, sorted);
    }
    return sorted.list;
  }

  /** The namespace a query's counts are taken over: `*` when the list has no namespaces or the query asks for all. */
  private facetScope(namespace: string | undefined): string {
    return namespace && namespace !== '*' && this.shape.namespace ? namespace : '*';
  }

  private scopeTest(scope: string): (row: Row) => boolean {
    const read = this.shape.namespace;
    return scope === '*' || !read ? () => true : (row) => read(row) === scope;
  }

  /**
   * Counts per facet value over the rows of one namespace (all of them for `*`), before search and facet filters:
   * the numbers beside each facet say how many rows choosing it would show in the namespace being looked at.
   */
  facetCounts(namespace?: string): FacetCounts {
    const scope = this.facetScope(namespace);
    const cached = this.facetCache.get(scope);
    if (cached) return cached;
    // Maps and no per-row allocation: this runs over every row on the first query after a change (20,000 restored
    // rows from the offline cache included), so it must cost little more than the loop itself.
    const facets = Object.entries(this.shape.facets);
    const tallies = facets.map(() => new Map<string, number>());
    const inScope = this.scopeTest(scope);
    for (const { row } of this.rows.values()) {
      if (!inScope(row)) continue;
      for (let f = 0; f < facets.length; f++) {
        const values = facets[f][1](row);
        const tally = tallies[f];
        if (Array.isArray(values)) for (const value of values) tally.set(value, (tally.get(value) ?? 0) + 1);
        else tally.set(values, (tally.get(values) ?? 0) + 1);
      }
    }
    const counts: FacetCounts = {};
    facets.forEach(([name], f) => (counts[name] = Object.fromEntries(tallies[f])));
    if (this.facetCache.size >= FACET_SCOPES) this.facetCache.delete(this.facetCache.keys().next().value as string);
    this.facetCache.set(scope, counts);
    return counts;
  }

  query(query: Omit<ListQuery, 'connectionId'>): ListWindow<Row> {
    const sort = query.sort ?? this.shape.defaultSort;
    const base = this.sortedBy(sort.key, sort.order);
    const matches = this.matcher(query);
    let rows: Row[];
    let matching: number;
    if (!matches) {
      matching = base.length;
      rows = base.slice(query.offset, query.offset + query.limit).map((entry) => entry.row);
    } else {
      const list = this.matchesOf(query, sort, base, matches);
      matching = list.length;
      rows = list.slice(query.offset, query.offset + query.limit).map((entry) => entry.row);
    }
    return {
      rows,
      offset: query.offset,
      total: this.rows.size,
      matching,
      facetCounts: this.facetCounts(query.namespace),
      version: this.version,
      loading: this.loading,
      asOf: this.asOf,
      source: this.source,
      ...(this.refreshError ? { refreshError: this.refreshError } : {}),
      ...(this.expected !== null ? { expected: this.expected } : {}),
    };
  }

  private matchesOf(
    query: Omit<ListQuery, 'connectionId'>,
    sort: { key: string; order: string },
    base: Indexed<Row>[],
    matches: (entry: Indexed<Row>) => boolean,
  ): Indexed<Row>[] {
    const search = query.search?.trim().toLowerCase() ?? '';
    const rest = JSON.stringify([sort.key, sort.order, query.namespace ?? '', query.facets ?? {}]);
    const last = this.lastMatches;
    let source = base;
    if (last && last.version === this.version && last.rest === rest) {
      if (last.search === search) return last.list;
      // A plain search that contains the last one matches a subset of its rows, in the same order.
      if (!search.includes('*') && !last.search.includes('*') && search.includes(last.search)) source = last.list;
    }
    const list = source.filter(matches);
    this.lastMatches = { version: this.version, rest, search, list };
    return list;
  }

  private matcher(query: Omit<ListQuery, 'connectionId'>): ((entry: Indexed<Row>) => boolean) | null {
    const tests: Array<(entry: Indexed<Row>) => boolean> = [];
    const search = query.search?.trim().toLowerCase();
    if (search) {
      if (search.includes('*')) {
        const pattern = wildcardToRegExp(search);
        tests.push((entry) => pattern.test(this.shape.searchText(entry.row)) || entry.id.toLowerCase().startsWith(search.replace(/\*/g, '')));
      } else {
        // The key starts with the lower-case ID, so one `includes` also finds an ID prefix, without a per-row copy.
        tests.push((entry) => this.textOf(entry).includes(search));
      }
    }
    const namespace = query.namespace;
    if (namespace && namespace !== '*' && this.shape.namespace) {
      const read = this.shape.namespace;
      tests.push((entry) => read(entry.row) === namespace);
    }
    for (const [name, wanted] of Object.entries(query.facets ?? {})) {
      const read = this.shape.facets[name];
      if (!read || wanted.length === 0) continue;
      const set = new Set(wanted);
      tests.push((entry) => {
        const values = read(entry.row);
        return Array.isArray(values) ? values.some((value) => set.has(value)) : set.has(values);
      });
    }
    if (tests.length === 0) return null;
    return (entry) => tests.every((test) => test(entry));
  }
}
