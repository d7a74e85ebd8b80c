// Nodes: the list's query, the open node with its allocations, and the node actions (cluster-api.md, Nodes).
// Actions throw, so the dialog that ran them can show why; destructive ones carry the typed confirmation to main.
import { defineStore } from 'pinia';
import { ref, shallowRef } from 'vue';
import type { AllocRow, Node, NodeEvalResponse, NodeSortKey, SortOrder } from '../../../main/contract';
import { call } from '@/bridge';
import { feedback } from '@/composables/feedback';
import { useDetailRead } from '@/composables/useDetailRead';

const evals = (answer: NodeEvalResponse): string => {
  const ids = (answer.EvalIDs ?? []) as string[];
  return ids.length ? ` Evaluation${ids.length > 1 ? 's' : ''} ${ids.map((id) => id.slice(0, 8)).join(', ')} created.` : '';
};

export const useNodesStore = defineStore('nodes', () => {
  const search = ref('');
  const facets = ref<Record<string, string[]>>({});
  const sort = ref<{ key: NodeSortKey; order: SortOrder }>({ key: 'Name', order: 'asc' });

  const open = useDetailRead<Node>((node) => node.ID);
  const { current, loading, loadError } = open;
  const allocations = shallowRef<AllocRow[] | null>(null);
  const allocationsError = ref<unknown>(null);

  async function loadAllocations(connectionId: string, nodeId: string, stale: () => boolean): Promise<void> {
    try {
      const answer = await call('nodes.allocations', { connectionId, nodeId });
      if (stale()) return;
      allocations.value = answer.value;
      allocationsError.value = null;
    } catch (error) {
      if (!stale()) allocationsError.value = error;
    }
  }

  /** Reads the node and its allocations; `quiet` keeps the page as it is during a live refresh. */
  async function load(connectionId: string, nodeId: string, quiet = false): Promise<void> {
    const stale = open.begin();
    if (!quiet && current.value?.value.ID !== nodeId) allocations.value = null;
    const allocs = loadAllocations(connectionId, nodeId, stale);
    await open.load(nodeId, () => call('nodes.read', { connectionId, nodeId }), quiet, stale);
    await allocs;
  }

  async function drain(connectionId: string, nodeId: string, deadlineSeconds: number, ignoreSystemJobs: boolean, confirm?: string): Promise<void> {
    const answer = await call('nodes.drain', { connectionId, nodeId, deadlineSeconds, ignoreSystemJobs, ...(confirm !== undefined ? { confirm } : {}) });
    feedback.success(`Drain started on ${current.value?.value.Name ?? nodeId.slice(0, 8)}.${evals(answer)}`);
    await load(connectionId, nodeId, true);
  }

  async function stopDrain(connectionId: string, nodeId: string, markEligible: boolean): Promise<void> {
    await call('nodes.stopDrain', { connectionId, nodeId, markEligible });
    feedback.success(`Drain disabled${markEligible ? '; the node is eligible for new allocations again' : '; the node stays ineligible'}.`);
    await load(connectionId, nodeId, true);
  }

  async function setEligibility(connectionId: string, nodeId: string, eligible: boolean): Promise<void> {
    await call('nodes.setEligibility', { connectionId, nodeId, eligible });
    feedback.success(eligible ? 'The node is eligible for new allocations.' : 'The node is ineligible: no new allocations will be placed on it.');
    await load(connectionId, nodeId, true);
  }

  async function evaluate(connectionId: string, nodeId: string): Promise<NodeEvalResponse> {
    const answer = await call('nodes.evaluate', { connectionId, nodeId });
    feedback.success(`Evaluation requested.${evals(answer)}`);
    return answer;
  }

  async function purge(connectionId: string, nodeId: string, confirm: string): Promise<void> {
    const name = current.value?.value.Name ?? nodeId;
    await call('nodes.purge', { connectionId, nodeId, confirm });
    feedback.success(`Node ${name} was purged; its allocations are marked lost and will be replaced. A live node can rejoin.`);
  }

  return { search, facets, sort, current, loading, loadError, allocations, allocationsError, load, drain, stopDrain, setEligibility, evaluate, purge };
});
