// Filtering, sorting and `include` of workspace lists and documents (workspace-api.md, Workspaces: list).
import { ApiError, indexedFilters, listParam, param } from './jsonapi';
import type { Principal, Workspace } from './model';
import { effectiveTagBindings, organizationResource, projectResource, stateVersionResource, userResource } from './render';
import type { Store } from './store';

/** `*` matches any run of characters and the pattern is anchored, like the real service's `search[wildcard-name]`. */
export function wildcardMatcher(pattern: string): (name: string) => boolean {
  const source = pattern
    .split('*')
    .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
    .join('.*');
  const regex = new RegExp(`^${source}$`, 'i');
  return (name) => regex.test(name);
}

export function filterWorkspaces(store: Store, url: URL, all: Workspace[]): Workspace[] {
  let result = all;
  const search = param(url, 'search[name]');
  if (search) {
    // Without `*` this is the service's fuzzy name search (case-insensitive substring); with `*` it is a wildcard.
    const matches = search.includes('*') ? wildcardMatcher(search) : (name: string) => name.toLowerCase().includes(search.toLowerCase());
    result = result.filter((workspace) => matches(workspace.name));
  }
  const wildcard = param(url, 'search[wildcard-name]');
  if (wildcard) {
    const matches = wildcardMatcher(wildcard);
    result = result.filter((workspace) => matches(workspace.name));
  }
  const projectId = param(url, 'filter[project][id]');
  if (projectId) result = result.filter((workspace) => workspace.projectId === projectId);
  const tags = listParam(url, 'search[tags]');
  if (tags && tags.length > 0) result = result.filter((workspace) => tags.every((tag) => workspace.tagNames.includes(tag)));
  const excluded = listParam(url, 'search[exclude-tags]');
  if (excluded && excluded.length > 0) result = result.filter((workspace) => !excluded.some((tag) => workspace.tagNames.includes(tag)));
  const tagged = indexedFilters(url, 'filter[tagged]');
  if (tagged.length > 0) {
    result = result.filter((workspace) => {
      const bindings = effectiveTagBindings(store, workspace).map((entry) => entry.binding);
      return tagged.every((want) => bindings.some((binding) => binding.key === want.key && (want.value === null || binding.value === want.value)));
    });
  }
  return result;
}

const SORT_KEYS: Record<string, (workspace: Workspace) => string | number> = {
  name: (workspace) => workspace.name,
  'current-run.created-at': (workspace) => workspace.currentRun?.createdAt ?? -1,
  'latest-change-at': (workspace) => workspace.latestChangeAt,
};

/** Comma-separated sort keys, `-` for descending; unknown keys are a 400 as in the real service. */
export function sortWorkspaces(url: URL, list: Workspace[]): Workspace[] {
  const sort = param(url, 'sort');
  if (!sort) return list;
  const keys = sort.split(',').map((raw) => {
    const descending = raw.startsWith('-');
    const name = descending ? raw.slice(1) : raw;
    const key = SORT_KEYS[name];
    if (!key) throw new ApiError(400, 'invalid sort', `sort key "${name}" is not supported; use ${Object.keys(SORT_KEYS).join(', ')} (prefix "-" to reverse)`);
    return { key, direction: descending ? -1 : 1 };
  });
  return [...list].sort((a, b) => {
    for (const { key, direction } of keys) {
      const left = key(a);
      const right = key(b);
      const order = typeof left === 'string' ? left.localeCompare(right as string) : left - (right as number);
      if (order !== 0) return direction * order;
    }
    return 0;
  });
}

const INCLUDES: Record<string, string> = {
  current_state_version: 'current-state-version',
  'current-state-version': 'current-state-version',
  project: 'project',
  locked_by: 'locked-by',
  'locked-by': 'locked-by',
  organization: 'organization',
};

/** Parses `include`; unknown paths are a 400 (JSON:API: a server must refuse includes it cannot honour). */
export function parseIncludes(url: URL): Set<string> {
  const requested = listParam(url, 'include') ?? [];
  const result = new Set<string>();
  for (const name of requested) {
    const canonical = INCLUDES[name];
    if (!canonical) throw new ApiError(400, 'invalid include', `include "${name}" is not supported; use ${[...new Set(Object.keys(INCLUDES))].join(', ')}`);
    result.add(canonical);
  }
  return result;
}

/** The `included` array for workspace documents, each related resource once. */
export function includedFor(store: Store, principal: Principal, workspaces: Workspace[], includes: Set<string>): unknown[] {
  const seen = new Set<string>();
  const included: unknown[] = [];
  const add = (key: string, build: () => unknown) => {
    if (seen.has(key)) return;
    seen.add(key);
    included.push(build());
  };
  for (const workspace of workspaces) {
    if (includes.has('current-state-version') && workspace.currentStateVersionId) {
      const version = store.stateVersions.get(workspace.currentStateVersionId);
      if (version) add(`sv/${version.id}`, () => stateVersionResource(store, version));
    }
    if (includes.has('project')) {
      const project = store.projects.get(workspace.projectId);
      if (project) add(`prj/${project.id}`, () => projectResource(store, principal, project));
    }
    if (includes.has('locked-by') && workspace.lockedBy) {
      const user = store.users.get(workspace.lockedBy);
      if (user) add(`user/${user.id}`, () => userResource(user));
    }
    if (includes.has('organization')) add('org', () => organizationResource(store));
  }
  return included;
}
