// State versions: create, list, current, show and roll back (workspace-api.md, State versions).
import { workspacePermissions } from '../auth';
import { readResource, relationshipId } from '../body';
import { newStateVersion } from '../factories';
import { API_PREFIX, badRequest, conflict, notFound, ok, paginate, param, unprocessable } from '../jsonapi';
import type { Principal, StateVersion, Workspace } from '../model';
import { stateVersionResource } from '../render';
import { route, type Ctx, type Route } from '../router';
import { md5Hex, parseRawState } from '../state-content';
import { checkRawState, decodeBase64, finalize, refuseDuplicateSerial, supersedePending } from '../state-lifecycle';
import type { Store } from '../store';

/** Organization tokens and callers without write access get the same 404 as a missing workspace. */
function writableWorkspace(ctx: Ctx): Workspace {
  const workspace = ctx.store.visibleWorkspace(ctx.principal, ctx.params.workspace_id);
  if (ctx.principal.kind === 'organization') throw notFound(`workspace ${workspace.id} not found: organization tokens cannot create or roll back state versions; use a user or team token`);
  if (!workspacePermissions(ctx.principal.role)['can-create-state-versions']) throw notFound(`workspace ${workspace.id} not found, or you are not authorized to write its state`);
  return workspace;
}

function requireOwnLock(ctx: Ctx, workspace: Workspace): void {
  if (!workspace.locked) throw conflict(`workspace ${workspace.id} must be locked by you before its state can change; lock it first`);
  if (workspace.lockedBy !== ctx.principal.userId) throw conflict(`workspace ${workspace.id} is locked by another user; only the holder of the lock can change its state`);
}

function outputsFrom(value: string): Record<string, unknown> {
  const bytes = decodeBase64(value, 'data.attributes.json-state-outputs');
  try {
    const parsed = JSON.parse(bytes.toString('utf8'));
    if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) return parsed as Record<string, unknown>;
  } catch {
    // fall through to the 422 below
  }
  throw unprocessable('data.attributes.json-state-outputs must be Base64 of a JSON object of outputs');
}

async function create(ctx: Ctx) {
  const workspace = writableWorkspace(ctx);
  const input = readResource(await ctx.json(), ['state-versions']);
  const a = input.attributes;
  const serial = a.integer('serial');
  if (serial === undefined || serial < 0) throw unprocessable('data.attributes.serial is required and must be a non-negative integer');
  const md5 = a.requiredString('md5');
  if (!/^[0-9a-fA-F]{32}$/.test(md5)) throw unprocessable('data.attributes.md5 must be 32 hexadecimal characters');
  const lineage = a.string('lineage') ?? null;
  const state = a.string('state');
  const jsonState = a.string('json-state');
  const jsonOutputs = a.string('json-state-outputs');
  const intermediate = a.boolean('intermediate') ?? false;
  const runId = relationshipId(input.relationships, 'run', 'runs') ?? null;
  const raw = state === undefined ? null : decodeBase64(state, 'data.attributes.state');
  const json = jsonState === undefined ? null : decodeBase64(jsonState, 'data.attributes.json-state');
  const earlyOutputs = jsonOutputs === undefined ? null : outputsFrom(jsonOutputs);

  requireOwnLock(ctx, workspace);
  if (raw) checkRawState(raw, { serial, md5, lineage });
  refuseDuplicateSerial(ctx.store, workspace, serial);

  supersedePending(ctx.store, workspace);
  const version = newStateVersion({
    id: ctx.store.newId('sv'),
    workspaceId: workspace.id,
    serial,
    lineage: lineage ?? '',
    createdAt: Date.now(),
    createdBy: ctx.principal.userId,
    md5: md5.toLowerCase(),
    runId,
    intermediate,
    earlyOutputs,
    status: 'pending',
    vcsCommitSha: workspace.vcsRepo ? ctx.store.rng().hex(40) : null,
  });
  ctx.store.stateVersions.set(version.id, version);
  workspace.stateVersionIds.push(version.id);
  if (raw) finalize(ctx.store, workspace, version, raw, json);
  else {
    version.pendingJson = json;
    version.uploadUrls = { raw: ctx.store.issueUploadUrl(version, 'raw'), json: json ? null : ctx.store.issueUploadUrl(version, 'json') };
  }
  return ok({ data: stateVersionResource(ctx.store, version) }, 201);
}

const STATUSES = ['pending', 'finalized', 'discarded'];

