// The records the workspace simulator keeps in memory; documents are rendered from them on each request.

export type ExecutionMode = 'remote' | 'local' | 'agent';
export type VariableCategory = 'engine' | 'env';
export type StateVersionStatus = 'pending' | 'finalized' | 'discarded' | 'backing_data_soft_deleted' | 'backing_data_permanently_deleted';

/** What a token may do; derived once per principal so every permission flag agrees with the checks. */
export type Role = 'owner' | 'organization' | 'writer' | 'reader';

export interface Principal {
  token: string;
  kind: 'user' | 'organization' | 'team';
  role: Role;
  /** The user (or the service user behind an organization or team token) recorded as `locked-by` and `created-by`. */
  userId: string;
  /** Project ids whose workspaces this principal may see; null means every project. */
  projectAccess: Set<string> | null;
}

export interface User {
  id: string;
  username: string;
  serviceAccount: boolean;
}

export interface TagBinding {
  id: string;
  key: string;
  value: string;
  createdAt: number;
}

export interface Project {
  id: string;
  name: string;
  description: string | null;
  autoDestroyActivityDuration: string | null;
  isDefault: boolean;
  teamCount: number;
  tagBindings: TagBinding[];
  createdAt: number;
}

export interface VcsRepo {
  branch: string;
  identifier: string;
  ingressSubmodules: boolean;
  oauthTokenId: string;
  tagsRegex: string | null;
}

export interface DataRetentionPolicy {
  id: string;
  type: 'data-retention-policy-delete-olders' | 'data-retention-policy-dont-deletes';
  deleteOlderThanNDays: number | null;
}

export interface Workspace {
  id: string;
  name: string;
  projectId: string;
  description: string | null;
  allowDestroyPlan: boolean;
  assessmentsEnabled: boolean;
  autoApply: boolean;
  autoApplyRunTrigger: boolean;
  autoDestroyAt: string | null;
  /** null = inherit the project's value (then `inherits-project-auto-destroy` is true). */
  autoDestroyActivityDuration: string | null;
  autoDestroyOverridden: boolean;
  executionMode: ExecutionMode;
  agentPoolId: string | null;
  settingOverwrites: { 'execution-mode': boolean; 'agent-pool': boolean };
  fileTriggersEnabled: boolean;
  triggerPatterns: string[];
  triggerPrefixes: string[];
  globalRemoteState: boolean;
  queueAllRuns: boolean;
  speculativeEnabled: boolean;
  engineVersion: string;
  workingDirectory: string | null;
  source: string;
  sourceName: string | null;
  sourceUrl: string | null;
  vcsRepo: VcsRepo | null;
  structuredRunOutputEnabled: boolean;
  locked: boolean;
  lockedReason: string | null;
  lockedBy: string | null;
  createdAt: number;
  updatedAt: number;
  latestChangeAt: number;
  /** A run that exists only as an id and a time, so `current-run` and its sort have something to point at. */
  currentRun: { id: string; createdAt: number } | null;
  currentConfigurationVersionId: string | null;
  applyDurationAverage: number | null;
  planDurationAverage: number | null;
  policyCheckFailures: number | null;
  runFailures: number | null;
  runsCount: number | null;
  tagNames: string[];
  tagBindings: TagBinding[];
  remoteStateConsumers: Set<string>;
  sshKeyId: string | null;
  dataRetentionPolicy: DataRetentionPolicy | null;
  currentStateVersionId: string | null;
  /** State versions of this workspace, oldest first. */
  stateVersionIds: string[];
  /** Variables are generated on first access at large scale; null until then. */
  variableIds: string[] | null;
  /** Index used to derive this workspace's lazily generated content from the seed. */
  seedIndex: number;
}

export interface Variable {
  id: string;
  workspaceId: string;
  key: string;
  value: string;
  description: string;
  category: VariableCategory;
  hcl: boolean;
  sensitive: boolean;
  versionId: string;
  createdAt: number;
}

export interface StateContent {
  raw: Buffer;
  json: Buffer | null;
}

export interface StateVersion {
  id: string;
  workspaceId: string;
  serial: number;
  lineage: string;
  createdAt: number;
  status: StateVersionStatus;
  intermediate: boolean;
  createdBy: string;
  runId: string | null;
  /** MD5 the creator declared; the uploaded bytes must hash to it. */
  md5: string;
  /** Filled at creation or upload; generated versions fill it on first read (see store.content). */
  content: StateContent | null;
  /** How a generated version's content is rebuilt deterministically on demand; null for uploaded content. */
  generator: { seed: number; resourceBlocks: number } | null;
  resourcesProcessed: boolean;
  /** Output values given with `json-state-outputs`, which populate before processing. */
  earlyOutputs: Record<string, unknown> | null;
  uploadUrls: { raw: string | null; json: string | null };
  /** JSON state uploaded before the raw state arrived; joins `content` on finalization. */
  pendingJson: Buffer | null;
  rollbackOf: string | null;
  deleteOlderThanNDays: number | null;
  vcsCommitSha: string | null;
}

export interface ObjectRef {
  stateVersionId: string;
  kind: 'raw' | 'json';
  /** `used` marks a one-shot upload URL that has been consumed (workspace-api.md, Limits: once per URL). */
  mode: 'upload' | 'download' | 'used';
}
