// Renders records as JSON:API resource objects, with the attribute names and types of workspace-api.md.
import { projectPermissions, workspacePermissions } from './auth';
import { API_PREFIX, iso } from './jsonapi';
import type { Principal, Project, StateVersion, TagBinding, User, Variable, Workspace } from './model';
import type { Store } from './store';

type Resource = { id: string; type: string; attributes?: Record<string, unknown>; relationships?: Record<string, unknown>; links?: Record<string, unknown> };

const orgRelationship = (store: Store) => ({
  data: { id: store.organization, type: 'organizations' },
  links: { related: `${API_PREFIX}/organizations/${store.organization}` },
});

/** Workspace-count and team-count are absent from the create response (workspace-api.md, Project). */
export function projectResource(store: Store, principal: Principal, project: Project, options: { created?: boolean } = {}): Resource {
  const permissions: Record<string, boolean> = { ...projectPermissions(principal.role) };
  const attributes: Record<string, unknown> = {
    name: project.name,
    description: project.description,
    'auto-destroy-activity-duration': project.autoDestroyActivityDuration,
    'created-at': iso(project.createdAt),
  };
  if (options.created) delete permissions['can-create-workspace'];
  else {
    attributes['workspace-count'] = store.workspacesInProject(project.id);
    attributes['team-count'] = project.teamCount;
  }
  attributes.permissions = permissions;
  return {
    id: project.id,
    type: 'projects',
    attributes,
    relationships: { organization: orgRelationship(store) },
    links: { self: `${API_PREFIX}/projects/${project.id}` },
  };
}

/** Workspace bindings first, then the project's bindings whose key the workspace does not override. */
export function effectiveTagBindings(store: Store, workspace: Workspace): { binding: TagBinding; inheritedFrom: Project | null }[] {
  const own = workspace.tagBindings.map((binding) => ({ binding, inheritedFrom: null as Project | null }));
  const project = store.projects.get(workspace.projectId);
  const keys = new Set(workspace.tagBindings.map((binding) => binding.key));
  const inherited = (project?.tagBindings ?? []).filter((binding) => !keys.has(binding.key)).map((binding) => ({ binding, inheritedFrom: project as Project }));
  return [...own, ...inherited];
}

export function tagBindingResource(binding: TagBinding): Resource {
  return { id: binding.id, type: 'tag-bindings', attributes: { key: binding.key, value: binding.value, 'created-at': iso(binding.createdAt) } };
}

export function effectiveTagBindingResource(entry: { binding: TagBinding; inheritedFrom: Project | null }): Resource {
  const resource: Resource = { id: entry.binding.id, type: 'effective-tag-bindings', attributes: { key: entry.binding.key, value: entry.binding.value } };
  if (entry.inheritedFrom) resource.links = { 'inherited-from': { id: entry.inheritedFrom.id, type: 'projects' } };
  return resource;
}

/** Flat tags have no record of their own; their id is derived from the name so it is stable per organization. */
export const tagId = (store: Store, name: string): string => store.stableId('tag', `tag/${name}`);

