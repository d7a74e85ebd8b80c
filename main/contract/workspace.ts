// Workspace-service methods: projects, workspaces (windowed list of up to 10k+), variables, state versions, locks.
// Documents keep the API's hyphenated attribute names (workspace-models.ts); list rows are mapped once in main.
import type { Fetched, ListQuery, ListWindow } from './lists';
import type {
  DataRetentionPolicy,
  EffectiveTagBinding,
  ExecutionMode,
  Project,
  ProjectStatusCounts,
  StateVersion,
  StateVersionStatusFilter,
  Tag,
  TagBinding,
  Variable,
  VariableCategory,
  Workspace,
  WorkspaceInput,
} from './workspace-models';
import type { PaginationMeta } from './jsonapi';

export interface WorkspaceRow {
  id: string;
  name: string;
  projectId: string | null;
  projectName: string | null;
  locked: boolean;
  lockedBy: string | null;
  executionMode: ExecutionMode | string;
  engineVersion: string;
  resourceCount: number | null;
  tagNames: string[];
  vcsRepo: string | null;
  updatedAt: string;
  latestChangeAt: string | null;
}

export type WorkspaceSortKey = 'name' | 'projectName' | 'locked' | 'resourceCount' | 'updatedAt' | 'latestChangeAt' | 'engineVersion';

export interface WorkspaceDetail {
  workspace: Workspace;
  project: Project | null;
  currentStateVersion: StateVersion | null;
  /** Who holds the lock, when the service names them. */
  lockedBy: { id: string; type: string; username?: string } | null;
}

export interface ProjectInputFields {
  name: string;
  description?: string | null;
  autoDestroyActivityDuration?: string | null;
}

/** One row of a bulk operation and what became of it. */
export interface BulkRowResult {
  id: string;
  ok: boolean;
  message?: string;
}

export interface VariableFields {
  key: string;
  value?: string;
  description?: string;
  category: VariableCategory;
  hcl?: boolean;
  sensitive?: boolean;
}

export interface StateVersionPage {
  items: StateVersion[];
  pagination: PaginationMeta;
}

export interface StateResourceChange {
  address: string;
  type: string;
  module: string | null;
  change: 'added' | 'removed' | 'changed';
  /** Attribute names whose values differ (values are never sent: state contents are secret). */
  changedAttributes?: string[];
}

export interface StateVersionDiff {
  from: { id: string; serial: number };
  to: { id: string; serial: number };
  resources: StateResourceChange[];
  outputs: { name: string; change: 'added' | 'removed' | 'changed'; sensitive: boolean }[];
}

/** One output of a state version. `value` is absent when the output is sensitive: it never leaves main. */
export interface StateVersionOutput {
  name: string;
  /** The output's type as the engine records it (`"string"`, `["list","string"]`), as compact JSON. */
  type: string | null;
  sensitive: boolean;
  value?: unknown;
}

export type StateUploadSource = { kind: 'path'; path: string } | { kind: 'content'; fileName: string; base64: string };

type Conn = { connectionId: string };
type Ws = Conn & { workspaceId: string };

export interface WorkspaceMethods {
  'projects.list': { params: Conn & { q?: string; names?: string[]; canCreateWorkspace?: boolean; canUpdate?: boolean; sort?: 'name' | '-name' }; result: Fetched<{ items: Project[]; statusCounts: ProjectStatusCounts | null }> };
  'projects.read': { params: Conn & { projectId: string }; result: Fetched<Project> };
  'projects.create': { params: Conn & ProjectInputFields; result: Project };
  'projects.update': { params: Conn & { projectId: string } & Partial<ProjectInputFields>; result: Project };
  'projects.delete': { params: Conn & { projectId: string }; result: void };
  /** All-or-nothing: on refusal no workspace moves, and the error names each workspace concerned. */
  'projects.moveWorkspaces': { params: Conn & { projectId: string; workspaceIds: string[] }; result: void };

