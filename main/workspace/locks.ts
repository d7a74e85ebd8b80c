// Workspace locks as the operator sees them: lock with a reason, unlock that waits out a finalizing state
// version, force-unlock with a typed confirmation, and bulk lock/unlock with one result per row. Every 409 is
// explained with who holds the lock (workspace-api.md, States and transitions: Workspace lock).
import type { Workspace } from '../contract';
import { relationshipId } from '../clients/workspace-api';
import { HostError } from '../host/host-error';
import type { Logger } from '../host/logger';
import { BULK_CONCURRENCY, mapLimited, rowResult } from './bulk';
import type { Organization, Organizations } from './organizations';
import type { HandlersFor } from './types';
import type { WorkspaceList } from './workspace-list';

export interface LockHolder {
  workspace: Workspace;
  locked: boolean;
  /** Who holds the lock, by user name when the service names them. */
  holder: string | null;
  heldBySelf: boolean;
  reason: string | null;
}

/** Reads the workspace with its lock holder included. */
export async function lockHolder(organization: Organization, workspaceId: string): Promise<LockHolder> {
  const { workspace, included } = await organization.client.workspaces.show({ id: workspaceId }, ['locked_by', 'project']);
  organization.absorb(included);
  const holderId = workspace.attributes.locked ? relationshipId(workspace, 'locked-by') : null;
  return {
    workspace,
    locked: workspace.attributes.locked,
    holder: holderId ? (organization.username(holderId) ?? holderId) : null,
    heldBySelf: holderId !== null && holderId === organization.selfUserId,
    reason: workspace.attributes['locked-reason'] ?? null,
  };
}

const quoted = (workspace: Workspace): string => `workspace "${workspace.attributes.name}" (${workspace.id})`;

/** Told about a workspace read while explaining a refusal, so the held list can learn the current lock. */
export type Seen = (workspace: Workspace) => void;

export async function lockWorkspace(organization: Organization, workspaceId: string, reason = '', seen?: Seen): Promise<Workspace> {
  try {
    const workspace = await organization.client.locks.lock(workspaceId, reason);
    // Our own lock answer names the user this token acts as; later steps compare lock holders with it.
    organization.selfUserId = relationshipId(workspace, 'locked-by') ?? organization.selfUserId;
    return workspace;
  } catch (error) {
    if (!(error instanceof HostError) || error.status !== 409) throw error;
    const state = await lockHolder(organization, workspaceId).catch(() => null);
    if (state) seen?.(state.workspace);
    if (!state?.locked) throw error;
    const who = state.heldBySelf ? 'you (this token)' : (state.holder ?? 'another user');
    throw new HostError(
      'conflict',
      `Lock of ${quoted(state.workspace)} failed: it is already locked by ${who}${state.reason ? ` (reason: "${state.reason}")` : ''} (409). ${
        state.heldBySelf ? 'It is yours already; unlock it when done.' : 'Ask them to unlock it, or force-unlock with admin rights.'
      }`,
      { status: 409, detail: error.detail, details: { lockedBy: state.holder } },
    );
  }
}

export async function unlockWorkspace(organization: Organization, workspaceId: string, log: Logger, seen?: Seen): Promise<Workspace> {
  try {
    return await organization.client.locks.unlock(workspaceId, {
      onRetry: ({ attempt, delayMs }) => log.info('unlock waits for the latest state version to finalize', { workspaceId, attempt, delayMs }),
    });
  } catch (error) {
    if (!(error instanceof HostError)) throw error;
    if (error.status === 503) {
      throw new HostError('conflict', `Unlock of workspace ${workspaceId} failed: the latest state version is still being processed; try again in a minute.`, {
        status: 503,
        detail: error.detail,
        details: error.details,
      });
    }
    if (error.status !== 409) throw error;
    const state = await lockHolder(organization, workspaceId).catch(() => null);
    if (!state) throw error;
    seen?.(state.workspace);
    if (!state.locked) throw new HostError('conflict', `Unlock of ${quoted(state.workspace)} failed: it is not locked (409). Nothing to do.`, { status: 409, detail: error.detail });
    throw new HostError(
      'conflict',
      `Unlock of ${quoted(state.workspace)} failed: it is locked by ${state.holder ?? 'another user'}, not by this token's user (409). Ask them, or force-unlock with admin rights.`,
      { status: 409, detail: error.detail, details: { lockedBy: state.holder } },
    );
  }
}

/** Checks a typed confirmation against the workspace's name (design.md, invariant 4). */
export function confirmName(workspace: Workspace, confirm: string, action: string): void {
  if (confirm !== workspace.attributes.name) {
    throw new HostError('invalid_input', `${action} of ${quoted(workspace)} needs confirmation: type the workspace name "${workspace.attributes.name}" exactly.`, {
      details: [{ path: 'confirm', message: `must be "${workspace.attributes.name}"` }],
    });
  }
}

type LockMethods = 'workspaces.lock' | 'workspaces.unlock' | 'workspaces.forceUnlock' | 'workspaces.bulkLock' | 'workspaces.bulkUnlock';

export function lockHandlers(deps: { organizations: Organizations; list: WorkspaceList; log: Logger }): HandlersFor<LockMethods> {
  const { organizations, list, log } = deps;
  const locked = async (organization: Organization, action: (seen: Seen) => Promise<Workspace>): Promise<Workspace> => {
    const workspace = await action((fresh) => list.patch(organization, [fresh]));
    list.patch(organization, [workspace]);
    return workspace;
  };
  return {
    'workspaces.lock': async ({ connectionId, workspaceId, reason }) => {
      const organization = organizations.get(connectionId);
      return locked(organization, (seen) => lockWorkspace(organization, workspaceId, reason, seen));
    },
    'workspaces.unlock': async ({ connectionId, workspaceId }) => {
      const organization = organizations.get(connectionId);
      return locked(organization, (seen) => unlockWorkspace(organization, workspaceId, log, seen));
    },
    'workspaces.forceUnlock': async ({ connectionId, workspaceId, confirm }) => {
      const organization = organizations.get(connectionId);
      const { workspace } = await organization.client.workspaces.show({ id: workspaceId });
      confirmName(workspace, confirm, 'Force-unlock');
      log.info('force-unlock', { connectionId, workspaceId });
      return locked(organization, () => organization.client.locks.forceUnlock(workspaceId));
    },
    'workspaces.bulkLock': async ({ connectionId, workspaceIds, reason }) => {
      const organization = organizations.get(connectionId);
      return mapLimited(workspaceIds, BULK_CONCURRENCY, (id) => rowResult(id, () => locked(organization, (seen) => lockWorkspace(organization, id, reason, seen))));
    },
    'workspaces.bulkUnlock': async ({ connectionId, workspaceIds }) => {
      const organization = organizations.get(connectionId);
      return mapLimited(workspaceIds, BULK_CONCURRENCY, (id) => rowResult(id, () => locked(organization, (seen) => unlockWorkspace(organization, id, log, seen))));
    },
  };
}
