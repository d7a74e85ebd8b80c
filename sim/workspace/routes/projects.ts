// Projects: create, update, list, show, delete, and moving workspaces into a project (workspace-api.md, Projects).
import { canManageProjects, canSeeWorkspace, projectPermissions } from '../auth';
import { checkDuration, checkTagBinding, readResource, readResourceList, relationshipItems, type ResourceInput } from '../body';
import { newProject, newTagBinding } from '../factories';
import { API_PREFIX, ApiError, conflict, forbidden, listParam, noContent, notFound, ok, paginate, param, unprocessable } from '../jsonapi';
import type { Principal, Project } from '../model';
import { projectResource } from '../render';
import { route, type Ctx, type Route } from '../router';
import type { Store } from '../store';

const PROJECT_NAME = /^[A-Za-z0-9 _-]{3,40}$/;

function checkName(store: Store, name: string, self: Project | null): void {
  if (!PROJECT_NAME.test(name) || name.trim() !== name) {
    throw unprocessable(`project name "${name}" must be 3 to 40 characters of letters, numbers, spaces, "-" and "_", without leading or trailing spaces`);
  }
  for (const other of store.projects.values()) {
    if (other.id !== self?.id && other.name.toLowerCase() === name.toLowerCase()) throw unprocessable(`a project named "${name}" already exists in ${store.organization}`);
  }
}

/** Attributes shared by create and update; absent keys keep their value. */
function applyAttributes(store: Store, project: Project, input: ResourceInput): void {
  const attributes = input.attributes;
  const name = attributes.string('name');
  if (name !== undefined) {
    checkName(store, name, project);
    project.name = name;
  }
  const description = attributes.nullableString('description');
  if (description !== undefined) {
    if (description !== null && description.length > 256) throw unprocessable(`project description must be at most 256 characters (got ${description.length})`);
    project.description = description;
  }
  const duration = attributes.nullableString('auto-destroy-activity-duration');
  if (duration !== undefined) {
    checkDuration(duration, 'data.attributes.auto-destroy-activity-duration');
    project.autoDestroyActivityDuration = duration;
  }
  const bindings = relationshipItems(input.relationships, 'tag-bindings', 'tag-bindings');
  if (bindings !== undefined) {
    project.tagBindings = bindings.map((fields) => {
      const key = fields.requiredString('key');
      const value = fields.string('value') ?? '';
      checkTagBinding(key, value);
      const existing = project.tagBindings.find((binding) => binding.key === key);
      return existing ? { ...existing, value } : newTagBinding(store.newId('tb'), key, value, Date.now());
    });
  }
}

async function create(ctx: Ctx) {
  ctx.store.requireOrganization(ctx.params.organization_name);
  if (!canManageProjects(ctx.principal.role)) throw notFound(`organization ${ctx.params.organization_name} not found, or you are not authorized to create projects in it`);
  const input = readResource(await ctx.json(), ['projects']);
  const name = input.attributes.requiredString('name');
  checkName(ctx.store, name, null);
  const project = newProject({ id: ctx.store.newId('prj'), name, now: Date.now() });
  project.teamCount = 1;
  applyAttributes(ctx.store, project, input);
  ctx.store.projects.set(project.id, project);
  return ok({ data: projectResource(ctx.store, ctx.principal, project, { created: true }) }, 201);
}

function requireUpdatable(principal: Principal, project: Project): void {
  if (!projectPermissions(principal.role)['can-update']) throw notFound(`project ${project.id} not found, or you are not authorized to update it`);
}

async function update(ctx: Ctx) {
  const project = ctx.store.visibleProject(ctx.principal, ctx.params.project_id);
  requireUpdatable(ctx.principal, project);
  const input = readResource(await ctx.json(), ['projects']);
  // Validate on a copy so a rejected update leaves the project untouched.
  const draft: Project = { ...project, tagBindings: [...project.tagBindings] };
  applyAttributes(ctx.store, draft, input);
  Object.assign(project, draft);
  return ok({ data: projectResource(ctx.store, ctx.principal, project) });
}

