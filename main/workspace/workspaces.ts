// Workspace handlers other than locks: detail, create, update, safe and force delete, tags, remote state
// consumers, SSH key and data retention policy. Changes are patched into the held list as they succeed.
import type { Project, StateVersion, Workspace, WorkspaceDetail } from '../contract';
import { relationshipId, type WorkspaceClient } from '../clients/workspace-api';
import { HostError } from '../host/host-error';
import type { Logger } from '../host/logger';
import { redactPayload } from '../redaction/redact-payload';
import { confirmName } from './locks';
import type { Organizations } from './organizations';
import { live, type HandlersFor } from './types';
import type { WorkspaceList } from './workspace-list';

type WorkspaceMethods =
  | 'workspaces.query'
  | 'workspaces.read'
  | 'workspaces.create'
  | 'workspaces.update'
  | 'workspaces.safeDelete'
  | 'workspaces.forceDelete'
  | 'workspaces.tags'
  | 'workspaces.addTags'
  | 'workspaces.removeTags'
  | 'workspaces.tagBindings'
  | 'workspaces.remoteStateConsumers'
  | 'workspaces.addRemoteStateConsumers'
  | 'workspaces.replaceRemoteStateConsumers'
  | 'workspaces.removeRemoteStateConsumers'
  | 'workspaces.setSshKey'
  | 'workspaces.retentionPolicy'
  | 'workspaces.setRetentionPolicy'
  | 'workspaces.removeRetentionPolicy';

