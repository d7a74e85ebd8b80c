// The workspace lock state machine (workspace-api.md, States and transitions: Workspace lock).
import { workspacePermissions, type WorkspacePermission } from '../auth';
import { ApiError, API_PREFIX, conflict, notFound, unprocessable } from '../jsonapi';
import type { Workspace } from '../model';
import { route, type Ctx, type Route } from '../router';
import type { Store } from '../store';
import { targetWorkspace, workspaceDocument } from './workspaces';

function permitted(ctx: Ctx, workspace: Workspace, permission: WorkspacePermission, action: string): void {
  if (!workspacePermissions(ctx.principal.role)[permission]) throw notFound(`workspace ${workspace.id} not found, or you are not authorized to ${action} it`);
}

/** Lock takes a plain `{reason}` body (not a JSON:API document), reason defaulting to empty. */
async function lock(ctx: Ctx) {
  const workspace = targetWorkspace(ctx);
  permitted(ctx, workspace, 'can-lock', 'lock');
  const body = await ctx.json();
  let reason = '';
  if (body !== undefined && body !== null) {
    if (typeof body !== 'object' || Array.isArray(body)) throw unprocessable('the lock body must be an object like {"reason": "..."}');
    const value = (body as Record<string, unknown>).reason;
    if (value !== undefined && typeof value !== 'string') throw unprocessable('reason must be a string');
    reason = (value as string | undefined) ?? '';
  }
  if (workspace.locked) throw conflict(`workspace ${workspace.id} is already locked`);
  workspace.locked = true;
  workspace.lockedBy = ctx.principal.userId;
  workspace.lockedReason = reason;
  return workspaceDocument(ctx, workspace);
}

/**
 * The latest state version decides: still pending → 503 (retry shortly); a finalized intermediate one
 * becomes current (workspace-api.md, Workspace lock: unlock rows).
 */
function settleStateOnUnlock(store: Store, workspace: Workspace): void {
  const versions = store.stateVersionsOf(workspace).filter((version) => version.status !== 'discarded');
  const latest = versions[versions.length - 1];
  if (!latest) return;
  if (latest.status === 'pending') {
    throw new ApiError(503, 'state version not finalized', `the latest state version ${latest.id} of workspace ${workspace.id} is not finalized yet; upload its content, then retry the unlock`, {
      'Retry-After': '1',
    });
  }
  if (latest.status === 'finalized' && latest.intermediate) {
    latest.intermediate = false;
    workspace.currentStateVersionId = latest.id;
    workspace.latestChangeAt = Date.now();
  }
}

function unlock(ctx: Ctx) {
  const workspace = targetWorkspace(ctx);
  permitted(ctx, workspace, 'can-unlock', 'unlock');
  if (!workspace.locked) throw conflict(`workspace ${workspace.id} is already unlocked`);
  if (workspace.lockedBy !== ctx.principal.userId) {
    throw conflict(`workspace ${workspace.id} is locked by another user (${ctx.store.users.get(workspace.lockedBy ?? '')?.username ?? 'unknown'}); ask them to unlock it, or force-unlock with admin rights`);
  }
  settleStateOnUnlock(ctx.store, workspace);
  release(workspace);
  return workspaceDocument(ctx, workspace);
}

/** Admin only; does not wait for pending state and does not promote intermediate versions. */
function forceUnlock(ctx: Ctx) {
  const workspace = targetWorkspace(ctx);
  permitted(ctx, workspace, 'can-force-unlock', 'force-unlock');
  if (!workspace.locked) throw conflict(`workspace ${workspace.id} is already unlocked`);
  release(workspace);
  return workspaceDocument(ctx, workspace);
}

function release(workspace: Workspace): void {
  workspace.locked = false;
  workspace.lockedBy = null;
  workspace.lockedReason = null;
}

export const lockRoutes: Route[] = [
  route('POST', `${API_PREFIX}/workspaces/:workspace_id/actions/lock`, lock),
  route('POST', `${API_PREFIX}/workspaces/:workspace_id/actions/unlock`, unlock),
  route('POST', `${API_PREFIX}/workspaces/:workspace_id/actions/force-unlock`, forceUnlock),
];
