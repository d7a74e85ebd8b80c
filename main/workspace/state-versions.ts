// State version handlers: list, read, current, diff of any two versions, download, upload, rollback and the
// backing-data actions. Documents come redacted from the client; contents are handled only in main.
import { readFile, stat } from 'node:fs/promises';
import { basename } from 'node:path';
import type { StateVersion } from '../contract';
import { relationshipId } from '../clients/workspace-api';
import { HostError } from '../host/host-error';
import type { Logger } from '../host/logger';
import { confirmName, lockHolder, lockWorkspace, unlockWorkspace } from './locks';
import type { Organization, Organizations } from './organizations';
import { diffStates, normalizeState, outputsOf } from './state-diff';
import { downloadStateToFile, stateBytes, type DownloadDeps } from './state-download';
import { uploadState } from './state-upload';
import { live, type HandlersFor } from './types';
import type { WorkspaceList } from './workspace-list';

type StateMethods =
  | 'stateVersions.list'
  | 'stateVersions.read'
  | 'stateVersions.current'
  | 'stateVersions.outputs'
  | 'stateVersions.diff'
  | 'stateVersions.download'
  | 'stateVersions.upload'
  | 'stateVersions.rollback'
  | 'stateVersions.softDelete'
  | 'stateVersions.restore'
  | 'stateVersions.permanentlyDelete';

/** A file picked by path is read whole: the upload sends it in one sized request. Bounded to stay sane. */
const MAX_UPLOAD_BYTES = 512 * 1024 * 1024;

export interface StateDeps extends DownloadDeps {
  organizations: Organizations;
  list: WorkspaceList;
  log: Logger;
}

