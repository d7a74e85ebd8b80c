// The create/update rules of workspace attributes (workspace-api.md, Workspaces: create body key paths).
// Applied to a draft copy, so a rejected request changes nothing.
import { projectPermissions } from './auth';
import { checkDuration, checkTagBinding, relationshipId, relationshipItems, type ResourceInput } from './body';
import { newTagBinding } from './factories';
import { unprocessable } from './jsonapi';
import type { ExecutionMode, Principal, Workspace } from './model';
import type { Store } from './store';

const WORKSPACE_NAME = /^[A-Za-z0-9_-]{1,90}$/;
const MODES: ExecutionMode[] = ['remote', 'local', 'agent'];
const BOOLEANS: [string, keyof Workspace][] = [
  ['allow-destroy-plan', 'allowDestroyPlan'],
  ['assessments-enabled', 'assessmentsEnabled'],
  ['auto-apply', 'autoApply'],
  ['auto-apply-run-trigger', 'autoApplyRunTrigger'],
  ['file-triggers-enabled', 'fileTriggersEnabled'],
  ['global-remote-state', 'globalRemoteState'],
  ['queue-all-runs', 'queueAllRuns'],
  ['speculative-enabled', 'speculativeEnabled'],
  ['structured-run-output-enabled', 'structuredRunOutputEnabled'],
];

export function checkWorkspaceName(store: Store, name: string, self: Workspace | null): void {
  if (!WORKSPACE_NAME.test(name)) throw unprocessable(`workspace name "${name}" may contain only letters, numbers, "-" and "_" (1 to 90 characters)`);
  const existing = store.workspaceNamed(name);
  if (existing && existing.id !== self?.id) throw unprocessable(`workspace name "${name}" has already been taken in ${store.organization}`);
}

export function applyWorkspaceSettings(store: Store, principal: Principal, workspace: Workspace, input: ResourceInput, creating: boolean): void {
  const a = input.attributes;
  const name = a.string('name');
  if (name !== undefined) {
    checkWorkspaceName(store, name, workspace);
    workspace.name = name;
  }
  for (const [key, field] of BOOLEANS) {
    const value = a.boolean(key);
    if (value !== undefined) (workspace[field] as boolean) = value;
  }
  const description = a.nullableString('description');
  if (description !== undefined) workspace.description = description;
  const engineVersion = a.string('engine-version');
  if (engineVersion !== undefined) {
    if (!/^(latest|[~><=!, 0-9.a-z-]+)$/.test(engineVersion) || !/\d/.test(engineVersion + (engineVersion === 'latest' ? '0' : ''))) {
      throw unprocessable(`engine-version "${engineVersion}" is not a version or a version constraint`);
    }
    workspace.engineVersion = engineVersion;
  }
  const workingDirectory = a.nullableString('working-directory');
  if (workingDirectory !== undefined) {
    if (workingDirectory !== null && (workingDirectory.startsWith('/') || workingDirectory.split('/').includes('..'))) {
      throw unprocessable('working-directory must be a relative path inside the repository');
    }
    workspace.workingDirectory = workingDirectory === '' ? null : workingDirectory;
  }
  const sourceName = a.nullableString('source-name');
  if (sourceName !== undefined) workspace.sourceName = sourceName;
  const sourceUrl = a.nullableString('source-url');
  if (sourceUrl !== undefined) workspace.sourceUrl = sourceUrl;
  const autoDestroyAt = a.nullableString('auto-destroy-at');
  if (autoDestroyAt !== undefined) {
    if (autoDestroyAt !== null && Number.isNaN(Date.parse(autoDestroyAt))) throw unprocessable(`auto-destroy-at must be an ISO 8601 timestamp, got "${autoDestroyAt}"`);
    workspace.autoDestroyAt = autoDestroyAt === null ? null : new Date(autoDestroyAt).toISOString();
  }
  if (a.has('auto-destroy-activity-duration')) {
    const duration = a.nullableString('auto-destroy-activity-duration');
    checkDuration(duration, 'data.attributes.auto-destroy-activity-duration');
    workspace.autoDestroyActivityDuration = duration ?? null;
    workspace.autoDestroyOverridden = true;
  }
  for (const [key, field] of [['trigger-patterns', 'triggerPatterns'], ['trigger-prefixes', 'triggerPrefixes']] as const) {
    const value = a.stringArray(key);
    if (value !== undefined) workspace[field] = [...value];
  }
  applyExecutionMode(store, workspace, input, creating);
  applyVcsRepo(store, workspace, input);
  applyProject(store, principal, workspace, input);
  applyTagBindings(store, workspace, input, creating);
}

/**
 * agent-pool-id: required with `agent`, forbidden with `remote`/`local` or `operations: true`;
 * execution-mode and operations are mutually exclusive (workspace-api.md, create body key paths).
 */
