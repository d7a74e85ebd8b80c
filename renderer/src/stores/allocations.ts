// Allocations: the list's query (kept while the person moves between list and detail), the open allocation, and
// its lifecycle actions (cluster-api.md, Allocations). Actions throw, so the dialog that ran them can show why.
import { defineStore } from 'pinia';
import { ref } from 'vue';
import type { AllocSortKey, Allocation, SortOrder } from '../../../main/contract';
import { call } from '@/bridge';
import { feedback } from '@/composables/feedback';
import { useDetailRead } from '@/composables/useDetailRead';

export const useAllocationsStore = defineStore('allocations', () => {
  // The list's query: search text, facet filters, sort and namespace survive a visit to a detail page.
  const search = ref('');
  const facets = ref<Record<string, string[]>>({});
  const sort = ref<{ key: AllocSortKey; order: SortOrder }>({ key: 'CreateTime', order: 'desc' });
  const namespace = ref('*');

  // The allocation whose detail is open.
  const open = useDetailRead<Allocation>((alloc) => alloc.ID);
  const { current, loading, loadError } = open;

  /** Reads the allocation; `quiet` keeps the page as it is while a live refresh runs (no spinner). */
  function load(connectionId: string, allocId: string, quiet = false): Promise<void> {
    return open.load(allocId, () => call('allocations.read', { connectionId, allocId }), quiet);
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