export function workspaceHandlers(deps: { organizations: Organizations; list: WorkspaceList; log: Logger }): HandlersFor<WorkspaceMethods> {
  const { organizations, list, log } = deps;

  /** Reads a workspace fresh and patches its row, after actions whose answer carries no document. */
  const refreshRow = async (connectionId: string, workspaceId: string): Promise<void> => {
    const organization = organizations.get(connectionId);
    const { workspace, included } = await organization.client.workspaces.show({ id: workspaceId }, ['project', 'locked_by']);
    organization.absorb(included);
    list.patch(organization, [workspace]);
  };

  return {
    'workspaces.query': async (params) => list.query(organizations.get(params.connectionId), params),

    'workspaces.read': async ({ connectionId, workspaceId }) => {
      const organization = organizations.get(connectionId);
      const { workspace, included } = await organization.client.workspaces.show({ id: workspaceId }, ['project', 'current_state_version', 'locked_by']);
      organization.absorb(included);
      const lockedBy = workspace.attributes.locked ? included.related<{ username?: string }>(workspace, 'locked-by') : undefined;
      const lockedById = workspace.attributes.locked ? relationshipId(workspace, 'locked-by') : null;
      const detail: WorkspaceDetail = {
        workspace,
        project: (included.related(workspace, 'project') as Project | undefined) ?? null,
        // The included state version carries capability URLs; redaction replaces them (design.md, invariant 2).
        currentStateVersion: (included.related(workspace, 'current-state-version') as StateVersion | undefined) ?? null,
        lockedBy: lockedById
          ? { id: lockedById, type: 'users', ...(typeof lockedBy?.attributes.username === 'string' ? { username: lockedBy.attributes.username } : {}) }
          : null,
      };
      list.patch(organization, [workspace]);
      return live(redactPayload(detail));
    },

    'workspaces.create': async ({ connectionId, attributes, projectId, tagBindings }) => {
      const organization = organizations.get(connectionId);
      if (attributes.operations !== undefined) log.info('workspace created with the deprecated "operations" attribute', { connectionId });
      const workspace = await organization.client.workspaces.create({ ...attributes, ...(projectId ? { projectId } : {}), ...(tagBindings ? { tagBindings } : {}) });
      list.patch(organization, [workspace]);
      return workspace;
    },

    'workspaces.update': async ({ connectionId, workspaceId, attributes }) => {
      const organization = organizations.get(connectionId);
      if (attributes.operations !== undefined) log.info('workspace updated with the deprecated "operations" attribute', { connectionId, workspaceId });
      const workspace = await organization.client.workspaces.update({ id: workspaceId }, attributes);
      list.patch(organization, [workspace]);
      return workspace;
    },

    'workspaces.safeDelete': async ({ connectionId, workspaceId }) => {
      const organization = organizations.get(connectionId);
      try {
        await organization.client.workspaces.safeDelete({ id: workspaceId });
      } catch (error) {
        throw await explainSafeDelete(error, organization.client, workspaceId);
      }
      list.remove(connectionId, [workspaceId]);
    },

    'workspaces.forceDelete': async ({ connectionId, workspaceId, confirm }) => {
      const organization = organizations.get(connectionId);
      const { workspace } = await organization.client.workspaces.show({ id: workspaceId });
      confirmName(workspace, confirm, 'Force delete');
      log.info('force delete', { connectionId, workspaceId });
      await organization.client.workspaces.forceDelete({ id: workspaceId });
      list.remove(connectionId, [workspaceId]);
    },

    'workspaces.tags': async ({ connectionId, workspaceId }) => {
      const page = await organizations.get(connectionId).client.relationships.listTags(workspaceId);
      return live(page.items);
    },
    'workspaces.addTags': async ({ connectionId, workspaceId, names }) => {
      await organizations.get(connectionId).client.relationships.addTags(workspaceId, names.map((name) => ({ name })));
      await refreshRow(connectionId, workspaceId); // the row's tag facet must follow
    },
    'workspaces.removeTags': async ({ connectionId, workspaceId, names }) => {
      await organizations.get(connectionId).client.relationships.removeTags(workspaceId, names.map((name) => ({ name })));
      await refreshRow(connectionId, workspaceId);
    },
    'workspaces.tagBindings': async ({ connectionId, workspaceId }) => {
      const { relationships } = organizations.get(connectionId).client;
      const [bindings, effective] = await Promise.all([relationships.listTagBindings(workspaceId), relationships.listEffectiveTagBindings(workspaceId)]);
      return live({ bindings, effective });
    },

    'workspaces.remoteStateConsumers': async ({ connectionId, workspaceId }) => {
      const all = await organizations.get(connectionId).client.relationships.listAllRemoteStateConsumers(workspaceId);
      return live(all.items);
    },
    'workspaces.addRemoteStateConsumers': async ({ connectionId, workspaceId, consumerIds }) =>
      organizations.get(connectionId).client.relationships.addRemoteStateConsumers(workspaceId, consumerIds),
    'workspaces.replaceRemoteStateConsumers': async ({ connectionId, workspaceId, consumerIds }) =>
      organizations.get(connectionId).client.relationships.replaceRemoteStateConsumers(workspaceId, consumerIds),
    'workspaces.removeRemoteStateConsumers': async ({ connectionId, workspaceId, consumerIds }) =>
      organizations.get(connectionId).client.relationships.deleteRemoteStateConsumers(workspaceId, consumerIds),

    'workspaces.setSshKey': async ({ connectionId, workspaceId, sshKeyId }) => {
      const organization = organizations.get(connectionId);
      const workspace = await organization.client.relationships.setSshKey(workspaceId, sshKeyId);
      list.patch(organization, [workspace]);
      return workspace;
    },

    'workspaces.retentionPolicy': async ({ connectionId, workspaceId }) =>
      live(await organizations.get(connectionId).client.relationships.showDataRetentionPolicy(workspaceId)),
    'workspaces.setRetentionPolicy': async (params) => {
      const policy = params.kind === 'delete-older' ? { kind: 'delete-older' as const, deleteOlderThanNDays: params.deleteOlderThanNDays } : { kind: 'dont-delete' as const };
      return organizations.get(params.connectionId).client.relationships.setDataRetentionPolicy(params.workspaceId, policy);
    },
    'workspaces.removeRetentionPolicy': async ({ connectionId, workspaceId }) =>
      organizations.get(connectionId).client.relationships.removeDataRetentionPolicy(workspaceId),
  };
}

/**
 * The 409 of a safe delete means the workspace still manages resources (workspace-api.md, Safe delete); say
 * how many and what the two ways forward are.
 */
async function explainSafeDelete(error: unknown, client: WorkspaceClient, workspaceId: string): Promise<unknown> {
  if (!(error instanceof HostError) || error.status !== 409) return error;
  let workspace: Workspace;
  try {
    workspace = (await client.workspaces.show({ id: workspaceId })).workspace;
  } catch {
    return error;
  }
  const count = workspace.attributes['resource-count'];
  const resources = typeof count === 'number' ? `${count} resource${count === 1 ? '' : 's'}` : 'resources';
  return new HostError(
    'conflict',
    `Safe delete refused: ws ${workspace.attributes.name} (${workspace.id}) still manages ${resources}; destroy them first or force-delete (409).`,
    { status: 409, detail: error.detail, details: { resourceCount: typeof count === 'number' ? count : null } },
  );
}
