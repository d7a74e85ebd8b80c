// Keeps one allocation or node page loaded and live: reads it when the connection or the id changes, makes main
// hold the object's list (the live feed patches a dataset only while main holds it), and re-reads it quietly when
// `lists.changes` reports a change to it. Shared by the allocation and node detail pages.
import { watch, type Ref } from 'vue';
import { call } from '@/bridge';
import { useListChanges } from '@/components/live/useListChanges';

export function useLiveDetail(
  connectionId: Ref<string | null | undefined>,
  id: Ref<string>,
  dataset: 'allocations' | 'nodes',
  read: (connectionId: string, id: string, quiet: boolean) => Promise<void>,
): { load: (quiet?: boolean) => void } {
  function load(quiet = false): void {
    if (connectionId.value && id.value) void read(connectionId.value, id.value, quiet);
  }
  watch([connectionId, id], () => load(), { immediate: true });
  // A one-row query is enough for main to hold the dataset, so the page hears about changes even when opened
  // directly (design.md, Live data).
  watch(
    connectionId,
    (conn) => {
      if (conn) void call(`${dataset}.query`, { connectionId: conn, offset: 0, limit: 1 }).catch(() => undefined);
    },
    { immediate: true },
  );
  useListChanges(connectionId, dataset, id, () => load(true));
  return { load };
}
