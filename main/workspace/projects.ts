// Project handlers: list, read, create, update, delete, and the all-or-nothing move of workspaces into a project.
import type { ProjectInput } from '../contract';
import { HostError } from '../host/host-error';
import type { Organizations } from './organizations';
import { live, type HandlersFor } from './types';
import type { WorkspaceList } from './workspace-list';

type ProjectMethods = 'projects.list' | 'projects.read' | 'projects.create' | 'projects.update' | 'projects.delete' | 'projects.moveWorkspaces';

/** The contract's camelCase fields in the API's own words (workspace-api.md, Project). */
function projectInput(fields: { name?: string; description?: string | null; autoDestroyActivityDuration?: string | null }): ProjectInput {
  const input: ProjectInput = {};
  if (fields.name !== undefined) input.name = fields.name;
  if (fields.description !== undefined) input.description = fields.description;
  if (fields.autoDestroyActivityDuration !== undefined) input['auto-destroy-activity-duration'] = fields.autoDestroyActivityDuration;
  return input;
}

export function projectHandlers(deps: { organizations: Organizations; list: WorkspaceList }): HandlersFor<ProjectMethods> {
  const { organizations, list } = deps;
  return {
    'projects.list': async ({ connectionId, ...query }) => {
      const organization = organizations.get(connectionId);
      const all = await organization.client.projects.listAll(query);
      for (const project of all.items) organization.rememberProject(project.id, project.attributes.name);
      return live({ items: all.items, statusCounts: all.statusCounts });
    },
    'projects.read': async ({ connectionId, projectId }) => live(await organizations.get(connectionId).client.projects.show(projectId)),
    'projects.create': async ({ connectionId, ...fields }) => {
      const organization = organizations.get(connectionId);
      const project = await organization.client.projects.create({ ...projectInput(fields), name: fields.name });
      organization.rememberProject(project.id, project.attributes.name);
      return project;
    },
    'projects.update': async ({ connectionId, projectId, ...fields }) => {
      const organization = organizations.get(connectionId);
      const project = await organization.client.projects.update(projectId, projectInput(fields));
      organization.rememberProject(project.id, project.attributes.name);
      return project;
    },
    'projects.delete': async ({ connectionId, projectId }) => organizations.get(connectionId).client.projects.delete(projectId),
    'projects.moveWorkspaces': async ({ connectionId, projectId, workspaceIds }) => {
      const organization = organizations.get(connectionId);
      try {
        await organization.client.projects.moveWorkspaces(projectId, workspaceIds);
      } catch (error) {
        throw explainMoveRefusal(error, workspaceIds, (id) => list.row(connectionId, id)?.name ?? null);
      }
      const projectName = organization.projectName(projectId);
      list.patchRows(connectionId, workspaceIds, (row) => ({ ...row, projectId, projectName }));
    },
  };
}

/**
 * The move is all-or-nothing; on 403 the service names the refused workspaces in `detail` (workspace-api.md,
 * Errors). The error lists each of them, by name where the held list knows it, so the person can fix the selection.
 */
function explainMoveRefusal(error: unknown, requested: string[], nameOf: (id: string) => string | null): unknown {
  if (!(error instanceof HostError) || error.status !== 403) return error;
  const named = [...new Set(error.detail?.match(/ws-[A-Za-z0-9_-]+/g) ?? [])];
  const concerned = named.length > 0 ? named : requested;
  const workspaces = concerned.map((id) => ({ id, name: nameOf(id) }));
  const list = workspaces.map((ws) => (ws.name ? `${ws.name} (${ws.id})` : ws.id)).join(', ');
  return new HostError(
    'forbidden',
    `Move refused; no workspace was moved (403). These workspaces are not found, or this token may not move them out of their current projects: ${list}. Deselect them or ask an owner for the permission.`,
    { status: 403, detail: error.detail, details: { workspaces } },
  );
}