function applyExecutionMode(store: Store, workspace: Workspace, input: ResourceInput, creating: boolean): void {
  const a = input.attributes;
  const hasMode = a.has('execution-mode');
  const hasOperations = a.has('operations');
  if (hasMode && hasOperations) throw unprocessable('execution-mode and operations cannot be set together; operations is deprecated, use execution-mode');
  const mode = a.string('execution-mode');
  if (mode !== undefined && !MODES.includes(mode as ExecutionMode)) throw unprocessable(`execution-mode must be "remote", "local" or "agent", got "${mode}"`);
  const operations = a.boolean('operations');
  const pool = a.nullableString('agent-pool-id');
  const overwrites = a.object('setting-overwrites');
  const overwriteMode = overwrites?.boolean('execution-mode');
  const overwritePool = overwrites?.boolean('agent-pool');
  if (creating && overwriteMode === true && !hasMode && !hasOperations) throw unprocessable('execution-mode is required when setting-overwrites.execution-mode is true');

  let next: ExecutionMode = workspace.executionMode;
  if (mode !== undefined) next = mode as ExecutionMode;
  else if (operations !== undefined) next = operations ? 'remote' : 'local';
  else if (overwriteMode === false) next = 'remote'; // inherit the organization default, which is remote here
  if (pool) {
    if (operations === true) throw unprocessable('agent-pool-id cannot be set when operations is true');
    if (next !== 'agent') throw unprocessable(`agent-pool-id cannot be set when execution-mode is "${next}"; it is only valid with "agent"`);
    if (!store.agentPools.has(pool)) throw unprocessable(`agent pool ${pool} not found in ${store.organization}`);
  }
  const resultingPool = next === 'agent' ? (pool ?? (workspace.executionMode === 'agent' ? workspace.agentPoolId : null)) : null;
  if (next === 'agent' && !resultingPool) throw unprocessable('agent-pool-id is required when execution-mode is "agent"');
  workspace.executionMode = next;
  workspace.agentPoolId = resultingPool;
  if (overwriteMode !== undefined || overwritePool !== undefined) {
    workspace.settingOverwrites = {
      'execution-mode': overwriteMode ?? workspace.settingOverwrites['execution-mode'],
      'agent-pool': overwritePool ?? workspace.settingOverwrites['agent-pool'],
    };
  }
}

/** vcs-repo: null disconnects; an object needs `oauth-token-id` and `identifier` (workspace-api.md, create body). */
function applyVcsRepo(store: Store, workspace: Workspace, input: ResourceInput): void {
  if (!input.attributes.has('vcs-repo')) return;
  const repo = input.attributes.object('vcs-repo');
  if (repo === null || repo === undefined) {
    workspace.vcsRepo = null;
    return;
  }
  const identifier = repo.requiredString('identifier');
  const oauthTokenId = repo.requiredString('oauth-token-id');
  if (!/^[^/\s]+\/[^\s]+$/.test(identifier)) throw unprocessable(`vcs-repo.identifier must look like ":org/:repo", got "${identifier}"`);
  if (!store.oauthTokens.has(oauthTokenId)) throw unprocessable(`vcs-repo.oauth-token-id ${oauthTokenId} is not an OAuth token of ${store.organization}`);
  const tagsRegex = repo.nullableString('tags-regex') ?? null;
  if (tagsRegex !== null) {
    try {
      new RegExp(tagsRegex);
    } catch {
      throw unprocessable(`vcs-repo.tags-regex "${tagsRegex}" is not a valid regular expression`);
    }
  }
  workspace.vcsRepo = { identifier, oauthTokenId, branch: repo.string('branch') ?? '', ingressSubmodules: repo.boolean('ingress-submodules') ?? false, tagsRegex };
}

function applyProject(store: Store, principal: Principal, workspace: Workspace, input: ResourceInput): void {
  const projectId = relationshipId(input.relationships, 'project', 'projects');
  if (projectId === undefined) return;
  const project = projectId === null ? undefined : store.projects.get(projectId);
  const visible = project && (principal.projectAccess === null || principal.projectAccess.has(project.id));
  if (!project || !visible || !projectPermissions(principal.role)['can-create-workspace']) {
    throw unprocessable(`project ${projectId} not found, or you are not authorized to create workspaces in it`);
  }
  workspace.projectId = project.id;
}

/** Create sets the bindings; update adds or changes the keys it names (the real service's PATCH semantics). */
function applyTagBindings(store: Store, workspace: Workspace, input: ResourceInput, creating: boolean): void {
  const items = relationshipItems(input.relationships, 'tag-bindings', 'tag-bindings');
  if (items === undefined) return;
  const next = creating ? [] : [...workspace.tagBindings];
  for (const fields of items) {
    const key = fields.requiredString('key');
    const value = fields.string('value') ?? '';
    checkTagBinding(key, value);
    const index = next.findIndex((binding) => binding.key === key);
    if (index >= 0) next[index] = { ...next[index], value };
    else next.push(newTagBinding(store.newId('tb'), key, value, Date.now()));
  }
  workspace.tagBindings = next;
}
