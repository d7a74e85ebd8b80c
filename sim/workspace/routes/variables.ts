// Workspace variables: create, list, update, delete (workspace-api.md, Variables).
import { workspacePermissions } from '../auth';
import { readResource, type Fields } from '../body';
import { newVariable } from '../factories';
import { API_PREFIX, noContent, notFound, ok, unprocessable } from '../jsonapi';
import type { Variable, VariableCategory, Workspace } from '../model';
import { variableResource } from '../render';
import { route, type Ctx, type Route } from '../router';
import type { Store } from '../store';

const CATEGORIES: VariableCategory[] = ['engine', 'env'];

function writable(ctx: Ctx, workspace: Workspace): void {
  if (!workspacePermissions(ctx.principal.role)['can-update-variable']) throw notFound(`workspace ${workspace.id} not found, or you are not authorized to write its variables`);
}

function checkKey(key: string): void {
  if (key.length === 0 || key.length > 128 || /\s/.test(key)) throw unprocessable(`variable key "${key}" must be 1 to 128 characters without whitespace`);
}

function checkCategory(category: string): VariableCategory {
  if (!CATEGORIES.includes(category as VariableCategory)) throw unprocessable(`category must be "engine" or "env", got "${category}"`);
  return category as VariableCategory;
}

/** Keys are unique per category within a workspace (README: Variables). */
function checkUnique(store: Store, workspace: Workspace, key: string, category: VariableCategory, self: Variable | null): void {
  const clash = store.variablesOf(workspace).find((v) => v.id !== self?.id && v.key === key && v.category === category);
  if (clash) throw unprocessable(`a ${category} variable with key "${key}" already exists in workspace ${workspace.id}`);
}

function optionalString(fields: Fields, key: string): string | undefined {
  // The real service accepts null for description and value and stores an empty string.
  const value = fields.nullableString(key);
  return value === null ? '' : value;
}

async function create(ctx: Ctx) {
  const workspace = ctx.store.visibleWorkspace(ctx.principal, ctx.params.workspace_id);
  writable(ctx, workspace);
  const input = readResource(await ctx.json(), ['vars']);
  const a = input.attributes;
  const key = a.requiredString('key');
  checkKey(key);
  const category = checkCategory(a.requiredString('category'));
  checkUnique(ctx.store, workspace, key, category, null);
  const variable = newVariable({
    id: ctx.store.newId('var'),
    workspaceId: workspace.id,
    key,
    value: optionalString(a, 'value'),
    description: optionalString(a, 'description'),
    category,
    hcl: a.boolean('hcl'),
    sensitive: a.boolean('sensitive'),
    versionId: ctx.store.rng().hex(40),
    now: Date.now(),
  });
  ctx.store.variablesOf(workspace);
  ctx.store.variables.set(variable.id, variable);
  workspace.variableIds = [...(workspace.variableIds ?? []), variable.id];
  return ok({ data: variableResource(variable) }, 201);
}

function list(ctx: Ctx) {
  const workspace = ctx.store.visibleWorkspace(ctx.principal, ctx.params.workspace_id);
  return ok({ data: ctx.store.variablesOf(workspace).map(variableResource) });
}

function findVariable(ctx: Ctx, workspace: Workspace): Variable {
  const variable = ctx.store.variablesOf(workspace).find((v) => v.id === ctx.params.variable_id);
  if (!variable) throw notFound(`variable ${ctx.params.variable_id} not found in workspace ${workspace.id}`);
  return variable;
}

async function update(ctx: Ctx) {
  const workspace = ctx.store.visibleWorkspace(ctx.principal, ctx.params.workspace_id);
  writable(ctx, workspace);
  const variable = findVariable(ctx, workspace);
  const input = readResource(await ctx.json(), ['vars']);
  if (input.id !== undefined && input.id !== variable.id) throw unprocessable(`data.id ${input.id} does not match the variable in the path (${variable.id})`);
  const a = input.attributes;
  const key = a.string('key') ?? variable.key;
  checkKey(key);
  const category = a.has('category') ? checkCategory(a.requiredString('category')) : variable.category;
  checkUnique(ctx.store, workspace, key, category, variable);
  const sensitive = a.boolean('sensitive');
  // A sensitive value stays write-only for good: the real service refuses to make it visible again.
  if (variable.sensitive && sensitive === false) throw unprocessable(`variable ${variable.key} is sensitive and cannot be made non-sensitive; delete and re-create it instead`);
  const value = optionalString(a, 'value');
  const description = optionalString(a, 'description');
  const hcl = a.boolean('hcl');
  Object.assign(variable, {
    key,
    category,
    value: value ?? variable.value,
    description: description ?? variable.description,
    hcl: hcl ?? variable.hcl,
    sensitive: sensitive ?? variable.sensitive,
    versionId: ctx.store.rng().hex(40),
  });
  return ok({ data: variableResource(variable) });
}

function remove(ctx: Ctx) {
  const workspace = ctx.store.visibleWorkspace(ctx.principal, ctx.params.workspace_id);
  writable(ctx, workspace);
  const variable = findVariable(ctx, workspace);
  ctx.store.variables.delete(variable.id);
  workspace.variableIds = (workspace.variableIds ?? []).filter((id) => id !== variable.id);
  return noContent();
}

export const variableRoutes: Route[] = [
  route('POST', `${API_PREFIX}/workspaces/:workspace_id/vars`, create),
  route('GET', `${API_PREFIX}/workspaces/:workspace_id/vars`, list),
  route('PATCH', `${API_PREFIX}/workspaces/:workspace_id/vars/:variable_id`, update),
  route('DELETE', `${API_PREFIX}/workspaces/:workspace_id/vars/:variable_id`, remove),
];
