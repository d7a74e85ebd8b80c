// Flat workspace tags (relationships/tags), key/value tag bindings and effective tag bindings.
// The spec lists these without shapes ("not shown"); they follow the real service (README: Tags).
import { workspacePermissions } from '../auth';
import { readResourceList } from '../body';
import { API_PREFIX, noContent, notFound, ok, paginate, unprocessable } from '../jsonapi';
import type { Workspace } from '../model';
import { effectiveTagBindingResource, effectiveTagBindings, tagBindingResource, tagId } from '../render';
import { route, type Ctx, type Route } from '../router';
import type { Store } from '../store';

const TAG_NAME = /^[A-Za-z0-9:_-]{1,255}$/;

function tagManager(ctx: Ctx): Workspace {
  const workspace = ctx.store.visibleWorkspace(ctx.principal, ctx.params.workspace_id);
  if (!workspacePermissions(ctx.principal.role)['can-manage-tags']) throw notFound(`workspace ${workspace.id} not found, or you are not authorized to manage its tags`);
  return workspace;
}

function tagNameById(store: Store, id: string): string | undefined {
  for (const workspace of store.workspaces.values()) {
    for (const name of workspace.tagNames) if (tagId(store, name) === id) return name;
  }
  return undefined;
}

/** Items name a tag by `attributes.name` or by the `id` of an existing tag. */
async function requestedNames(ctx: Ctx): Promise<string[]> {
  const items = readResourceList(await ctx.json(), ['tags']);
  return items.map((item, index) => {
    const name = item.attributes.string('name');
    if (name !== undefined) {
      if (!TAG_NAME.test(name)) throw unprocessable(`data[${index}].attributes.name "${name}" may contain only letters, numbers, ":", "-" and "_" (1 to 255 characters)`);
      return name;
    }
    if (item.id) {
      const found = tagNameById(ctx.store, item.id);
      if (!found) throw unprocessable(`data[${index}].id ${item.id} is not a tag of ${ctx.store.organization}`);
      return found;
    }
    throw unprocessable(`data[${index}] needs attributes.name or id`);
  });
}

function listTags(ctx: Ctx) {
  const workspace = ctx.store.visibleWorkspace(ctx.principal, ctx.params.workspace_id);
  const counts = new Map<string, number>();
  for (const other of ctx.store.workspaces.values()) for (const name of other.tagNames) if (workspace.tagNames.includes(name)) counts.set(name, (counts.get(name) ?? 0) + 1);
  const page = paginate(workspace.tagNames, ctx.url, ctx.store.publicUrl());
  return ok({
    data: page.items.map((name) => ({ id: tagId(ctx.store, name), type: 'tags', attributes: { name, 'instance-count': counts.get(name) ?? 0 } })),
    links: page.links,
    meta: page.meta,
  });
}

async function addTags(ctx: Ctx) {
  const workspace = tagManager(ctx);
  const names = await requestedNames(ctx);
  for (const name of names) if (!workspace.tagNames.includes(name)) workspace.tagNames.push(name);
  return noContent();
}

async function removeTags(ctx: Ctx) {
  const workspace = tagManager(ctx);
  const names = new Set(await requestedNames(ctx));
  workspace.tagNames = workspace.tagNames.filter((name) => !names.has(name));
  return noContent();
}

function listTagBindings(ctx: Ctx) {
  const workspace = ctx.store.visibleWorkspace(ctx.principal, ctx.params.workspace_id);
  return ok({ data: workspace.tagBindings.map(tagBindingResource) });
}

/** The workspace's own bindings plus those inherited from its project (a workspace key overrides the project's). */
function listEffectiveTagBindings(ctx: Ctx) {
  const workspace = ctx.store.visibleWorkspace(ctx.principal, ctx.params.workspace_id);
  return ok({ data: effectiveTagBindings(ctx.store, workspace).map(effectiveTagBindingResource) });
}

const WS = `${API_PREFIX}/workspaces/:workspace_id`;

export const tagRoutes: Route[] = [
  route('GET', `${WS}/relationships/tags`, listTags),
  route('POST', `${WS}/relationships/tags`, addTags),
  route('DELETE', `${WS}/relationships/tags`, removeTags),
  route('GET', `${WS}/tag-bindings`, listTagBindings),
  route('GET', `${WS}/effective-tag-bindings`, listEffectiveTagBindings),
];
