// Typed models of the cluster API, in the API's own words (cluster-api.md, Resources and their fields).
// Only the fields the console relies on are named; every object keeps the server's other fields as they came.

/** Unknown fields survive decoding (schemas are loose), so every model stays open. */
interface Open {
  [field: string]: unknown;
}

export interface Constraint extends Open {
  LTarget: string;
  RTarget: string;
  Operand: string;
}

export interface Task extends Open {
  Name: string;
  Driver: string;
  Config?: Record<string, unknown>;
  Env?: Record<string, string> | null;
  Leader?: boolean;
  Resources?: Resources;
}

export interface TaskGroup extends Open {
  Name: string;
  Count: number;
  Tasks: Task[];
  Meta?: Record<string, string> | null;
}

export interface Job extends Open {
  ID: string;
  Name: string;
  ParentID?: string;
  Region?: string;
  Namespace: string;
  Type: string;
  Priority: number;
  Status: string;
  StatusDescription?: string;
  AllAtOnce?: boolean;
  Stable?: boolean;
  Stop?: boolean;
  Dispatched?: boolean;
  Datacenters?: string[];
  Constraints?: Constraint[] | null;
  TaskGroups: TaskGroup[];
  Periodic?: { Enabled: boolean; Spec: string; SpecType: string; ProhibitOverlap: boolean } | null;
  ParameterizedJob?: { Payload: string; MetaRequired: string[] | null; MetaOptional: string[] | null } | null;
  Payload?: string | null;
  Meta?: Record<string, string> | null;
  /** Redacted by the client before it leaves main (design.md, invariant 2). */
  SecretsToken?: string;
  MeshToken?: string;
  Version: number;
  SubmitTime?: number | null;
  CreateIndex: number;
  ModifyIndex: number;
  JobModifyIndex: number;
}

export interface TaskGroupSummary {
  Queued: number;
  Complete: number;
  Failed: number;
  Running: number;
  Starting: number;
  Lost: number;
}

export interface JobSummary extends Open {
  JobID: string;
  Namespace: string;
  Summary: Record<string, TaskGroupSummary>;
  Children: { Pending: number; Running: number; Dead: number } | null;
  CreateIndex: number;
  ModifyIndex: number;
}

export interface JobListStub extends Open {
  ID: string;
  ParentID: string;
  Name: string;
  Namespace?: string;
  Type: string;
  Priority: number;
  Status: string;
  StatusDescription: string;
  JobSummary: JobSummary | null;
  CreateIndex: number;
  ModifyIndex: number;
  JobModifyIndex: number;
}

/** One changed field of a diff; `Old`/`New` hold values as strings. */
export interface FieldDiff extends Open {
  Type: string;
  Name: string;
  Old: string;
  New: string;
  Annotations?: string[] | null;
}

export interface ObjectDiff extends Open {
  Type: string;
  Name: string;
  Fields: FieldDiff[] | null;
  Objects: ObjectDiff[] | null;
}

export interface TaskDiff extends ObjectDiff {
  Annotations?: string[] | null;
}

export interface TaskGroupDiff extends ObjectDiff {
  Tasks: TaskDiff[] | null;
  Updates?: Record<string, number> | null;
}

export interface JobDiff extends Open {
  Type: string;
  ID: string;
  Fields: FieldDiff[] | null;
  Objects: ObjectDiff[] | null;
  TaskGroups: TaskGroupDiff[] | null;
}

/** Both shapes of GET /v1/job/:id/versions normalised (cluster-api.md, Versioning): older servers send no diffs. */
export interface JobVersions {
  Versions: Job[];
  Diffs: JobDiff[] | null;
}

export interface Resources extends Open {
  CPU?: number;
  MemoryMB?: number;
  DiskMB?: number;
}

export interface TaskEvent extends Open {
  Type: string;
  /** Unix nanoseconds. */
  Time: number;
  DisplayMessage?: string;
  ExitCode?: number;
  Signal?: number;
}

export interface TaskState extends Open {
  State: 'pending' | 'running' | 'dead' | string;
  Failed: boolean;
  Restarts: number;
  StartedAt?: string | null;
  FinishedAt?: string | null;
  LastRestart?: string | null;
  Events: TaskEvent[] | null;
}

export interface AllocListStub extends Open {
  ID: string;
  EvalID: string;
  Name: string;
  Namespace: string;
  NodeID: string;
  NodeName?: string;
  JobID: string;
  JobVersion?: number;
  TaskGroup: string;
  DesiredStatus: string;
  DesiredDescription: string;
  ClientStatus: string;
  ClientDescription: string;
  DeploymentStatus?: { Healthy: boolean | null; ModifyIndex: number } | null;
  TaskStates: Record<string, TaskState> | null;
  FollowupEvalID?: string;
  PreviousAllocation?: string;
  NextAllocation?: string;
  CreateIndex: number;
  ModifyIndex: number;
  /** Unix nanoseconds. */
  CreateTime: number;
  ModifyTime: number;
}

