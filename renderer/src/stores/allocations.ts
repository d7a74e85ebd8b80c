// Allocations: the list's query (kept while the person moves between list and detail), the open allocation, and
// its lifecycle actions (cluster-api.md, Allocations). Actions throw, so the dialog that ran them can show why.
import { defineStore } from 'pinia';
import { ref, shallowRef } from 'vue';
import type { AllocSortKey, Allocation, Fetched, SortOrder } from '../../../main/contract';
import { call } from '@/bridge';
import { feedback } from '@/composables/feedback';

export const useAllocationsStore = defineStore('allocations', () => {
  // The list's query: search text, facet filters, sort and namespace survive a visit to a detail page.
  const search = ref('');
  const facets = ref<Record<string, string[]>>({});
  const sort = ref<{ key: AllocSortKey; order: SortOrder }>({ key: 'CreateTime', order: 'desc' });
  const namespace = ref('*');

  // The allocation whose detail is open.
  const current = shallowRef<Fetched<Allocation> | null>(null);
  const loading = ref(false);
  const loadError = ref<unknown>(null);
  let loadSeq = 0;

  /** Reads the allocation; `quiet` keeps the page as it is while a live refresh runs (no spinner). */
  async function load(connectionId: string, allocId: string, quiet = false): Promise<void> {
    const seq = ++loadSeq;
    if (!quiet) {
      loading.value = true;
      if (current.value?.value.ID !== allocId) current.value = null;
    }
    try {
      const answer = await call('allocations.read', { connectionId, allocId });
      if (seq !== loadSeq) return;
      current.value = answer;
      loadError.value = null;
    } catch (error) {
      if (seq !== loadSeq) return;
      // A failed quiet refresh keeps the allocation on screen; the freshness tag says it is the last known.
      if (!quiet || !current.value) loadError.value = error;
    } finally {
      if (seq === loadSeq) loading.value = false;
    }
  }

  async function stop(connectionId: string, allocId: string): Promise<void> {
    const answer = await call('allocations.stop', { connectionId, allocId });
    feedback.success(`Allocation ${allocId.slice(0, 8)} is stopping; evaluation ${answer.EvalID.slice(0, 8)} will reschedule it.`);
    await load(connectionId, allocId, true);
  }

  async function restart(connectionId: string, allocId: string, task?: string): Promise<void> {
    await call('allocations.restart', task ? { connectionId, allocId, task } : { connectionId, allocId });
    feedback.success(task ? `Task ${task} is restarting in place.` : `Every task of allocation ${allocId.slice(0, 8)} is restarting in place.`);
    await load(connectionId, allocId, true);
  }

  async function signal(connectionId: string, allocId: string, signalName: string, task?: string): Promise<void> {
    await call('allocations.signal', task ? { connectionId, allocId, signal: signalName, task } : { connectionId, allocId, signal: signalName });
    feedback.success(`${signalName} sent to ${task ? `task ${task}` : `every task of allocation ${allocId.slice(0, 8)}`}.`);
    await load(connectionId, allocId, true);
  }

  return { search, facets, sort, namespace, current, loading, loadError, load, stop, restart, signal };
});