export function stateVersionHandlers(deps: StateDeps): HandlersFor<StateMethods> {
  const { organizations, list, log } = deps;

  /** The state version list filters by workspace *name* (workspace-api.md, State versions: List). */
  const workspaceName = async (organization: Organization, workspaceId: string): Promise<string> =>
    list.row(organization.connectionId, workspaceId)?.name ?? (await organization.client.workspaces.show({ id: workspaceId })).workspace.attributes.name;

  /** After state changes, the row's resource count and lock follow. A failed refresh must not fail the action. */
  const refreshRow = async (organization: Organization, workspaceId: string): Promise<void> => {
    try {
      const { workspace, included } = await organization.client.workspaces.show({ id: workspaceId }, ['project', 'locked_by']);
      organization.absorb(included);
      list.patch(organization, [workspace]);
    } catch (error) {
      log.warn('workspace row refresh failed', { workspaceId, error: (error as Error).message });
    }
  };

  return {
    'stateVersions.list': async ({ connectionId, workspaceId, status, page, pageSize }) => {
      const organization = organizations.get(connectionId);
      const name = await workspaceName(organization, workspaceId);
      const result = await organization.client.stateVersions.list({ workspaceName: name, ...(status ? { status } : {}) }, { pageNumber: page ?? 1, pageSize: pageSize ?? 20 });
      return live({ items: result.items, pagination: result.pagination });
    },
    'stateVersions.read': async ({ connectionId, stateVersionId }) => live(await organizations.get(connectionId).client.stateVersions.show(stateVersionId)),
    'stateVersions.current': async ({ connectionId, workspaceId }) => {
      const { client } = organizations.get(connectionId);
      try {
        return live(await client.stateVersions.current(workspaceId));
      } catch (error) {
        // 404 means "no state yet" as well as "not visible"; a visible workspace without one has no state.
        if (!(error instanceof HostError) || error.status !== 404) throw error;
        const { workspace } = await client.workspaces.show({ id: workspaceId });
        if (relationshipId(workspace, 'current-state-version') !== null) throw error;
        return live<StateVersion | null>(null);
      }
    },

    'stateVersions.outputs': async ({ connectionId, stateVersionId }) => {
      const state = normalizeState(await stateBytes(organizations.get(connectionId).client, stateVersionId));
      if (!state) throw new HostError('internal', `The content of state version ${stateVersionId} is not a state Quarterdeck understands (neither JSON state nor raw state), so its outputs cannot be shown.`);
      return outputsOf(state);
    },

    'stateVersions.diff': async ({ connectionId, fromId, toId }) => {
      const { client } = organizations.get(connectionId);
      const [fromVersion, toVersion, fromBytes, toBytes] = await Promise.all([
        client.stateVersions.show(fromId),
        client.stateVersions.show(toId),
        stateBytes(client, fromId),
        stateBytes(client, toId),
      ]);
      const from = normalizeState(fromBytes);
      const to = normalizeState(toBytes);
      if (!from || !to) throw new HostError('internal', `The content of state version ${!from ? fromId : toId} is not a state the diff understands (neither JSON state nor raw state).`);
      return { from: { id: fromId, serial: fromVersion.attributes.serial }, to: { id: toId, serial: toVersion.attributes.serial }, ...diffStates(from, to) };
    },

    'stateVersions.download': async ({ connectionId, ...params }) => downloadStateToFile(deps, organizations.get(connectionId).client, params),

    'stateVersions.upload': async ({ connectionId, workspaceId, source, transferId }) => {
      const organization = organizations.get(connectionId);
      const report = deps.transfers.reporter(transferId);
      let content: { bytes: Buffer; fileName: string };
      try {
        content = source.kind === 'path' ? await readStateFile(source.path) : { bytes: Buffer.from(source.base64, 'base64'), fileName: source.fileName };
      } catch (error) {
        report('failed', 0, null, error instanceof HostError ? error.message : 'The state file could not be read.');
        throw error;
      }
      try {
        return await uploadState(organization, workspaceId, content, report, log);
      } finally {
        await refreshRow(organization, workspaceId);
      }
    },

    'stateVersions.rollback': async ({ connectionId, workspaceId, stateVersionId, confirm }) => {
      const organization = organizations.get(connectionId);
      const lock = await lockHolder(organization, workspaceId);
      confirmName(lock.workspace, confirm, 'Rollback');
      if (lock.locked && organization.selfUserId !== null && !lock.heldBySelf) {
        throw new HostError('conflict', `Rollback of workspace "${lock.workspace.attributes.name}" refused: it is locked by ${lock.holder ?? 'another user'}, and only the holder of the lock can change its state. Ask them to unlock it.`);
      }
      // Rollback needs the caller's lock (workspace-api.md, State versions: Rollback); take it only if nobody holds it.
      const weLocked = !lock.locked;
      if (weLocked) await lockWorkspace(organization, workspaceId, `Quarterdeck: rolling back to ${stateVersionId}`);
      let rolled: StateVersion;
      try {
        rolled = await organization.client.stateVersions.rollback(workspaceId, stateVersionId);
      } catch (error) {
        if (weLocked) await unlockWorkspace(organization, workspaceId, log).catch((unlockError: Error) => log.warn('unlock after a failed rollback failed', { workspaceId, error: unlockError.message }));
        await refreshRow(organization, workspaceId);
        throw error;
      }
      if (weLocked) {
        try {
          await unlockWorkspace(organization, workspaceId, log);
        } catch (error) {
          const reason = error instanceof HostError ? error.message : (error as Error).message;
          throw new HostError('conflict', `Rolled back to ${stateVersionId} (new state version ${rolled.id}), but the workspace is still locked: ${reason}`);
        }
      }
      await refreshRow(organization, workspaceId);
      return rolled;
    },

    'stateVersions.softDelete': async ({ connectionId, stateVersionId, deleteOlderThanNDays }) =>
      organizations.get(connectionId).client.stateVersions.softDelete(stateVersionId, deleteOlderThanNDays),
    'stateVersions.restore': async ({ connectionId, stateVersionId }) => organizations.get(connectionId).client.stateVersions.restore(stateVersionId),
    'stateVersions.permanentlyDelete': async ({ connectionId, stateVersionId, confirm }) => {
      if (confirm !== stateVersionId) {
        throw new HostError('invalid_input', `Permanent delete of state version ${stateVersionId} needs confirmation: type its id "${stateVersionId}" exactly. This cannot be undone.`, {
          details: [{ path: 'confirm', message: `must be "${stateVersionId}"` }],
        });
      }
      log.info('permanent delete of state backing data', { connectionId, stateVersionId });
      return organizations.get(connectionId).client.stateVersions.permanentlyDelete(stateVersionId);
    },
  };
}

async function readStateFile(path: string): Promise<{ bytes: Buffer; fileName: string }> {
  let size: number;
  try {
    size = (await stat(path)).size;
  } catch {
    throw new HostError('invalid_input', `The state file ${path} cannot be read: it does not exist or is not accessible. Choose the file again.`);
  }
  if (size > MAX_UPLOAD_BYTES) throw new HostError('invalid_input', `The state file ${path} is ${Math.round(size / 1024 / 1024)} MiB; at most ${MAX_UPLOAD_BYTES / 1024 / 1024} MiB can be uploaded.`);
  return { bytes: await readFile(path), fileName: basename(path) };
}
