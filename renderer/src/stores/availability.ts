// Whether each connection's server answers, as the host learns it from every call and stream and re-tests it in the
// background (issue 7). The offline banner and the action gate read this; the host pushes every change.
import { defineStore } from 'pinia';
import { ref } from 'vue';
import type { ConnectionAvailability } from '../../../main/contract';
import { isBridgeAvailable, subscribe } from '@/bridge';
import { useConnectionsStore } from '@/stores/connections';

export const useAvailabilityStore = defineStore('availability', () => {
  const byId = ref<Record<string, ConnectionAvailability>>({});
  const watching = ref(false);
  let stop: (() => void) | null = null;

  /** Starts the host's `connections.availability` stream once; every reader calls it, the first one opens it. */
  function watch(): void {
    if (stop || !isBridgeAvailable()) return;
    stop = subscribe('connections.availability', {}, (batch) => {
      if (batch.items.length === 0) return;
      const next = { ...byId.value };
      for (const item of batch.items) next[item.connectionId] = item;
      byId.value = next;
      followHealth(batch.items);
    });
    watching.value = true;
  }

  /** Health dots follow what the host learned since the last test, so a recovered connection stops showing red. */
  function followHealth(items: ConnectionAvailability[]): void {
    const connections = useConnectionsStore();
    let changed = false;
    const list = connections.list.map((summary) => {
      const item = items.find((i) => i.connectionId === summary.profile.id);
      if (!item || item.state === 'unknown') return summary;
      if (item.state === 'unreachable' && summary.health !== 'unreachable') {
        changed = true;
        return { ...summary, health: 'unreachable' as const, healthMessage: item.error?.message ?? summary.healthMessage, checkedAt: item.since };
      }
      if (item.state === 'reachable' && summary.health === 'unreachable') {
        changed = true;
        return { ...summary, health: 'ok' as const, healthMessage: 'Reachable again.', checkedAt: item.since };
      }
      return summary;
    });
    if (changed) connections.list = list;
  }

  function of(connectionId: string | null | undefined): ConnectionAvailability | null {
    return connectionId ? (byId.value[connectionId] ?? null) : null;
  }

  function isUnreachable(connectionId: string | null | undefined): boolean {
    return of(connectionId)?.state === 'unreachable';
  }

  function unwatch(): void {
    stop?.();
    stop = null;
    watching.value = false;
  }

  return { byId, watching, watch, unwatch, of, isUnreachable };
});