export function workspaceResource(store: Store, principal: Principal, workspace: Workspace): Resource {
  const self = `${API_PREFIX}/workspaces/${workspace.id}`;
  const current = workspace.currentStateVersionId ? store.stateVersions.get(workspace.currentStateVersionId) : undefined;
  const outputs = current ? outputIds(store, current) : [];
  const project = store.projects.get(workspace.projectId);
  const inherits = !workspace.autoDestroyOverridden;
  const vcs = workspace.vcsRepo;
  const run = workspace.currentRun ? { data: { id: workspace.currentRun.id, type: 'runs' }, links: { related: `${API_PREFIX}/runs/${workspace.currentRun.id}` } } : { data: null };
  return {
    id: workspace.id,
    type: 'workspaces',
    attributes: {
      name: workspace.name,
      description: workspace.description,
      'allow-destroy-plan': workspace.allowDestroyPlan,
      'assessments-enabled': workspace.assessmentsEnabled,
      'auto-apply': workspace.autoApply,
      'auto-apply-run-trigger': workspace.autoApplyRunTrigger,
      'auto-destroy-at': workspace.autoDestroyAt,
      'auto-destroy-activity-duration': inherits ? (project?.autoDestroyActivityDuration ?? null) : workspace.autoDestroyActivityDuration,
      'auto-destroy-status': workspace.autoDestroyAt ? 'scheduled' : null,
      'inherits-project-auto-destroy': inherits,
      'execution-mode': workspace.executionMode,
      operations: workspace.executionMode !== 'local',
      'file-triggers-enabled': workspace.fileTriggersEnabled,
      'trigger-patterns': workspace.triggerPatterns,
      'trigger-prefixes': workspace.triggerPrefixes,
      'global-remote-state': workspace.globalRemoteState,
      'queue-all-runs': workspace.queueAllRuns,
      'speculative-enabled': workspace.speculativeEnabled,
      'engine-version': workspace.engineVersion,
      'working-directory': workspace.workingDirectory,
      source: workspace.source,
      'source-name': workspace.sourceName,
      'source-url': workspace.sourceUrl,
      'vcs-repo': vcs
        ? {
            branch: vcs.branch,
            identifier: vcs.identifier,
            'ingress-submodules': vcs.ingressSubmodules,
            'oauth-token-id': vcs.oauthTokenId,
            'tags-regex': vcs.tagsRegex,
            'display-identifier': vcs.identifier,
            'repository-http-url': `https://github.com/${vcs.identifier}`,
            'service-provider': 'github',
            'webhook-url': `${store.publicUrl()}/webhooks/vcs/${store.stableId('', `hook/${workspace.id}`, 24)}`,
          }
        : null,
      'vcs-repo-identifier': vcs ? vcs.identifier : null,
      'setting-overwrites': { ...workspace.settingOverwrites },
      actions: { 'is-destroyable': true },
      permissions: workspacePermissions(principal.role),
      locked: workspace.locked,
      'locked-reason': workspace.lockedReason,
      environment: 'default',
      'oauth-client-name': vcs ? 'GitHub' : null,
      'created-at': iso(workspace.createdAt),
      'updated-at': iso(workspace.updatedAt),
      'latest-change-at': iso(workspace.latestChangeAt),
      'last-assessment-result-at': null,
      'apply-duration-average': workspace.applyDurationAverage,
      'plan-duration-average': workspace.planDurationAverage,
      'policy-check-failures': workspace.policyCheckFailures,
      'run-failures': workspace.runFailures,
      'workspace-kpis-runs-count': workspace.runsCount,
      'resource-count': store.resourceCount(workspace),
      'structured-run-output-enabled': workspace.structuredRunOutputEnabled,
      'tag-names': [...workspace.tagNames],
    },
    relationships: {
      organization: orgRelationship(store),
      project: { data: { id: workspace.projectId, type: 'projects' }, links: { related: `${API_PREFIX}/projects/${workspace.projectId}` } },
      'agent-pool': { data: workspace.agentPoolId ? { id: workspace.agentPoolId, type: 'agent-pools' } : null },
      'current-configuration-version': workspace.currentConfigurationVersionId
        ? { data: { id: workspace.currentConfigurationVersionId, type: 'configuration-versions' }, links: { related: `${API_PREFIX}/configuration-versions/${workspace.currentConfigurationVersionId}` } }
        : { data: null },
      'current-run': run,
      'latest-run': run,
      'current-state-version': current
        ? { data: { id: current.id, type: 'state-versions' }, links: { related: `${self}/current-state-version` } }
        : { data: null },
      'current-assessment-result': { data: null },
      'effective-tag-bindings': { links: { related: `${self}/effective-tag-bindings` } },
      'tag-bindings': { links: { related: `${self}/tag-bindings` } },
      outputs: { data: outputs.map((id) => ({ id, type: 'workspace-outputs' })), links: { related: `${self}/current-state-version-outputs` } },
      readme: { data: null },
      'remote-state-consumers': { links: { related: `${self}/relationships/remote-state-consumers` } },
      'ssh-key': { data: workspace.sshKeyId ? { id: workspace.sshKeyId, type: 'ssh-keys' } : null },
      'locked-by': workspace.lockedBy ? { data: { id: workspace.lockedBy, type: 'users' }, links: { related: `${API_PREFIX}/users/${workspace.lockedBy}` } } : { data: null },
      vars: { data: (workspace.variableIds ?? store.variablesOf(workspace).map((v) => v.id)).map((id) => ({ id, type: 'vars' })) },
    },
    links: { self: `${API_PREFIX}/organizations/${store.organization}/workspaces/${encodeURIComponent(workspace.name)}`, 'self-html': `/app/${store.organization}/workspaces/${encodeURIComponent(workspace.name)}` },
  };
}

