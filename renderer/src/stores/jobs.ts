// Jobs of the active cluster: the list's query (namespace, search, filter expression, facets, sort), kept per
// connection so coming back to the list finds it as it was, and the job actions, each a thin call into main.
import { defineStore } from 'pinia';
import { computed, ref } from 'vue';
import type { Job, JobSortKey, SortOrder } from '../../../main/contract';
import { call } from '@/bridge';
import { useConnectionsStore } from '@/stores/connections';
import type { WindowedQuery } from '@/composables/useWindowedList';

export const ALL_NAMESPACES = '*';

/** What the list shows; one per connection. */
export interface JobListState {
  namespace: string;
  search: string;
  /** The filter expression applied (the field's text applies on Enter). */
  expression: string;
  types: string[];
  statuses: string[];
  /** Hides dispatched and periodic children, which can outnumber their parents many times. */
  hideChildren: boolean;
  sort: { key: JobSortKey; order: SortOrder };
}

/** Identifies one job on one connection. */
export interface JobRef {
  connectionId: string;
  namespace: string;
  jobId: string;
}

export const useJobsStore = defineStore('jobs', () => {
  const connections = useConnectionsStore();
  const states = ref<Record<string, JobListState>>({});

  /** The active connection, when it is a cluster. */
  const clusterId = computed(() => (connections.active?.profile.kind === 'cluster' ? connections.active.profile.id : null));

  function defaultState(): JobListState {
    const profile = connections.active?.profile;
    const namespace = profile && profile.kind === 'cluster' && profile.namespace ? profile.namespace : 'default';
    return { namespace, search: '', expression: '', types: [], statuses: [], hideChildren: false, sort: { key: 'Name', order: 'asc' } };
  }

  /** The list state of the active cluster (defaults until the person changes something). */
  const list = computed<JobListState | null>(() => {
    const id = clusterId.value;
    if (!id) return null;
    return states.value[id] ?? defaultState();
  });

  function patchList(patch: Partial<JobListState>): void {
    const id = clusterId.value;
    if (!id || !list.value) return;
    states.value[id] = { ...list.value, ...patch };
  }

  /** The query for `jobs.query`; null without an active cluster. */
  const query = computed<WindowedQuery | null>(() => {
    const id = clusterId.value;
    const state = list.value;
    if (!id || !state) return null;
    const facets: Record<string, string[]> = {};
    if (state.types.length) facets.Type = state.types;
    if (state.statuses.length) facets.Status = state.statuses;
    if (state.hideChildren) facets.Kind = ['plain', 'periodic', 'parameterized'];
    return {
      connectionId: id,
      namespace: state.namespace,
      search: state.search.trim() || undefined,
      expression: state.expression.trim() || undefined,
      facets,
      sort: state.sort,
    };
  });

  // Actions: errors propagate so the dialog that started one can show it next to the form.
  const stop = (ref: JobRef) => call('jobs.stop', { ...ref, purge: false });
  const purge = (ref: JobRef, confirm: string) => call('jobs.stop', { ...ref, purge: true, confirm });
  const scale = (ref: JobRef, group: string, count: number, message: string) => call('jobs.scale', { ...ref, group, count, message });
  const dispatch = (ref: JobRef, input: { payloadBase64?: string; meta?: Record<string, string>; idempotencyToken?: string }) =>
    call('jobs.dispatch', { ...ref, ...input });
  const forcePeriodic = (ref: JobRef) => call('jobs.forcePeriodic', ref);
  const evaluate = (ref: JobRef, forceReschedule: boolean) => call('jobs.evaluate', { ...ref, forceReschedule });
  const revert = (ref: JobRef, version: number, enforcePriorVersion: number) => call('jobs.revert', { ...ref, version, enforcePriorVersion });
  const setStable = (ref: JobRef, version: number, stable: boolean) => call('jobs.setStable', { ...ref, version, stable });
  const parse = (connectionId: string, namespace: string, text: string) => call('jobs.parse', { connectionId, namespace, text, canonicalize: true });
  const plan = (connectionId: string, namespace: string, job: Job) => call('jobs.plan', { connectionId, namespace, job, diff: true });
  /** Register with the check-and-set: `jobModifyIndex` 0 means the job must be new (cluster-api.md, POST /v1/jobs). */
  const register = (connectionId: string, namespace: string, job: Job, jobModifyIndex: number) =>
    call('jobs.register', { connectionId, namespace, job, enforceIndex: true, jobModifyIndex });

  return { clusterId, list, patchList, query, stop, purge, scale, dispatch, forcePeriodic, evaluate, revert, setStable, parse, plan, register };
});