export interface Allocation extends AllocListStub {
  Job?: Job | null;
  DeploymentID?: string;
  Resources?: Resources | null;
  TaskResources?: Record<string, Resources> | null;
  Metrics?: Record<string, unknown> | null;
  RescheduleTracker?: { Events: { PrevAllocID: string; PrevNodeID: string; RescheduleTime: number; Delay: number }[] | null } | null;
  AllocModifyIndex: number;
}

export interface DriverInfo extends Open {
  Detected: boolean;
  Healthy: boolean;
  HealthDescription: string;
}

export interface NodeListStub extends Open {
  ID: string;
  Name: string;
  Address: string;
  Datacenter: string;
  NodeClass: string;
  Version: string;
  Drain: boolean;
  SchedulingEligibility: 'eligible' | 'ineligible' | string;
  Status: string;
  StatusDescription: string;
  Drivers?: Record<string, DriverInfo> | null;
  CreateIndex: number;
  ModifyIndex: number;
}

/** Drain settings as sent: nanoseconds until force-stop; -1 forces at once. */
export interface DrainSpec {
  Deadline: number;
  IgnoreSystemJobs: boolean;
}

/** The active drain. The spec is flattened in (Go embedding) or, from some servers, nested as `DrainSpec`. */
export interface DrainStrategy extends Open, Partial<DrainSpec> {
  DrainSpec?: DrainSpec;
  ForceDeadline?: string;
  StartedAt?: string;
}

export interface NodeEvent extends Open {
  Message: string;
  Subsystem: string;
  Details: Record<string, string> | null;
  Timestamp: string;
  CreateIndex: number;
}

export interface Node extends Open {
  ID: string;
  Name: string;
  Datacenter: string;
  NodeClass: string;
  HTTPAddr: string;
  TLSEnabled: boolean;
  Status: string;
  StatusDescription: string;
  StatusUpdatedAt: number;
  SchedulingEligibility: 'eligible' | 'ineligible' | string;
  Drain: boolean;
  DrainStrategy: DrainStrategy | null;
  /** Always `<redacted>` once it has passed the client (design.md, invariant 2). */
  SecretID?: string;
  Attributes: Record<string, string> | null;
  Meta: Record<string, string> | null;
  Drivers: Record<string, DriverInfo> | null;
  Events: NodeEvent[] | null;
  CreateIndex: number;
  ModifyIndex: number;
}

export interface Evaluation extends Open {
  ID: string;
  Priority: number;
  Type: string;
  TriggeredBy: string;
  JobID: string;
  Namespace?: string;
  NodeID?: string;
  Status: string;
  StatusDescription?: string;
  FailedTGAllocs?: Record<string, unknown> | null;
  QueuedAllocations?: Record<string, number> | null;
  CreateIndex: number;
  ModifyIndex: number;
}

export interface DeploymentState extends Open {
  AutoRevert: boolean;
  Promoted: boolean;
  PlacedCanaries: string[] | null;
  DesiredCanaries: number;
  DesiredTotal: number;
  PlacedAllocs: number;
  HealthyAllocs: number;
  UnhealthyAllocs: number;
}

export interface Deployment extends Open {
  ID: string;
  Namespace?: string;
  JobID: string;
  JobVersion: number;
  JobModifyIndex: number;
  JobCreateIndex: number;
  TaskGroups: Record<string, DeploymentState> | null;
  Status: string;
  StatusDescription: string;
  CreateIndex: number;
  ModifyIndex: number;
}

export interface TaskGroupScaleStatus extends Open {
  Desired: number;
  Placed: number;
  Running: number;
  Healthy: number;
  Unhealthy: number;
  Events: unknown[] | null;
}

export interface JobScaleStatus extends Open {
  JobID: string;
  Namespace: string;
  JobCreateIndex: number;
  JobModifyIndex: number;
  JobStopped: boolean;
  TaskGroups: Record<string, TaskGroupScaleStatus> | null;
}

export interface DesiredUpdates {
  Ignore: number;
  Place: number;
  Migrate: number;
  Stop: number;
  InPlaceUpdate: number;
  DestructiveUpdate: number;
  Canary?: number;
  Preemptions?: number;
}

export interface PlanResult extends Open {
  Index: number;
  JobModifyIndex: number;
  Diff: JobDiff | null;
  Annotations: { DesiredTGUpdates: Record<string, DesiredUpdates> | null } | null;
  FailedTGAllocs: Record<string, unknown> | null;
  CreatedEvals: Evaluation[] | null;
  Warnings: string;
  NextPeriodicLaunch?: string;
}

export type * from './cluster-responses';
