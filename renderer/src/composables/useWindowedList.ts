// A large list held in main, seen through the window the person scrolls to (design.md, Live data): pages of rows are
// fetched by offset as they come into view, and re-fetched when `lists.changes` says the dataset moved on. The
// renderer never holds more than the pages near the viewport, so its cost does not grow with off-screen rows.
import { onScopeDispose, ref, shallowRef, watch, type Ref } from 'vue';
import type { BridgeError, DataSource, ListQuery, ListWindow, StreamStatus } from '../../../main/contract';
import { call, subscribe } from '@/bridge';

/** The host methods that answer a `ListQuery` with a `ListWindow`. */
export type WindowedMethod = 'jobs.query' | 'allocations.query' | 'nodes.query' | 'workspaces.query';

type RowOf<M extends WindowedMethod> = M extends 'jobs.query'
  ? import('../../../main/contract').JobRow
  : M extends 'allocations.query'
    ? import('../../../main/contract').AllocRow
    : M extends 'nodes.query'
      ? import('../../../main/contract').NodeRow
      : import('../../../main/contract').WorkspaceRow;

/** What the view controls; offset and limit are the composable's business. */
export type WindowedQuery = Omit<ListQuery, 'offset' | 'limit'> & Record<string, unknown>;

export const PAGE_SIZE = 100;
/** Pages kept around the viewport; the rest are dropped so memory stays flat however far one scrolls. */
const KEPT_PAGES = 12;
/** Change notices arrive at most every 100 ms from main; re-querying more often than this only burns IPC. */
const REFRESH_THROTTLE_MS = 250;
const FILL_POLL_MS = 1000;

export interface WindowedList<Row> {
  /** The row at an index of the filtered, sorted list, or undefined while its page loads. */
  rowAt(index: number): Row | undefined;
  /** Tell the list which rows are visible; it fetches the pages they fall in. */
  showRange(start: number, end: number): void;
  matching: Ref<number>;
  total: Ref<number>;
  /** Rows the server says exist while a paged fill runs ("loaded N of M"); null when it did not say. */
  expected: Ref<number | null>;
  facetCounts: Ref<Record<string, Record<string, number>>>;
  /** True until the first window arrives, and while main is still filling the dataset. */
  loading: Ref<boolean>;
  /** The last failed query; rows already shown stay. */
  error: Ref<unknown>;
  asOf: Ref<string | null>;
  source: Ref<DataSource>;
  refreshError: Ref<BridgeError | undefined>;
  /** The connection's live state from `lists.changes`: live, reconnecting, offline... */
  liveStatus: Ref<StreamStatus>;
  liveMessage: Ref<string | undefined>;
  /** Bumps whenever visible rows may have changed, for templates that render from rowAt(). */
  revision: Ref<number>;
  refresh(): Promise<void>;
}