/** Sensitive values are write-only: the real service answers `null` in their place (README: Variables). */
export function variableResource(variable: Variable): Resource {
  return {
    id: variable.id,
    type: 'vars',
    attributes: {
      key: variable.key,
      value: variable.sensitive ? null : variable.value,
      sensitive: variable.sensitive,
      category: variable.category,
      hcl: variable.hcl,
      'created-at': iso(variable.createdAt),
      description: variable.description,
      'version-id': variable.versionId,
    },
    relationships: {
      configurable: { data: { id: variable.workspaceId, type: 'workspaces' }, links: { related: `${API_PREFIX}/workspaces/${variable.workspaceId}` } },
    },
    links: { self: `${API_PREFIX}/workspaces/${variable.workspaceId}/vars/${variable.id}` },
  };
}

function outputIds(store: Store, version: StateVersion): string[] {
  const names = version.resourcesProcessed ? (store.extraction(version)?.outputs.map((o) => o.name) ?? []) : Object.keys(version.earlyOutputs ?? {});
  return names.map((name) => store.stableId('wsout', `output/${version.id}/${name}`));
}

const READABLE = new Set(['finalized']);

export function stateVersionResource(store: Store, version: StateVersion): Resource {
  const extraction = version.resourcesProcessed ? store.extraction(version) : null;
  const workspace = store.workspaces.get(version.workspaceId);
  const content = version.status === 'pending' || version.status === 'discarded' ? null : store.content(version);
  const readable = READABLE.has(version.status) && content !== null;
  const attributes: Record<string, unknown> = {
    'created-at': iso(version.createdAt),
    size: content ? content.raw.length : 0,
    status: version.status,
    intermediate: version.intermediate,
    serial: version.serial,
    'state-version': extraction?.stateVersion ?? 4,
    'engine-version': extraction?.engineVersion ?? '',
    'resources-processed': version.resourcesProcessed,
    modules: extraction?.modules ?? {},
    providers: extraction?.providers ?? {},
    resources: extraction?.resources ?? [],
    'hosted-state-download-url': readable ? store.downloadUrl(version, 'raw') : null,
    'hosted-json-state-download-url': readable && content?.json ? store.downloadUrl(version, 'json') : null,
    'hosted-state-upload-url': version.uploadUrls.raw,
    'hosted-json-state-upload-url': version.uploadUrls.json,
    'vcs-commit-sha': workspace?.vcsRepo ? version.vcsCommitSha : null,
    'vcs-commit-url': workspace?.vcsRepo && version.vcsCommitSha ? `https://github.com/${workspace.vcsRepo.identifier}/commit/${version.vcsCommitSha}` : null,
    'billable-rum-count': extraction?.managedCount ?? 0,
  };
  if (version.deleteOlderThanNDays !== null) attributes['delete-older-than-n-days'] = version.deleteOlderThanNDays;
  const relationships: Record<string, unknown> = {
    run: { data: version.runId ? { id: version.runId, type: 'runs' } : null },
    'created-by': { data: { id: version.createdBy, type: 'users' }, links: { self: `${API_PREFIX}/users/${version.createdBy}`, related: `${API_PREFIX}/state-versions/${version.id}/created-by` } },
    workspace: { data: { id: version.workspaceId, type: 'workspaces' } },
    outputs: { data: outputIds(store, version).map((id) => ({ id, type: 'state-version-outputs' })) },
  };
  if (version.rollbackOf) relationships['rollback-state-version'] = { data: { id: version.rollbackOf, type: 'state-versions' } };
  return { id: version.id, type: 'state-versions', attributes, relationships, links: { self: `${API_PREFIX}/state-versions/${version.id}` } };
}

export function userResource(user: User): Resource {
  return {
    id: user.id,
    type: 'users',
    attributes: { username: user.username, 'is-service-account': user.serviceAccount, 'avatar-url': `https://www.gravatar.com/avatar/${user.id.slice(5)}?s=100&d=mm`, 'v2-only': false },
    links: { self: `${API_PREFIX}/users/${user.id}` },
  };
}

export function organizationResource(store: Store): Resource {
  return { id: store.organization, type: 'organizations', attributes: { name: store.organization }, links: { self: `${API_PREFIX}/organizations/${store.organization}` } };
}