/** Both filters are required; newest first, as the real service lists them. */
function list(ctx: Ctx) {
  const workspaceName = param(ctx.url, 'filter[workspace][name]');
  const organization = param(ctx.url, 'filter[organization][name]');
  if (!workspaceName || !organization) throw badRequest('filter[workspace][name] and filter[organization][name] are both required');
  const status = param(ctx.url, 'filter[status]');
  if (status !== null && !STATUSES.includes(status)) throw badRequest(`filter[status] must be one of ${STATUSES.join(', ')}, got "${status}"`);
  const workspace = ctx.store.visibleWorkspaceByName(ctx.principal, organization, workspaceName);
  const versions = ctx.store
    .stateVersionsOf(workspace)
    .filter((version) => status === null || version.status === status)
    .reverse();
  const page = paginate(versions, ctx.url, ctx.store.publicUrl());
  return ok({ data: page.items.map((version) => stateVersionResource(ctx.store, version)), links: page.links, meta: page.meta });
}

function current(ctx: Ctx) {
  const workspace = ctx.store.visibleWorkspace(ctx.principal, ctx.params.workspace_id);
  const version = workspace.currentStateVersionId ? ctx.store.stateVersions.get(workspace.currentStateVersionId) : undefined;
  if (!version) throw notFound(`workspace ${workspace.id} has no current state version`);
  return ok({ data: stateVersionResource(ctx.store, version) });
}

/** A state version is visible when its workspace is. */
export function visibleStateVersion(store: Store, principal: Principal, id: string): StateVersion {
  const version = store.stateVersions.get(id);
  const workspace = version ? store.workspaces.get(version.workspaceId) : undefined;
  if (!version || !workspace || !(principal.projectAccess === null || principal.projectAccess.has(workspace.projectId))) {
    throw notFound(`state version ${id} not found, or you are not authorized to see it`);
  }
  return version;
}

function show(ctx: Ctx) {
  return ok({ data: stateVersionResource(ctx.store, visibleStateVersion(ctx.store, ctx.principal, ctx.params.state_version_id)) });
}

/** Duplicates the chosen version under the next serial and makes it current (workspace-api.md, States). */
async function rollback(ctx: Ctx) {
  const workspace = writableWorkspace(ctx);
  const input = readResource(await ctx.json(), ['state-versions']);
  const targetId = relationshipId(input.relationships, 'rollback-state-version', 'state-versions');
  if (!targetId) throw unprocessable('data.relationships.rollback-state-version.data.id is required');
  const target = ctx.store.stateVersions.get(targetId);
  if (!target || target.workspaceId !== workspace.id) throw notFound(`state version ${targetId} not found in workspace ${workspace.id}`);
  requireOwnLock(ctx, workspace);
  const content = target.status === 'finalized' ? ctx.store.content(target) : null;
  const parsed = content ? parseRawState(content.raw) : null;
  if (!content || !parsed) throw unprocessable(`state version ${target.id} is ${target.status} and cannot be rolled back to`);
  const serial = Math.max(...ctx.store.stateVersionsOf(workspace).map((version) => version.serial)) + 1;
  const raw = Buffer.from(JSON.stringify({ ...JSON.parse(content.raw.toString('utf8')), serial }, null, 2));
  supersedePending(ctx.store, workspace);
  const version = newStateVersion({
    id: ctx.store.newId('sv'),
    workspaceId: workspace.id,
    serial,
    lineage: parsed.lineage,
    createdAt: Date.now(),
    createdBy: ctx.principal.userId,
    md5: md5Hex(raw),
    status: 'pending',
    rollbackOf: target.id,
    vcsCommitSha: target.vcsCommitSha,
  });
  ctx.store.stateVersions.set(version.id, version);
  workspace.stateVersionIds.push(version.id);
  finalize(ctx.store, workspace, version, raw, content.json);
  return ok({ data: stateVersionResource(ctx.store, version) }, 201);
}

export const stateVersionRoutes: Route[] = [
  route('POST', `${API_PREFIX}/workspaces/:workspace_id/state-versions`, create),
  route('PATCH', `${API_PREFIX}/workspaces/:workspace_id/state-versions`, rollback),
  route('GET', `${API_PREFIX}/state-versions`, list),
  route('GET', `${API_PREFIX}/workspaces/:workspace_id/current-state-version`, current),
  route('GET', `${API_PREFIX}/state-versions/:state_version_id`, show),
];