  'workspaces.query': { params: ListQuery<WorkspaceSortKey>; result: ListWindow<WorkspaceRow> };
  'workspaces.read': { params: Ws; result: Fetched<WorkspaceDetail> };
  'workspaces.create': { params: Conn & { attributes: WorkspaceInput & { name: string }; projectId?: string; tagBindings?: { key: string; value: string }[] }; result: Workspace };
  'workspaces.update': { params: Ws & { attributes: WorkspaceInput }; result: Workspace };
  /** Refused with a 409 while the workspace manages resources; the error explains it. */
  'workspaces.safeDelete': { params: Ws; result: void };
  /** `confirm` must repeat the workspace name (design.md, invariant 4). */
  'workspaces.forceDelete': { params: Ws & { confirm: string }; result: void };
  'workspaces.lock': { params: Ws & { reason?: string }; result: Workspace };
  /** Retries on 503 (with backoff) while the latest state version finalizes; if it gives up, the error says so. */
  'workspaces.unlock': { params: Ws; result: Workspace };
  /** `confirm` must repeat the workspace name. */
  'workspaces.forceUnlock': { params: Ws & { confirm: string }; result: Workspace };
  'workspaces.bulkLock': { params: Conn & { workspaceIds: string[]; reason?: string }; result: BulkRowResult[] };
  'workspaces.bulkUnlock': { params: Conn & { workspaceIds: string[] }; result: BulkRowResult[] };
  'workspaces.tags': { params: Ws; result: Fetched<Tag[]> };
  'workspaces.addTags': { params: Ws & { names: string[] }; result: void };
  'workspaces.removeTags': { params: Ws & { names: string[] }; result: void };
  'workspaces.tagBindings': { params: Ws; result: Fetched<{ bindings: TagBinding[]; effective: EffectiveTagBinding[] }> };
  'workspaces.remoteStateConsumers': { params: Ws; result: Fetched<Workspace[]> };
  'workspaces.addRemoteStateConsumers': { params: Ws & { consumerIds: string[] }; result: void };
  'workspaces.replaceRemoteStateConsumers': { params: Ws & { consumerIds: string[] }; result: void };
  'workspaces.removeRemoteStateConsumers': { params: Ws & { consumerIds: string[] }; result: void };
  'workspaces.setSshKey': { params: Ws & { sshKeyId: string | null }; result: Workspace };
  'workspaces.retentionPolicy': { params: Ws; result: Fetched<DataRetentionPolicy | null> };
  'workspaces.setRetentionPolicy': { params: Ws & ({ kind: 'delete-older'; deleteOlderThanNDays: number } | { kind: 'dont-delete' }); result: DataRetentionPolicy };
  'workspaces.removeRetentionPolicy': { params: Ws; result: void };

  'variables.list': { params: Ws; result: Fetched<Variable[]> };
  'variables.create': { params: Ws & VariableFields; result: Variable };
  'variables.update': { params: Ws & { variableId: string } & Partial<VariableFields>; result: Variable };
  'variables.delete': { params: Ws & { variableId: string }; result: void };
  /** Applies `KEY=value` rows; each row says whether it was created, updated or failed, and why. */
  'variables.bulkApply': { params: Ws & { rows: VariableFields[] }; result: Array<{ key: string; ok: boolean; action?: 'created' | 'updated'; message?: string }> };

  'stateVersions.list': { params: Ws & { status?: StateVersionStatusFilter; page?: number; pageSize?: number }; result: Fetched<StateVersionPage> };
  'stateVersions.read': { params: Conn & { stateVersionId: string }; result: Fetched<StateVersion> };
  'stateVersions.current': { params: Ws; result: Fetched<StateVersion | null> };
  /** Outputs read in main from the version's state; sensitive values are withheld. */
  'stateVersions.outputs': { params: Conn & { stateVersionId: string }; result: StateVersionOutput[] };
  /** Structural diff of any two versions, computed in main from their JSON state. */
  'stateVersions.diff': { params: Conn & { fromId: string; toId: string }; result: StateVersionDiff };
  /** Main downloads to a file it asks for (desktop) or to the downloads folder (browser mode); returns the path. */
  'stateVersions.download': { params: Conn & { stateVersionId: string; format: 'raw' | 'json'; transferId: string }; result: { path: string; bytes: number } };
  /** Reads serial, lineage and md5 from the file, locks if needed, creates, uploads, waits for finalized, unlocks. */
  'stateVersions.upload': { params: Ws & { source: StateUploadSource; transferId: string }; result: StateVersion };
  /** `confirm` must repeat the workspace name; locks first when needed. */
  'stateVersions.rollback': { params: Ws & { stateVersionId: string; confirm: string }; result: StateVersion };
  'stateVersions.softDelete': { params: Conn & { stateVersionId: string; deleteOlderThanNDays?: number }; result: StateVersion };
  'stateVersions.restore': { params: Conn & { stateVersionId: string }; result: StateVersion };
  /** `confirm` must repeat the state version id. */
  'stateVersions.permanentlyDelete': { params: Conn & { stateVersionId: string; confirm: string }; result: StateVersion };
}

/** Progress of a download or upload, pushed on the `transfers` stream. */
export interface TransferProgress {
  transferId: string;
  phase: 'locking' | 'creating' | 'uploading' | 'downloading' | 'finalizing' | 'unlocking' | 'done' | 'failed';
  bytes: number;
  total: number | null;
  message?: string;
}
