// Workspace relationship endpoints: remote state consumers, SSH key, data retention policy.
import { canSeeWorkspace, workspacePermissions } from '../auth';
import { readResource, readResourceList } from '../body';
import { API_PREFIX, noContent, notFound, ok, paginate, unprocessable } from '../jsonapi';
import type { DataRetentionPolicy, Workspace } from '../model';
import { workspaceResource } from '../render';
import { route, type Ctx, type Route } from '../router';
import { workspaceDocument } from './workspaces';

function admin(ctx: Ctx, action: string): Workspace {
  const workspace = ctx.store.visibleWorkspace(ctx.principal, ctx.params.workspace_id);
  if (!workspacePermissions(ctx.principal.role)['can-update']) throw notFound(`workspace ${workspace.id} not found, or you are not authorized to ${action}`);
  return workspace;
}

// ---- remote state consumers ----

/** With global-remote-state every other workspace may read; the list is filtered by what the caller may see. */
function listConsumers(ctx: Ctx) {
  const workspace = ctx.store.visibleWorkspace(ctx.principal, ctx.params.workspace_id);
  const all = workspace.globalRemoteState
    ? [...ctx.store.workspaces.values()].filter((other) => other.id !== workspace.id)
    : [...workspace.remoteStateConsumers].map((id) => ctx.store.workspaces.get(id)).filter((other): other is Workspace => other !== undefined);
  const visible = all.filter((other) => canSeeWorkspace(ctx.principal, other));
  const page = paginate(visible, ctx.url, ctx.store.publicUrl());
  return ok({ data: page.items.map((other) => workspaceResource(ctx.store, ctx.principal, other)), links: page.links, meta: page.meta });
}

async function consumerIds(ctx: Ctx, workspace: Workspace): Promise<string[]> {
  const items = readResourceList(await ctx.json(), ['workspaces']);
  return items.map((item, index) => {
    if (!item.id) throw unprocessable(`data[${index}].id is required`);
    if (item.id === workspace.id) throw unprocessable(`workspace ${workspace.id} cannot be a remote state consumer of itself`);
    const other = ctx.store.workspaces.get(item.id);
    if (!other || !canSeeWorkspace(ctx.principal, other)) throw unprocessable(`data[${index}]: workspace ${item.id} not found in ${ctx.store.organization}`);
    return item.id;
  });
}

async function addConsumers(ctx: Ctx) {
  const workspace = admin(ctx, 'change its remote state consumers');
  for (const id of await consumerIds(ctx, workspace)) workspace.remoteStateConsumers.add(id);
  return noContent();
}

async function replaceConsumers(ctx: Ctx) {
  const workspace = admin(ctx, 'change its remote state consumers');
  workspace.remoteStateConsumers = new Set(await consumerIds(ctx, workspace));
  return noContent();
}

async function deleteConsumers(ctx: Ctx) {
  const workspace = admin(ctx, 'change its remote state consumers');
  for (const id of await consumerIds(ctx, workspace)) workspace.remoteStateConsumers.delete(id);
  return noContent();
}

// ---- SSH key ----

/** `data.attributes.id` names the key; null unassigns (workspace-api.md, Assign SSH key). */
async function assignSshKey(ctx: Ctx) {
  const workspace = admin(ctx, 'change its SSH key');
  const input = readResource(await ctx.json(), ['workspaces']);
  if (!input.attributes.has('id')) throw unprocessable('data.attributes.id is required: an SSH key id, or null to unassign');
  const id = input.attributes.nullableString('id');
  if (id && !ctx.store.sshKeys.has(id)) throw unprocessable(`SSH key ${id} not found in ${ctx.store.organization}`);
  workspace.sshKeyId = id ?? null;
  workspace.updatedAt = Date.now();
  return workspaceDocument(ctx, workspace);
}

// ---- data retention policy ----

const POLICY_TYPES = ['data-retention-policy-delete-olders', 'data-retention-policy-dont-deletes', 'data-retention-policies'];

function policyResource(policy: DataRetentionPolicy) {
  return {
    id: policy.id,
    type: policy.type,
    attributes: policy.type === 'data-retention-policy-delete-olders' ? { 'delete-older-than-n-days': policy.deleteOlderThanNDays } : {},
  };
}

/** Unset means the workspace inherits the organization's policy: the real service answers `data: null`. */
function showPolicy(ctx: Ctx) {
  const workspace = ctx.store.visibleWorkspace(ctx.principal, ctx.params.workspace_id);
  return ok({ data: workspace.dataRetentionPolicy ? policyResource(workspace.dataRetentionPolicy) : null });
}

/** Body `{data: {type: 'data-retention-policy-delete-olders', attributes: {delete-older-than-n-days: N}}}` or the dont-deletes type. */
async function setPolicy(ctx: Ctx) {
  const workspace = admin(ctx, 'set its data retention policy');
  const input = readResource(await ctx.json(), POLICY_TYPES);
  let policy: DataRetentionPolicy;
  if (input.type === 'data-retention-policy-dont-deletes') policy = { id: ctx.store.newId('drp'), type: input.type, deleteOlderThanNDays: null };
  else {
    const days = input.attributes.integer('delete-older-than-n-days');
    if (days === undefined || days < 1) throw unprocessable('data.attributes.delete-older-than-n-days is required and must be a positive integer');
    policy = { id: ctx.store.newId('drp'), type: 'data-retention-policy-delete-olders', deleteOlderThanNDays: days };
  }
  workspace.dataRetentionPolicy = policy;
  return ok({ data: policyResource(policy) }, 201);
}

function removePolicy(ctx: Ctx) {
  const workspace = admin(ctx, 'remove its data retention policy');
  workspace.dataRetentionPolicy = null;
  return noContent();
}

const WS = `${API_PREFIX}/workspaces/:workspace_id`;

export const relationshipRoutes: Route[] = [
  route('GET', `${WS}/relationships/remote-state-consumers`, listConsumers),
  route('POST', `${WS}/relationships/remote-state-consumers`, addConsumers),
  route('PATCH', `${WS}/relationships/remote-state-consumers`, replaceConsumers),
  route('DELETE', `${WS}/relationships/remote-state-consumers`, deleteConsumers),
  route('PATCH', `${WS}/relationships/ssh-key`, assignSshKey),
  route('GET', `${WS}/relationships/data-retention-policy`, showPolicy),
  route('POST', `${WS}/relationships/data-retention-policy`, setPolicy),
  route('DELETE', `${WS}/relationships/data-retention-policy`, removePolicy),
];
