// allocations.* and nodes.* handlers: windowed lists, detail reads and actions. Destructive node actions need the
// node's name typed back (design.md, Security invariant 4); each action refreshes the row it changed.
import type { ClusterMethods } from '../contract';
import { HostError } from '../host/host-error';
import type { ClusterRuntime } from './cluster-runtime';
import { fetched, type HandlerGroup, type RuntimeOf } from './handlers-jobs';
import { allocRow } from './rows';

type AllocNodeMethod = Extract<keyof ClusterMethods, `allocations.${string}` | `nodes.${string}`>;

async function refreshAlloc(runtime: ClusterRuntime, allocId: string): Promise<void> {
  if (!runtime.data.existing('allocations')) return;
  const alloc = (await runtime.client.readAllocation(allocId).catch(() => null))?.value;
  if (alloc) runtime.data.upsertAllocs([allocRow(alloc, runtime.data.nodeName(alloc.NodeID))]);
}

async function refreshNode(runtime: ClusterRuntime, nodeId: string): Promise<void> {
  if (!runtime.data.existing('nodes')) return;
  const node = (await runtime.client.readNode(nodeId).catch(() => null))?.value;
  if (node) runtime.data.upsertNodes([runtime.data.nodeRowOf(node)]);
}

/** The node's name, from the list when it is loaded, else from the server (which also proves the node exists). */
async function nodeName(runtime: ClusterRuntime, nodeId: string): Promise<string> {
  return runtime.data.nodeName(nodeId) ?? (await runtime.client.readNode(nodeId)).value.Name;
}

function confirmationError(what: string, expected: string): HostError {
  return new HostError('invalid_input', `Type the node name "${expected}" to confirm ${what}.`, { details: [{ path: 'confirm', message: `must be "${expected}"` }] });
}

export function allocNodeHandlers(runtimeOf: RuntimeOf): HandlerGroup<AllocNodeMethod> {
  return {
    'allocations.query': async ({ connectionId, ...query }) => {
      const runtime = runtimeOf(connectionId);
      runtime.ensure('allocations');
      return runtime.data.allocations().query(query);
    },
    'allocations.read': async ({ connectionId, allocId }) => fetched((await runtimeOf(connectionId).client.readAllocation(allocId)).value),
    'allocations.stop': async ({ connectionId, allocId }) => {
      const runtime = runtimeOf(connectionId);
      const result = await runtime.client.stopAllocation(allocId);
      await refreshAlloc(runtime, allocId);
      return result;
    },
    'allocations.restart': async ({ connectionId, allocId, task }) => {
      const runtime = runtimeOf(connectionId);
      await runtime.client.restartAllocation(allocId, { task });
      await refreshAlloc(runtime, allocId);
    },
    'allocations.signal': async ({ connectionId, allocId, signal, task }) => {
      const runtime = runtimeOf(connectionId);
      await runtime.client.signalAllocation(allocId, { signal, task });
    },

    'nodes.query': async ({ connectionId, ...query }) => {
      const runtime = runtimeOf(connectionId);
      runtime.ensure('nodes');
      return runtime.data.nodes().query(query);
    },
    'nodes.read': async ({ connectionId, nodeId }) => fetched((await runtimeOf(connectionId).client.readNode(nodeId)).value),
    'nodes.allocations': async ({ connectionId, nodeId }) => {
      const runtime = runtimeOf(connectionId);
      const list = await runtime.client.nodeAllocations(nodeId);
      return fetched(list.value.map((alloc) => allocRow(alloc, runtime.data.nodeName(alloc.NodeID))));
    },
    'nodes.evaluate': async ({ connectionId, nodeId }) => runtimeOf(connectionId).client.evaluateNode(nodeId),
    'nodes.drain': async ({ connectionId, nodeId, deadlineSeconds, ignoreSystemJobs, confirm }) => {
      const runtime = runtimeOf(connectionId);
      if (deadlineSeconds === -1) {
        // -1 stops every allocation on the node at once (cluster-api.md, Node scheduling: force deadline).
        const name = await nodeName(runtime, nodeId);
        if (confirm !== name) throw confirmationError('a forced drain, which stops every allocation on it now', name);
      }
      const deadlineNs = deadlineSeconds <= 0 ? deadlineSeconds : deadlineSeconds * 1e9;
      const result = await runtime.client.drainNode(nodeId, { deadlineNs, ignoreSystemJobs });
      await refreshNode(runtime, nodeId);
      return result;
    },
    'nodes.stopDrain': async ({ connectionId, nodeId, markEligible }) => {
      const runtime = runtimeOf(connectionId);
      const result = await runtime.client.drainNode(nodeId, null, { markEligible });
      await refreshNode(runtime, nodeId);
      return result;
    },
    'nodes.setEligibility': async ({ connectionId, nodeId, eligible }) => {
      const runtime = runtimeOf(connectionId);
      const result = await runtime.client.setNodeEligibility(nodeId, eligible ? 'eligible' : 'ineligible');
      await refreshNode(runtime, nodeId);
      return result;
    },
    'nodes.purge': async ({ connectionId, nodeId, confirm }) => {
      const runtime = runtimeOf(connectionId);
      const name = await nodeName(runtime, nodeId);
      if (confirm !== name && confirm.toLowerCase() !== nodeId.toLowerCase()) throw confirmationError('the purge, which removes it from the cluster', name);
      const result = await runtime.client.purgeNode(nodeId);
      runtime.data.removeRows('nodes', [nodeId]);
      return result;
    },
  };
}
