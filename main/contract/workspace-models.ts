// Typed models of the workspace API, in the API's own words.
//
// Choice (style.md, "Keep the API's own words at the client edge"): resources keep their JSON:API shape and
// their hyphenated attribute names (`execution-mode`, `hosted-state-download-url`), typed here once. Nothing
// re-maps them: views read `workspace.attributes['execution-mode']`, the same words as the spec and the server,
// so a field that appears in the spec can be found in the code by searching for it. Unknown attributes the
// service adds later survive untouched (schemas.ts uses loose objects).
import type { Resource } from './jsonapi';

export type ExecutionMode = 'remote' | 'local' | 'agent';
export type VariableCategory = 'engine' | 'env';
/** `uploaded` appears only in the spec's sample restore response; treat it as `finalized`. */
export type StateVersionStatus = 'pending' | 'finalized' | 'discarded' | 'uploaded' | 'backing_data_soft_deleted' | 'backing_data_permanently_deleted';

// ---- projects (workspace-api.md, Project) ------------------------------------------------------------------

export interface ProjectAttributes {
  name: string;
  description: string | null;
  /** Absent from the create response. */
  'workspace-count'?: number;
  'team-count'?: number;
  permissions: { 'can-update': boolean; 'can-destroy'?: boolean; 'can-create-workspace'?: boolean; [key: string]: unknown };
  'auto-destroy-activity-duration'?: string | null;
  [key: string]: unknown;
}
export type Project = Resource<ProjectAttributes, 'projects'>;

export interface ProjectInput {
  name?: string;
  description?: string | null;
  /** Digits (up to four, above 0) then `d` or `h`, e.g. `14d`. */
  'auto-destroy-activity-duration'?: string | null;
}

export interface ProjectListQuery {
  /** Case-insensitive name search; ignored by the server when `names` is given. */
  q?: string;
  names?: string[];
  /** Only projects where the caller may create workspaces. */
  canCreateWorkspace?: boolean;
  /** Only projects the caller may update. */
  canUpdate?: boolean;
  /** `name` or `-name`. */
  sort?: 'name' | '-name';
}

/** The project list's `meta.status-counts`. */
export interface ProjectStatusCounts {
  total: number;
  matching: number;
}

// ---- variables (workspace-api.md, Variable) ----------------------------------------------------------------

export interface VariableAttributes {
  key: string;
  /** Always null when `sensitive` is true: the value is write-only (enforced in variables.ts, not only trusted). */
  value: string | null;
  description: string | null;
  category: VariableCategory;
  hcl: boolean;
  sensitive: boolean;
  'version-id'?: string;
  [key: string]: unknown;
}
export type Variable = Resource<VariableAttributes, 'vars'>;

export interface VariableInput {
  key: string;
  value?: string;
  description?: string;
  category: VariableCategory;
  hcl?: boolean;
  sensitive?: boolean;
}

export type VariablePatch = Partial<VariableInput>;

// ---- state versions (workspace-api.md, State version) ------------------------------------------------------

/** A capability URL as it leaves the client: replaced by the redaction marker, or null when there is none. */
/** Capability URLs are replaced by `<redacted>` in main (design.md, invariant 2); null means none exists. */
export type RedactedUrl = '<redacted>' | null;

export interface StateVersionAttributes {
  'created-at': string;
  size: number;
  status: StateVersionStatus;
  intermediate: boolean;
  serial: number;
  'state-version'?: number;
  'engine-version'?: string;
  'resources-processed': boolean;
  modules?: Record<string, Record<string, number>>;
  providers?: Record<string, Record<string, number>>;
  resources?: { name: string; type: string; count: number; module: string; provider: string }[];
  'hosted-state-download-url'?: RedactedUrl;
  'hosted-json-state-download-url'?: RedactedUrl;
  'hosted-state-upload-url'?: RedactedUrl;
  'hosted-json-state-upload-url'?: RedactedUrl;
  'vcs-commit-sha'?: string | null;
  'vcs-commit-url'?: string | null;
  'billable-rum-count'?: number;
  'delete-older-than-n-days'?: number;
  [key: string]: unknown;
}
export type StateVersion = Resource<StateVersionAttributes, 'state-versions'>;

/** The capability URLs of one state version; main only (download, upload), never sent to the renderer. */
export interface StateVersionUrls {
  rawDownload: string | null;
  jsonDownload: string | null;
  rawUpload: string | null;
  jsonUpload: string | null;
}

export interface StateVersionInput {
  serial: number;
  /** MD5 (hex) of the raw state. */
  md5: string;
  lineage?: string;
  /** Raw state; sent Base64-encoded. When omitted, upload it with `uploadContent`. */
  state?: Uint8Array;
  /** Stable-format JSON state; sent Base64-encoded. */
  jsonState?: Uint8Array;
  /** The outputs object of the JSON state; sent Base64-encoded. */
  jsonStateOutputs?: Uint8Array;
  runId?: string;
}

export type StateVersionStatusFilter = 'pending' | 'finalized' | 'discarded';

// ---- workspaces (workspace-api.md, Workspace) --------------------------------------------------------------

export interface VcsRepo {
  branch?: string;
  identifier: string;
  'ingress-submodules'?: boolean;
  'oauth-token-id'?: string;
  'tags-regex'?: string | null;
  'display-identifier'?: string;
  'repository-http-url'?: string;
  'service-provider'?: string;
  'webhook-url'?: string;
  [key: string]: unknown;
}

