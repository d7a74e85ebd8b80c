// New records with the defaults of the resource tables in workspace-api.md (Workspace, Variable, State version).
import type { Project, StateVersion, TagBinding, Variable, VariableCategory, Workspace } from './model';

export const LATEST_ENGINE_VERSION = '1.10.5';

export function newWorkspace(fields: { id: string; name: string; projectId: string; now: number; seedIndex: number; source?: string }): Workspace {
  return {
    id: fields.id,
    name: fields.name,
    projectId: fields.projectId,
    description: null,
    allowDestroyPlan: true,
    assessmentsEnabled: false,
    autoApply: false,
    autoApplyRunTrigger: false,
    autoDestroyAt: null,
    autoDestroyActivityDuration: null,
    autoDestroyOverridden: false,
    executionMode: 'remote',
    agentPoolId: null,
    settingOverwrites: { 'execution-mode': true, 'agent-pool': true },
    fileTriggersEnabled: true,
    triggerPatterns: [],
    triggerPrefixes: [],
    globalRemoteState: false,
    queueAllRuns: false,
    speculativeEnabled: true,
    engineVersion: LATEST_ENGINE_VERSION,
    workingDirectory: null,
    source: fields.source ?? 'tfe-api',
    sourceName: null,
    sourceUrl: null,
    vcsRepo: null,
    structuredRunOutputEnabled: true,
    locked: false,
    lockedReason: null,
    lockedBy: null,
    createdAt: fields.now,
    updatedAt: fields.now,
    latestChangeAt: fields.now,
    currentRun: null,
    currentConfigurationVersionId: null,
    applyDurationAverage: null,
    planDurationAverage: null,
    policyCheckFailures: null,
    runFailures: null,
    runsCount: null,
    tagNames: [],
    tagBindings: [],
    remoteStateConsumers: new Set(),
    sshKeyId: null,
    dataRetentionPolicy: null,
    currentStateVersionId: null,
    stateVersionIds: [],
    variableIds: [],
    seedIndex: fields.seedIndex,
  };
}

export function newProject(fields: { id: string; name: string; now: number; isDefault?: boolean }): Project {
  return {
    id: fields.id,
    name: fields.name,
    description: null,
    autoDestroyActivityDuration: null,
    isDefault: fields.isDefault ?? false,
    teamCount: 0,
    tagBindings: [],
    createdAt: fields.now,
  };
}

export function newVariable(fields: {
  id: string;
  workspaceId: string;
  key: string;
  value?: string;
  description?: string;
  category: VariableCategory;
  hcl?: boolean;
  sensitive?: boolean;
  versionId: string;
  now: number;
}): Variable {
  return {
    id: fields.id,
    workspaceId: fields.workspaceId,
    key: fields.key,
    value: fields.value ?? '',
    description: fields.description ?? '',
    category: fields.category,
    hcl: fields.hcl ?? false,
    sensitive: fields.sensitive ?? false,
    versionId: fields.versionId,
    createdAt: fields.now,
  };
}

export function newTagBinding(id: string, key: string, value: string, now: number): TagBinding {
  return { id, key, value, createdAt: now };
}

export function newStateVersion(fields: Pick<StateVersion, 'id' | 'workspaceId' | 'serial' | 'lineage' | 'createdAt' | 'createdBy' | 'md5'> & Partial<StateVersion>): StateVersion {
  return {
    status: 'finalized',
    intermediate: false,
    runId: null,
    content: null,
    generator: null,
    resourcesProcessed: false,
    earlyOutputs: null,
    uploadUrls: { raw: null, json: null },
    pendingJson: null,
    rollbackOf: null,
    deleteOlderThanNDays: null,
    vcsCommitSha: null,
    ...fields,
  };
}
