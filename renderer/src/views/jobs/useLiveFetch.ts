// One read of a job's data (the job, its summary, allocations, evaluations, deployments) that stays live: it is
// read again when `lists.changes` reports a change that concerns it, throttled so a busy cluster does not turn
// every event into a request. A failed re-read keeps the last value on screen and says why.
import { computed, onScopeDispose, ref, shallowRef, watch, type ComputedRef, type Ref } from 'vue';
import type { BridgeError, DataSource, Fetched, ListChange, StreamStatus } from '../../../../main/contract';
import { BridgeCallError, call, subscribe } from '@/bridge';
import type { JobRef } from '@/stores/jobs';

export interface LiveFetch<T> {
  value: Ref<T | null>;
  loading: Ref<boolean>;
  /** The last failure; with a value still shown it means the data is stale. */
  error: Ref<unknown>;
  asOf: Ref<string | null>;
  source: Ref<DataSource>;
  liveStatus: Ref<StreamStatus>;
  /** The last failure as FreshnessTag wants it, while an older value is still shown. */
  refreshError: ComputedRef<BridgeError | undefined>;
  reload(): Promise<void>;
}

/**
 * Main keeps a cluster's jobs live (event stream → dataset → `lists.changes` naming job IDs) only once something asked
 * for the jobs list; a detail page opened directly (a link, a reload) asks for one row so its job is kept live too.
 */
function watchJobsDataset(connectionId: string): void {
  call('jobs.query', { connectionId, namespace: '*', offset: 0, limit: 1 }).catch(() => undefined);
}

/** Does a change concern this job? Jobs and evaluations/deployments carry job IDs; no IDs means "anything". */
export function concernsJob(change: ListChange, target: JobRef, resources: readonly string[]): boolean {
  if (!resources.includes(change.resource)) return false;
  if (change.resource === 'allocations') return true; // allocation changes carry allocation IDs, not job IDs
  return !change.ids || change.ids.includes(target.jobId);
}

export function useLiveFetch<T>(
  target: Ref<JobRef | null>,
  fetcher: (target: JobRef) => Promise<Fetched<T>>,
  resources: readonly string[],
  throttleMs = 500,
): LiveFetch<T> {
  const value = shallowRef<T | null>(null);
  const loading = ref(false);
  const error = ref<unknown>(null);
  const asOf = ref<string | null>(null);
  const source = ref<DataSource>('live');
  const liveStatus = ref<StreamStatus>('connecting');
  let generation = 0;

  async function reload(): Promise<void> {
    const current = target.value;
    if (!current) return;
    const gen = ++generation;
    loading.value = true;
    try {
      const answer = await fetcher(current);
      if (gen !== generation) return;
      value.value = answer.value;
      asOf.value = answer.asOf;
      source.value = answer.source;
      error.value = null;
    } catch (failure) {
      if (gen === generation) error.value = failure;
    } finally {
      if (gen === generation) loading.value = false;
    }
  }

  let timer: ReturnType<typeof setTimeout> | null = null;
  let last = 0;
  function schedule(): void {
    if (timer) return;
    timer = setTimeout(() => {
      timer = null;
      last = Date.now();
      void reload();
    }, Math.max(0, last + throttleMs - Date.now()));
  }

  let stop: (() => void) | null = null;
  watch(
    () => (target.value ? `${target.value.connectionId}\n${target.value.namespace}\n${target.value.jobId}` : ''),
    () => {
      stop?.();
      stop = null;
      value.value = null;
      error.value = null;
      const current = target.value;
      if (!current) return;
      void reload();
      watchJobsDataset(current.connectionId);
      stop = subscribe('lists.changes', { connectionId: current.connectionId }, (batch) => {
        liveStatus.value = batch.status;
        if (batch.items.some((change) => change.connectionId === current.connectionId && concernsJob(change, current, resources))) schedule();
      });
    },
    { immediate: true },
  );
  onScopeDispose(() => {
    stop?.();
    if (timer) clearTimeout(timer);
  });

  const refreshError = computed<BridgeError | undefined>(() => {
    const failure = error.value;
    if (!failure || value.value === null) return undefined;
    if (failure instanceof BridgeCallError) return { code: failure.code, message: failure.message, status: failure.status };
    return { code: 'internal', message: failure instanceof Error ? failure.message : String(failure) };
  });

  return { value, loading, error, asOf, source, liveStatus, refreshError, reload };
}

/** Readers of a job's parts, in the shape useLiveFetch wants. */
export const jobReaders = {
  job: (t: JobRef) => call('jobs.read', t),
  summary: (t: JobRef) => call('jobs.summary', t),
  versions: (t: JobRef) => call('jobs.versions', { ...t, diffs: true }),
  evaluations: (t: JobRef) => call('jobs.evaluations', t),
  deployments: (t: JobRef) => call('jobs.deployments', { ...t, all: true }),
  scale: (t: JobRef) => call('jobs.scaleStatus', t),
};
