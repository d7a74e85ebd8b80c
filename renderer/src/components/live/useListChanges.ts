// Keeps a detail page live: when `lists.changes` reports a change to its object (by id, or a change without ids,
// which means "anything may have moved", e.g. after a gap), the page re-reads it, throttled so a burst of events
// costs one read (design.md, Live data).
import { onScopeDispose, watch, type Ref } from 'vue';
import { subscribe } from '@/bridge';

const THROTTLE_MS = 500;

export function useListChanges(connectionId: Ref<string | null | undefined>, resource: string, id: Ref<string | null | undefined>, onChange: () => void): void {
  let stop: (() => void) | null = null;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let last = 0;
  const schedule = () => {
    if (timer) return;
    timer = setTimeout(() => {
      timer = null;
      last = Date.now();
      onChange();
    }, Math.max(0, last + THROTTLE_MS - Date.now()));
  };
  watch(
    connectionId,
    (current) => {
      stop?.();
      stop = null;
      if (!current) return;
      stop = subscribe('lists.changes', { connectionId: current }, (batch) => {
        const target = id.value;
        if (!target) return;
        if (batch.items.some((change) => change.resource === resource && (!change.ids || change.ids.includes(target)))) schedule();
      });
    },
    { immediate: true },
  );
  onScopeDispose(() => {
    stop?.();
    if (timer) clearTimeout(timer);
  });
}