export function useWindowedList<M extends WindowedMethod>(
  method: M,
  resource: string,
  query: Ref<WindowedQuery | null>,
): WindowedList<RowOf<M>> {
  type Row = RowOf<M>;
  const pages = shallowRef(new Map<number, Row[]>());
  const matching = ref(0);
  const total = ref(0);
  const expected = ref<number | null>(null);
  const facetCounts = ref<Record<string, Record<string, number>>>({});
  const loading = ref(true);
  const error = ref<unknown>(null);
  const asOf = ref<string | null>(null);
  const source = ref<DataSource>('live');
  const refreshError = ref<BridgeError | undefined>(undefined);
  const liveStatus = ref<StreamStatus>('connecting');
  const liveMessage = ref<string | undefined>(undefined);
  const revision = ref(0);

  let generation = 0;
  const inFlight = new Set<string>();
  let visible = { start: 0, end: PAGE_SIZE };

  const pageOf = (index: number) => Math.floor(index / PAGE_SIZE);

  async function fetchPage(page: number, gen: number): Promise<void> {
    const base = query.value;
    if (!base) return;
    const key = `${gen}:${page}`;
    if (inFlight.has(key)) return;
    inFlight.add(key);
    try {
      const answer = (await call(method, { ...base, offset: page * PAGE_SIZE, limit: PAGE_SIZE } as never)) as ListWindow<Row>;
      if (gen !== generation) return; // the query changed while this page was on its way
      const next = new Map(pages.value);
      next.set(page, answer.rows);
      // Keep only pages near the viewport.
      const centre = pageOf(visible.start);
      for (const kept of next.keys()) if (Math.abs(kept - centre) > KEPT_PAGES / 2) next.delete(kept);
      pages.value = next;
      matching.value = answer.matching;
      total.value = answer.total;
      expected.value = answer.expected ?? null;
      facetCounts.value = answer.facetCounts;
      loading.value = answer.loading;
      if (answer.loading) pollWhileFilling();
      asOf.value = answer.asOf;
      source.value = answer.source;
      refreshError.value = answer.refreshError;
      error.value = null;
      revision.value++;
    } catch (failure) {
      if (gen === generation) {
        error.value = failure;
        loading.value = false;
      }
    } finally {
      inFlight.delete(key);
    }
  }

  /**
   * While main is still filling the dataset, ask again every second. Change notices normally bring the refresh, but
   * a small list can finish filling before this view's `lists.changes` subscription is up, and then no notice comes.
   */
  let fillPoll: ReturnType<typeof setTimeout> | null = null;
  function pollWhileFilling(): void {
    if (fillPoll) return;
    fillPoll = setTimeout(() => {
      fillPoll = null;
      void refresh();
    }, FILL_POLL_MS);
  }

  function visiblePages(): number[] {
    const first = pageOf(Math.max(0, visible.start));
    const last = pageOf(Math.max(visible.start, visible.end - 1));
    const list: number[] = [];
    for (let p = first; p <= last; p++) list.push(p);
    return list;
  }

  function showRange(start: number, end: number): void {
    visible = { start, end };
    const gen = generation;
    for (const page of visiblePages()) if (!pages.value.has(page)) void fetchPage(page, gen);
  }

  /** Re-reads the visible pages in place (rows stay on screen until the new ones arrive). */
  async function refresh(): Promise<void> {
    const gen = ++generation;
    const keep = new Set(visiblePages());
    const next = new Map([...pages.value].filter(([page]) => keep.has(page)));
    pages.value = next;
    await Promise.all([...keep].map((page) => fetchPage(page, gen)));
  }

  // A new query (search, facet, sort, namespace, connection) starts from the top with no stale rows.
  watch(
    () => JSON.stringify(query.value),
    () => {
      generation++;
      pages.value = new Map();
      loading.value = true;
      error.value = null;
      visible = { start: 0, end: PAGE_SIZE };
      revision.value++;
      void fetchPage(0, generation);
    },
    { immediate: true },
  );

  // Change notices for this connection: re-query the visible window, throttled.
  let stopChanges: (() => void) | null = null;
  let lastRefresh = 0;
  let pendingRefresh: ReturnType<typeof setTimeout> | null = null;
  const scheduleRefresh = () => {
    if (pendingRefresh) return;
    const wait = Math.max(0, lastRefresh + REFRESH_THROTTLE_MS - Date.now());
    pendingRefresh = setTimeout(() => {
      pendingRefresh = null;
      lastRefresh = Date.now();
      void refresh();
    }, wait);
  };
  watch(
    () => query.value?.connectionId,
    (connectionId) => {
      stopChanges?.();
      stopChanges = null;
      if (!connectionId) return;
      stopChanges = subscribe('lists.changes', { connectionId }, (batch) => {
        liveStatus.value = batch.status;
        liveMessage.value = batch.message;
        if (batch.items.some((change) => change.resource === resource)) scheduleRefresh();
      });
    },
    { immediate: true },
  );
  onScopeDispose(() => {
    stopChanges?.();
    if (pendingRefresh) clearTimeout(pendingRefresh);
    if (fillPoll) clearTimeout(fillPoll);
  });

  return {
    rowAt: (index) => pages.value.get(pageOf(index))?.[index % PAGE_SIZE],
    showRange,
    matching,
    total,
    expected,
    facetCounts,
    loading,
    error,
    asOf,
    source,
    refreshError,
    liveStatus,
    liveMessage,
    revision,
    refresh,
  };
}
