// Workspaces of the active organization: the open detail and every action on a workspace. The big list itself is
// held in main (workspaces.query through useWindowedList); actions patch it there, so this store only keeps the
// detail it shows. Actions throw BridgeCallErrors with the host's explanation; views decide how to show them.
import { defineStore } from 'pinia';
import { ref } from 'vue';
import type { BulkRowResult, Fetched, Workspace, WorkspaceDetail, WorkspaceInput } from '../../../main/contract';
import { call } from '@/bridge';

/** How long the host may retry an unlock on 503 (6 attempts, 0.5 s doubling, capped): said to the person. */
export const UNLOCK_RETRY_WINDOW_S = 16;

export const useWorkspacesStore = defineStore('workspaces', () => {
  const detail = ref<Fetched<WorkspaceDetail> | null>(null);
  const detailKey = ref<string | null>(null);
  const loading = ref(false);
  const error = ref<unknown>(null);

  const keyOf = (connectionId: string, workspaceId: string) => `${connectionId}/${workspaceId}`;

  let generation = 0;
  async function read(connectionId: string, workspaceId: string, quiet = false): Promise<void> {
    const gen = ++generation;
    const key = keyOf(connectionId, workspaceId);
    if (detailKey.value !== key) detail.value = null;
    detailKey.value = key;
    if (!quiet) loading.value = true;
    error.value = null;
    try {
      const answer = await call('workspaces.read', { connectionId, workspaceId });
      if (gen === generation) detail.value = answer;
    } catch (failure) {
      if (gen === generation) error.value = failure;
    } finally {
      if (gen === generation) loading.value = false;
    }
  }

  /** Puts an action's answer into the detail without another request (the lock holder needs one: re-read). */
  function absorb(connectionId: string, workspace: Workspace): void {
    if (detailKey.value !== keyOf(connectionId, workspace.id) || !detail.value) return;
    detail.value = { ...detail.value, value: { ...detail.value.value, workspace } };
  }

  async function afterChange(connectionId: string, workspace: Workspace): Promise<Workspace> {
    absorb(connectionId, workspace);
    if (detailKey.value === keyOf(connectionId, workspace.id)) await read(connectionId, workspace.id, true);
    return workspace;
  }

  const create = (connectionId: string, attributes: WorkspaceInput & { name: string }, projectId?: string) =>
    call('workspaces.create', { connectionId, attributes, ...(projectId ? { projectId } : {}) });

  async function update(connectionId: string, workspaceId: string, attributes: WorkspaceInput): Promise<Workspace> {
    return afterChange(connectionId, await call('workspaces.update', { connectionId, workspaceId, attributes }));
  }

  async function lock(connectionId: string, workspaceId: string, reason: string): Promise<Workspace> {
    return afterChange(connectionId, await call('workspaces.lock', { connectionId, workspaceId, ...(reason ? { reason } : {}) }));
  }

  async function unlock(connectionId: string, workspaceId: string): Promise<Workspace> {
    return afterChange(connectionId, await call('workspaces.unlock', { connectionId, workspaceId }));
  }

  async function forceUnlock(connectionId: string, workspaceId: string, confirm: string): Promise<Workspace> {
    return afterChange(connectionId, await call('workspaces.forceUnlock', { connectionId, workspaceId, confirm }));
  }

  const bulkLock = (connectionId: string, workspaceIds: string[], reason: string): Promise<BulkRowResult[]> =>
    call('workspaces.bulkLock', { connectionId, workspaceIds, ...(reason ? { reason } : {}) });
  const bulkUnlock = (connectionId: string, workspaceIds: string[]): Promise<BulkRowResult[]> => call('workspaces.bulkUnlock', { connectionId, workspaceIds });

  async function safeDelete(connectionId: string, workspaceId: string): Promise<void> {
    await call('workspaces.safeDelete', { connectionId, workspaceId });
    forget(connectionId, workspaceId);
  }

  async function forceDelete(connectionId: string, workspaceId: string, confirm: string): Promise<void> {
    await call('workspaces.forceDelete', { connectionId, workspaceId, confirm });
    forget(connectionId, workspaceId);
  }

  async function setSshKey(connectionId: string, workspaceId: string, sshKeyId: string | null): Promise<Workspace> {
    return afterChange(connectionId, await call('workspaces.setSshKey', { connectionId, workspaceId, sshKeyId }));
  }

  function forget(connectionId: string, workspaceId: string): void {
    if (detailKey.value === keyOf(connectionId, workspaceId)) {
      detail.value = null;
      detailKey.value = null;
    }
  }

  return { detail, loading, error, read, create, update, lock, unlock, forceUnlock, bulkLock, bulkUnlock, safeDelete, forceDelete, setSshKey };
});
