// The active connection when it is a cluster (the allocation and node views need one); null otherwise, and the
// views then show the shared "needs a cluster connection" page.
import { computed } from 'vue';
import { useConnectionsStore } from '@/stores/connections';

export function useActiveCluster() {
  const connections = useConnectionsStore();
  const connectionId = computed(() => (connections.active?.profile.kind === 'cluster' ? connections.active.profile.id : null));
  const name = computed(() => connections.active?.profile.name ?? '');
  return { connectionId, name };
}