function list(ctx: Ctx) {
  ctx.store.requireOrganization(ctx.params.organization_name);
  const visible = [...ctx.store.projects.values()].filter((project) => ctx.principal.projectAccess === null || ctx.principal.projectAccess.has(project.id));
  const permissions = projectPermissions(ctx.principal.role);
  const names = listParam(ctx.url, 'filter[names]');
  const q = param(ctx.url, 'q');
  let matching = visible;
  // `q` is ignored when `filter[names]` is given (workspace-api.md, Projects: List query parameters).
  if (names !== null) {
    const wanted = new Set(names.map((name) => name.toLowerCase()));
    matching = matching.filter((project) => wanted.has(project.name.toLowerCase()));
  } else if (q) {
    matching = matching.filter((project) => project.name.toLowerCase().includes(q.toLowerCase()));
  }
  const present = (name: string) => param(ctx.url, name) !== null && param(ctx.url, name) !== 'false';
  if (present('filter[permissions][create-workspace]') && !permissions['can-create-workspace']) matching = [];
  if (present('filter[permissions][update]') && !permissions['can-update']) matching = [];
  const sort = param(ctx.url, 'sort');
  if (sort !== null) {
    if (sort !== 'name' && sort !== '-name') throw new ApiError(400, 'invalid sort', `sort must be "name" or "-name", got "${sort}"`);
    const direction = sort === 'name' ? 1 : -1;
    matching = [...matching].sort((a, b) => direction * a.name.localeCompare(b.name));
  }
  const page = paginate(matching, ctx.url, ctx.store.publicUrl());
  return ok({
    data: page.items.map((project) => projectResource(ctx.store, ctx.principal, project)),
    links: page.links,
    meta: { ...page.meta, 'status-counts': { total: visible.length, matching: matching.length } },
  });
}

function show(ctx: Ctx) {
  const project = ctx.store.visibleProject(ctx.principal, ctx.params.project_id);
  return ok({ data: projectResource(ctx.store, ctx.principal, project) });
}

function remove(ctx: Ctx) {
  const project = ctx.store.visibleProject(ctx.principal, ctx.params.project_id);
  if (!projectPermissions(ctx.principal.role)['can-destroy']) throw forbidden(`you are not authorized to delete project ${project.id}`);
  if (project.isDefault) throw conflict(`project ${project.id} is the organization's default project and cannot be deleted`);
  const count = ctx.store.workspacesInProject(project.id);
  if (count > 0) throw conflict(`project ${project.id} still contains ${count} workspace(s); move or delete them first`);
  ctx.store.projects.delete(project.id);
  return noContent();
}

/** All-or-nothing: one unmovable workspace and none move (workspace-api.md, Projects: Move workspaces). */
async function moveWorkspaces(ctx: Ctx) {
  const project = ctx.store.projects.get(ctx.params.project_id);
  if (!project || !(ctx.principal.projectAccess === null || ctx.principal.projectAccess.has(project.id)) || !projectPermissions(ctx.principal.role)['can-update']) {
    throw notFound(`project ${ctx.params.project_id} not found, or you are not authorized to move workspaces into it`);
  }
  const items = readResourceList(await ctx.json(), ['workspaces']);
  const ids = items.map((item, index) => {
    if (!item.id) throw unprocessable(`data[${index}].id is required`);
    return item.id;
  });
  const refused = ids.filter((id) => {
    const workspace = ctx.store.workspaces.get(id);
    return !workspace || !canSeeWorkspace(ctx.principal, workspace) || !projectPermissions(ctx.principal.role)['can-update'];
  });
  if (refused.length > 0) {
    throw forbidden(`workspaces not found, or you are not authorized to move them from their current projects: ${refused.join(', ')}`);
  }
  const now = Date.now();
  for (const id of ids) {
    const workspace = ctx.store.workspaces.get(id);
    if (workspace && workspace.projectId !== project.id) {
      workspace.projectId = project.id;
      workspace.updatedAt = now;
    }
  }
  return noContent();
}

export const projectRoutes: Route[] = [
  route('POST', `${API_PREFIX}/organizations/:organization_name/projects`, create),
  route('GET', `${API_PREFIX}/organizations/:organization_name/projects`, list),
  route('PATCH', `${API_PREFIX}/projects/:project_id`, update),
  route('GET', `${API_PREFIX}/projects/:project_id`, show),
  route('DELETE', `${API_PREFIX}/projects/:project_id`, remove),
  route('POST', `${API_PREFIX}/projects/:project_id/relationships/workspaces`, moveWorkspaces),
];
