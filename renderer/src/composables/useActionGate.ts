// Whether actions on the active connection may run now, and why not: every view's action buttons read this, so the
// offline rule (issue 7: cached data is read-only while the server is unreachable) lives in one place. The state is
// the host's (connections.availability): any call or stream that failed to reach the server counts, not only the
// last health test, and it clears by itself when the host's background re-test succeeds.
import { computed, type ComputedRef } from 'vue';
import { useAvailabilityStore } from '@/stores/availability';
import { useConnectionsStore } from '@/stores/connections';

export interface ActionGate {
  disabled: ComputedRef<boolean>;
  /** Why actions are disabled, for a tooltip; empty when they are allowed. */
  reason: ComputedRef<string>;
}

export function useActionGate(): ActionGate {
  const connections = useConnectionsStore();
  const availability = useAvailabilityStore();
  availability.watch();
  const reason = computed(() => {
    const active = connections.active;
    if (!active) return 'No connection is active.';
    const known = availability.of(active.profile.id);
    const offline = known ? known.state === 'unreachable' : active.health === 'unreachable' || active.health === 'tls';
    if (offline) return `${active.profile.name} is unreachable; showing the last known data, read-only. Actions come back when it reconnects.`;
    return '';
  });
  return { disabled: computed(() => reason.value !== ''), reason };
}
