// Record types of the simulated cluster state. Field names keep the API's own PascalCase words
// (cluster-api.md, Resources and their fields) so views serialise them without renaming.

export type Json = Record<string, unknown>;

export interface Task extends Json {
  Name: string;
  Driver: string;
  Config: Json | null;
  Resources: { CPU: number; MemoryMB: number; [k: string]: unknown } | null;
}

export interface TaskGroup extends Json {
  Name: string;
  Count: number;
  Tasks: Task[];
  RestartPolicy: { Attempts: number; Interval: number; Delay: number; Mode: string } | null;
  ReschedulePolicy: { Attempts: number; Interval: number; Delay: number; DelayFunction: string; MaxDelay: number; Unlimited: boolean } | null;
}

export interface Job extends Json {
  ID: string;
  Name: string;
  Namespace: string;
  Region: string;
  Type: string;
  Priority: number;
  Status: string;
  StatusDescription: string;
  Stop: boolean;
  Stable: boolean;
  Datacenters: string[];
  TaskGroups: TaskGroup[];
  Meta: Record<string, string> | null;
  Periodic: { Enabled: boolean; Spec: string; SpecType: string; ProhibitOverlap: boolean; TimeZone: string } | null;
  ParameterizedJob: { Payload: string; MetaRequired: string[] | null; MetaOptional: string[] | null } | null;
  ParentID: string;
  Dispatched: boolean;
  Payload: string | null;
  Version: number;
  SubmitTime: number | null;
  CreateIndex: number;
  ModifyIndex: number;
  JobModifyIndex: number;
}

export interface ScalingEvent {
  Count: number | null;
  PreviousCount: number;
  Error: boolean;
  Message: string;
  Meta: Json | null;
  EvalID: string | null;
  Time: number;
  CreateIndex: number;
}

export interface JobRecord {
  key: string;
  job: Job;
  /** Newest first; Nomad keeps the last 6 versions (structs.JobTrackedVersions). */
  versions: Job[];
  summaryCreateIndex: number;
  summaryModifyIndex: number;
  /** Dispatch idempotency tokens mapped to the child job they created. */
  dispatchTokens: Map<string, string>;
  scalingEvents: Map<string, ScalingEvent[]>;
  children: Set<string>;
}

export interface TaskEvent extends Json {
  Type: string;
  Time: number;
  Message: string;
  DisplayMessage: string;
  Details: Record<string, string>;
}

export interface TaskState {
  State: 'pending' | 'running' | 'dead';
  Failed: boolean;
  Restarts: number;
  LastRestart: string;
  StartedAt: string;
  FinishedAt: string;
  Events: TaskEvent[];
  TaskHandle: null;
}

export interface RescheduleEvent {
  RescheduleTime: number;
  PrevAllocID: string;
  PrevNodeID: string;
  Delay: number;
}

export interface AllocRecord {
  ID: string;
  EvalID: string;
  Name: string;
  Namespace: string;
  NodeID: string;
  JobID: string;
  jobKey: string;
  JobVersion: number;
  /** CreateIndex of the job registration the allocation belongs to (for `all=true` on job allocations). */
  jobCreateIndex: number;
  TaskGroup: string;
  DeploymentID: string;
  DesiredStatus: 'run' | 'stop' | 'evict';
  DesiredDescription: string;
  ClientStatus: 'pending' | 'running' | 'complete' | 'failed' | 'lost';
  ClientDescription: string;
  DesiredTransition: { Migrate: boolean | null; Reschedule: boolean | null; ForceReschedule: boolean | null };
  DeploymentStatus: { Healthy: boolean | null; Timestamp: string; Canary: boolean; ModifyIndex: number } | null;
  FollowupEvalID: string;
  PreviousAllocation: string;
  NextAllocation: string;
  RescheduleTracker: { Events: RescheduleEvent[] } | null;
  /** null until the dynamics first touch the allocation; views synthesise a deterministic history meanwhile. */
  TaskStates: Record<string, TaskState> | null;
  CreateIndex: number;
  ModifyIndex: number;
  AllocModifyIndex: number;
  CreateTime: number;
  ModifyTime: number;
  /** Simulated ms at which the next dynamic step for this allocation is due (0 = nothing scheduled). */
  dueAt: number;
  /** The dynamic step due at `dueAt` (see dynamics.ts). */
  phase: string;
  /** Task name -> restarts counted inside the current RestartPolicy interval. */
  restartWindow?: Record<string, number>;
  /** Delay (ns) chosen when the reschedule was planned; recorded in the replacement's RescheduleTracker. */
  rescheduleDelay?: number;
}

export interface NodeEvent {
  Message: string;
  Subsystem: string;
  Details: Record<string, string> | null;
  Timestamp: string;
  CreateIndex: number;
}

export interface NodeRecord {
  ID: string;
  SecretID: string;
  Name: string;
  Datacenter: string;
  NodeClass: string;
  Address: string;
  Status: 'ready' | 'initializing' | 'down' | 'disconnected';
  StatusDescription: string;
  StatusUpdatedAt: number;
  SchedulingEligibility: 'eligible' | 'ineligible';
  Drain: boolean;
  // Nomad embeds DrainSpec in DrainStrategy, so its fields appear flat in JSON.
  DrainStrategy: { Deadline: number; IgnoreSystemJobs: boolean; ForceDeadline: string; StartedAt: string } | null;
  LastDrain: { Status: string; StartedAt: string; UpdatedAt: string; AccessorID: string; Meta: Json | null } | null;
  Events: NodeEvent[];
  /** Index into the node templates (shared attributes, drivers and resources). */
  template: number;
  /** Driver health overrides by name, set by the dynamics when a driver flaps. */
  driverHealth: Record<string, boolean>;
  CreateIndex: number;
  ModifyIndex: number;
  /** Simulated ms of the drain's force deadline (0 = none). */
  drainDeadlineAt: number;
}

export interface Evaluation extends Json {
  ID: string;
  Namespace: string;
  JobID: string;
  Status: string;
  TriggeredBy: string;
  CreateIndex: number;
  ModifyIndex: number;
}

export interface Deployment extends Json {
  ID: string;
  Namespace: string;
  JobID: string;
  JobVersion: number;
  Status: string;
  StatusDescription: string;
  TaskGroups: Record<string, DeploymentGroup>;
  CreateIndex: number;
  ModifyIndex: number;
}

export interface DeploymentGroup {
  AutoRevert: boolean;
  AutoPromote: boolean;
  ProgressDeadline: number;
  RequireProgressBy: string;
  Promoted: boolean;
  PlacedCanaries: string[] | null;
  DesiredCanaries: number;
  DesiredTotal: number;
  PlacedAllocs: number;
  HealthyAllocs: number;
  UnhealthyAllocs: number;
}

export const jobKey = (namespace: string, id: string): string => `${namespace}\u0000${id}`;

export const TERMINAL_CLIENT = new Set(['complete', 'failed', 'lost']);

export function isTerminal(alloc: AllocRecord): boolean {
  return alloc.DesiredStatus !== 'run' || TERMINAL_CLIENT.has(alloc.ClientStatus);
}

export function newJobRecord(job: Job): JobRecord {
  return {
    key: jobKey(job.Namespace, job.ID),
    job,
    versions: [job],
    summaryCreateIndex: job.CreateIndex,
    summaryModifyIndex: job.ModifyIndex,
    dispatchTokens: new Map(),
    scalingEvents: new Map(),
    children: new Set(),
  };
}
