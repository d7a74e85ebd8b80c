// Large lists live in the host: the renderer asks for the window it shows, already filtered and sorted there,
// so its cost never grows with rows that are off screen (design.md, Live data).
import type { BridgeError } from './errors';

export type SortOrder = 'asc' | 'desc';

export interface ListQuery<SortKey extends string = string> {
  connectionId: string;
  /** Namespace for cluster lists; `*` means all namespaces the token may read. */
  namespace?: string;
  /** Free text: matches an ID prefix or a name substring; `*` wildcards allowed for names. */
  search?: string;
  /** Facet filters, e.g. `{ Status: ['running'], Type: ['batch'] }`; values within a key are OR-ed. */
  facets?: Record<string, string[]>;
  sort?: { key: SortKey; order: SortOrder };
  offset: number;
  limit: number;
}

/** Where the data shown came from: the server just now, or the offline cache. */
export type DataSource = 'live' | 'cache';

export interface Freshness {
  /** ISO time the data was fetched from the server (for cached data: when it was cached). */
  asOf: string | null;
  source: DataSource;
  /** Set when the last refresh failed; the data shown is the last known. */
  refreshError?: BridgeError;
}

export interface ListWindow<Row> extends Freshness {
  rows: Row[];
  offset: number;
  /** Rows in the whole dataset. */
  total: number;
  /** Rows that match the query's search and facets. */
  matching: number;
  /** Counts per facet value over the query's namespace (every row for `*`), before search and facet filters, e.g. `{ Status: { running: 10 } }`. */
  facetCounts: Record<string, Record<string, number>>;
  /** Grows on every change to the dataset; a window with an older version is out of date. */
  version: number;
  /** True while the dataset is still filling (first load, or pages still arriving). */
  loading: boolean;
  /** Rows the server says exist, when it says so (a paged fill): lets a view show "loaded N of M". */
  expected?: number;
}

export interface Fetched<T> extends Freshness {
  value: T;
}

/** Pushed when a dataset changes, so open views re-query their visible window. */
export interface ListChange {
  connectionId: string;
  resource: string;
  version: number;
  /** IDs that changed, when known; lets a detail view decide whether to refresh. */
  ids?: string[];
}
