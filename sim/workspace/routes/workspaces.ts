// Workspaces: create, list, show, update and the two kinds of delete, each by id and by organization + name.
import { canSeeWorkspace, projectPermissions, workspacePermissions } from '../auth';
import { readResource } from '../body';
import { newWorkspace } from '../factories';
import { API_PREFIX, conflict, forbidden, noContent, notFound, ok, paginate } from '../jsonapi';
import type { Workspace } from '../model';
import { workspaceResource } from '../render';
import { route, type Ctx, type Route } from '../router';
import { applyWorkspaceSettings, checkWorkspaceName } from '../workspace-settings';
import { filterWorkspaces, includedFor, parseIncludes, sortWorkspaces } from '../workspace-query';

/** The workspace a route names, by `:workspace_id` or by `:organization_name` + `:name`; 404 when hidden. */
export function targetWorkspace(ctx: Ctx): Workspace {
  if (ctx.params.workspace_id) return ctx.store.visibleWorkspace(ctx.principal, ctx.params.workspace_id);
  return ctx.store.visibleWorkspaceByName(ctx.principal, ctx.params.organization_name, ctx.params.name);
}

export function workspaceDocument(ctx: Ctx, workspace: Workspace, status = 200) {
  const includes = parseIncludes(ctx.url);
  const body: Record<string, unknown> = { data: workspaceResource(ctx.store, ctx.principal, workspace) };
  if (includes.size > 0) body.included = includedFor(ctx.store, ctx.principal, [workspace], includes);
  return ok(body, status);
}

async function create(ctx: Ctx) {
  ctx.store.requireOrganization(ctx.params.organization_name);
  if (!projectPermissions(ctx.principal.role)['can-create-workspace']) {
    throw notFound(`organization ${ctx.params.organization_name} not found, or you are not authorized to create workspaces in it`);
  }
  const input = readResource(await ctx.json(), ['workspaces']);
  const name = input.attributes.requiredString('name');
  checkWorkspaceName(ctx.store, name, null);
  const now = Date.now();
  const workspace = newWorkspace({ id: ctx.store.newId('ws'), name, projectId: ctx.store.defaultProject().id, now, seedIndex: ctx.store.workspaces.size });
  applyWorkspaceSettings(ctx.store, ctx.principal, workspace, input, true);
  ctx.store.addWorkspace(workspace);
  return workspaceDocument(ctx, workspace, 201);
}

function list(ctx: Ctx) {
  ctx.store.requireOrganization(ctx.params.organization_name);
  const includes = parseIncludes(ctx.url);
  const visible = [...ctx.store.workspaces.values()].filter((workspace) => canSeeWorkspace(ctx.principal, workspace));
  const matching = sortWorkspaces(ctx.url, filterWorkspaces(ctx.store, ctx.url, visible));
  const page = paginate(matching, ctx.url, ctx.store.publicUrl());
  const body: Record<string, unknown> = {
    data: page.items.map((workspace) => workspaceResource(ctx.store, ctx.principal, workspace)),
    links: page.links,
    meta: page.meta,
  };
  if (includes.size > 0) body.included = includedFor(ctx.store, ctx.principal, page.items, includes);
  return ok(body);
}

function show(ctx: Ctx) {
  return workspaceDocument(ctx, targetWorkspace(ctx));
}

/** Changing settings needs admin on the workspace (workspace-api.md, Authentication). */
async function update(ctx: Ctx) {
  const workspace = targetWorkspace(ctx);
  if (!workspacePermissions(ctx.principal.role)['can-update']) throw notFound(`workspace ${workspace.id} not found, or you are not authorized to change its settings`);
  const input = readResource(await ctx.json(), ['workspaces']);
  const draft: Workspace = { ...workspace };
  applyWorkspaceSettings(ctx.store, ctx.principal, draft, input, false);
  if (draft.name !== workspace.name) ctx.store.renameWorkspace(workspace, draft.name);
  Object.assign(workspace, draft, { updatedAt: Date.now() });
  return workspaceDocument(ctx, workspace);
}

/** Refused with 409 while the current state manages resources (workspace-api.md, Safe delete). */
function safeDelete(ctx: Ctx) {
  const workspace = targetWorkspace(ctx);
  if (!workspacePermissions(ctx.principal.role)['can-destroy']) throw notFound(`workspace ${workspace.id} not found, or you are not authorized to delete it`);
  const resources = ctx.store.resourceCount(workspace);
  if (resources > 0) {
    throw conflict(`workspace ${workspace.name} manages ${resources} resource(s); destroy them first, or force delete the workspace`);
  }
  ctx.store.deleteWorkspace(workspace);
  return noContent();
}

/** Deletes without checking resources; organization owners only (workspace-api.md, Force delete). */
function forceDelete(ctx: Ctx) {
  const workspace = targetWorkspace(ctx);
  if (!workspacePermissions(ctx.principal.role)['can-force-delete']) {
    throw forbidden(`you are not authorized to force delete workspace ${workspace.name}; only organization owners can`);
  }
  ctx.store.deleteWorkspace(workspace);
  return noContent();
}

const BY_ID = `${API_PREFIX}/workspaces/:workspace_id`;
const BY_NAME = `${API_PREFIX}/organizations/:organization_name/workspaces/:name`;

export const workspaceRoutes: Route[] = [
  route('POST', `${API_PREFIX}/organizations/:organization_name/workspaces`, create),
  route('GET', `${API_PREFIX}/organizations/:organization_name/workspaces`, list),
  route('GET', BY_ID, show),
  route('GET', BY_NAME, show),
  route('PATCH', BY_ID, update),
  route('PATCH', BY_NAME, update),
  route('POST', `${BY_ID}/actions/safe-delete`, safeDelete),
  route('POST', `${BY_NAME}/actions/safe-delete`, safeDelete),
  route('DELETE', BY_ID, forceDelete),
  route('DELETE', BY_NAME, forceDelete),
];