export type WorkspacePermissions = Record<string, boolean>;

export interface WorkspaceAttributes {
  name: string;
  description: string | null;
  'allow-destroy-plan'?: boolean;
  'assessments-enabled'?: boolean;
  'auto-apply'?: boolean;
  'auto-apply-run-trigger'?: boolean;
  'auto-destroy-at'?: string | null;
  'auto-destroy-activity-duration'?: string | null;
  'auto-destroy-status'?: string | null;
  'inherits-project-auto-destroy'?: boolean | null;
  'execution-mode': ExecutionMode;
  operations?: boolean;
  'file-triggers-enabled'?: boolean;
  'trigger-patterns'?: string[];
  'trigger-prefixes'?: string[];
  'global-remote-state'?: boolean;
  'queue-all-runs'?: boolean;
  'speculative-enabled'?: boolean;
  'engine-version'?: string;
  'working-directory'?: string | null;
  source?: string;
  'source-name'?: string | null;
  'source-url'?: string | null;
  'vcs-repo'?: VcsRepo | null;
  'vcs-repo-identifier'?: string | null;
  'setting-overwrites'?: { 'execution-mode'?: boolean; 'agent-pool'?: boolean; [key: string]: unknown };
  actions?: { 'is-destroyable'?: boolean; [key: string]: unknown };
  permissions: WorkspacePermissions;
  locked: boolean;
  'locked-reason'?: string | null;
  environment?: string;
  'oauth-client-name'?: string | null;
  'created-at': string;
  'updated-at'?: string;
  'latest-change-at'?: string;
  'last-assessment-result-at'?: string | null;
  'apply-duration-average'?: number | null;
  'plan-duration-average'?: number | null;
  'policy-check-failures'?: number | null;
  'run-failures'?: number | null;
  'workspace-kpis-runs-count'?: number | null;
  'resource-count'?: number | null;
  'structured-run-output-enabled'?: boolean;
  'tag-names'?: string[];
  [key: string]: unknown;
}
export type Workspace = Resource<WorkspaceAttributes, 'workspaces'>;

/** Writable workspace settings for create and update (workspace-api.md, Create workspace body). */
export interface WorkspaceInput {
  name?: string;
  description?: string | null;
  'agent-pool-id'?: string;
  'allow-destroy-plan'?: boolean;
  'assessments-enabled'?: boolean;
  'auto-apply'?: boolean;
  'auto-apply-run-trigger'?: boolean;
  'auto-destroy-at'?: string | null;
  'auto-destroy-activity-duration'?: string | null;
  'execution-mode'?: ExecutionMode;
  'file-triggers-enabled'?: boolean;
  'global-remote-state'?: boolean;
  operations?: boolean;
  'queue-all-runs'?: boolean;
  'speculative-enabled'?: boolean;
  'engine-version'?: string;
  'working-directory'?: string | null;
  'source-name'?: string;
  'source-url'?: string;
  'trigger-patterns'?: string[];
  'trigger-prefixes'?: string[];
  'vcs-repo'?: { identifier: string; 'oauth-token-id': string; branch?: string; 'ingress-submodules'?: boolean; 'tags-regex'?: string | null } | null;
  'setting-overwrites'?: { 'execution-mode'?: boolean; 'agent-pool'?: boolean };
}

export interface WorkspaceCreateInput extends WorkspaceInput {
  name: string;
  /** Default: the organization's default project. */
  projectId?: string;
  tagBindings?: { key: string; value: string }[];
}

export type WorkspaceInclude = 'current_state_version' | 'project' | 'locked_by' | 'organization';

export interface WorkspaceListQuery {
  /** Fuzzy name search; with `*` a wildcard. */
  searchName?: string;
  projectId?: string;
  /** Flat tags the workspace must all carry (`search[tags]`). */
  tags?: string[];
  /** Flat tags the workspace must not carry (`search[exclude-tags]`). */
  excludeTags?: string[];
  /** Key/value tag bindings, value optional (`filter[tagged][i][key|value]`). */
  tagged?: { key: string; value?: string }[];
  /** `name`, `current-run.created-at`, `latest-change-at`; prefix `-` reverses; comma-separated allowed. */
  sort?: string;
  include?: WorkspaceInclude[];
}

// ---- workspace relationships ------------------------------------------------------------------------------

export interface TagAttributes {
  name: string;
  [key: string]: unknown;
}
export type Tag = Resource<TagAttributes, 'tags'>;

export interface TagBindingAttributes {
  key: string;
  value: string;
  [key: string]: unknown;
}
export type TagBinding = Resource<TagBindingAttributes, 'tag-bindings'>;
/** `links['inherited-from']` names the project a binding comes from, when inherited. */
export type EffectiveTagBinding = Resource<TagBindingAttributes, 'effective-tag-bindings'>;

export type DataRetentionPolicyType = 'data-retention-policy-delete-olders' | 'data-retention-policy-dont-deletes';
export type DataRetentionPolicy = Resource<{ 'delete-older-than-n-days'?: number | null; [key: string]: unknown }, DataRetentionPolicyType>;

/** Set either a delete-older-than policy (`deleteOlderThanNDays`) or a never-delete policy. */
export type DataRetentionPolicyInput = { kind: 'delete-older'; deleteOlderThanNDays: number } | { kind: 'dont-delete' };
