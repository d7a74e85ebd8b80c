// Backing-data actions on state versions: soft delete, restore, permanent delete (organization owners only;
// workspace-api.md, State versions and the State version status table).
import { isOwner } from '../auth';
import { Fields } from '../body';
import { API_PREFIX, ApiError, notFound, ok, unprocessable } from '../jsonapi';
import type { StateVersion } from '../model';
import { stateVersionResource } from '../render';
import { route, type Ctx, type Route } from '../router';
import { visibleStateVersion } from './state-versions';

const transitionFailed = (detail: string): ApiError => new ApiError(400, 'transition failed', detail);

function ownerTarget(ctx: Ctx): StateVersion {
  const version = visibleStateVersion(ctx.store, ctx.principal, ctx.params.state_version_id);
  if (!isOwner(ctx.principal)) throw notFound(`state version ${version.id} not found, or you are not an organization owner`);
  return version;
}

function isCurrent(ctx: Ctx, version: StateVersion): boolean {
  return ctx.store.workspaces.get(version.workspaceId)?.currentStateVersionId === version.id;
}

/** Optional body `{data: {attributes: {delete-older-than-n-days}}}`. */
async function softDelete(ctx: Ctx) {
  const version = ownerTarget(ctx);
  const body = await ctx.json();
  let days: number | undefined;
  if (body !== undefined && body !== null) {
    const data = typeof body === 'object' && !Array.isArray(body) ? (body as Record<string, unknown>).data : undefined;
    if (data !== undefined && (typeof data !== 'object' || data === null || Array.isArray(data))) throw unprocessable('data must be an object');
    const attributes = (data as Record<string, unknown> | undefined)?.attributes;
    if (attributes !== undefined && (typeof attributes !== 'object' || attributes === null || Array.isArray(attributes))) throw unprocessable('data.attributes must be an object');
    days = new Fields((attributes as Record<string, unknown>) ?? {}, 'data.attributes').integer('delete-older-than-n-days');
    if (days !== undefined && days < 1) throw unprocessable('data.attributes.delete-older-than-n-days must be a positive integer');
  }
  if (version.status !== 'finalized') throw transitionFailed(`state version ${version.id} is ${version.status}; only finalized state versions can be soft deleted`);
  if (isCurrent(ctx, version)) throw transitionFailed(`state version ${version.id} is the workspace's current state version and cannot be soft deleted`);
  version.status = 'backing_data_soft_deleted';
  version.deleteOlderThanNDays = days ?? 30;
  return ok({ data: stateVersionResource(ctx.store, version) });
}

/** Back to `finalized` (the sample response in the docs says `uploaded`; README explains the choice). */
function restore(ctx: Ctx) {
  const version = ownerTarget(ctx);
  if (version.status !== 'backing_data_soft_deleted') throw transitionFailed(`state version ${version.id} is ${version.status}; only soft-deleted state versions can be restored`);
  version.status = 'finalized';
  version.deleteOlderThanNDays = null;
  return ok({ data: stateVersionResource(ctx.store, version) });
}

function permanentlyDelete(ctx: Ctx) {
  const version = ownerTarget(ctx);
  if (version.status !== 'backing_data_soft_deleted') throw transitionFailed(`state version ${version.id} is ${version.status}; soft delete it before deleting it permanently`);
  if (isCurrent(ctx, version)) throw transitionFailed(`state version ${version.id} is the workspace's current state version`);
  version.status = 'backing_data_permanently_deleted';
  version.content = null;
  version.generator = null;
  return ok({ data: stateVersionResource(ctx.store, version) });
}

const ACTIONS = `${API_PREFIX}/state-versions/:state_version_id/actions`;

export const stateActionRoutes: Route[] = [
  route('POST', `${ACTIONS}/soft_delete_backing_data`, softDelete),
  route('POST', `${ACTIONS}/restore_backing_data`, restore),
  route('POST', `${ACTIONS}/permanently_delete_backing_data`, permanentlyDelete),
];
