// Cluster methods: windowed lists of jobs, allocations and nodes; detail reads; every action of cluster-api.md.
// Payloads keep the API's own words (cluster-models.ts); list rows are the one mapping, done in main.
import type {
  AllocStopResponse,
  Allocation,
  Deployment,
  Evaluation,
  Job,
  JobDispatchResponse,
  JobEvalResponse,
  JobRegisterResponse,
  JobScaleStatus,
  JobStabilityResponse,
  JobSummary,
  JobVersions,
  Node,
  NodeEvalResponse,
  PeriodicForceResponse,
  PlanResult,
} from './cluster-models';
import type { Fetched, ListQuery, ListWindow } from './lists';

export interface TaskGroupCounts {
  name: string;
  queued: number;
  starting: number;
  running: number;
  complete: number;
  failed: number;
  lost: number;
}

export interface JobRow {
  ID: string;
  Name: string;
  Namespace: string;
  Type: string;
  Status: string;
  StatusDescription: string;
  Priority: number;
  ParentID: string;
  Periodic: boolean;
  Parameterized: boolean;
  Stop: boolean;
  Datacenters: string[];
  SubmitTime: number | null;
  ModifyIndex: number;
  groups: TaskGroupCounts[];
}

export interface AllocRow {
  ID: string;
  Name: string;
  Namespace: string;
  JobID: string;
  TaskGroup: string;
  NodeID: string;
  NodeName: string;
  ClientStatus: string;
  DesiredStatus: string;
  DeploymentID: string;
  EvalID: string;
  CreateTime: number;
  ModifyTime: number;
  ModifyIndex: number;
}

export interface NodeRow {
  ID: string;
  Name: string;
  Datacenter: string;
  NodeClass: string;
  Address: string;
  Status: string;
  SchedulingEligibility: string;
  Drain: boolean;
  Version: string;
  /** Allocations on the node by client status, from the allocation dataset when it is loaded. */
  allocCounts: { running: number; total: number } | null;
  ModifyIndex: number;
}

export type JobSortKey = 'Name' | 'Type' | 'Status' | 'Priority' | 'Namespace' | 'SubmitTime' | 'ModifyIndex';
export type AllocSortKey = 'Name' | 'JobID' | 'ClientStatus' | 'NodeName' | 'CreateTime' | 'ModifyTime' | 'Namespace';
export type NodeSortKey = 'Name' | 'Datacenter' | 'Status' | 'SchedulingEligibility' | 'Version' | 'NodeClass' | 'allocations';

/** Jobs add a server-side filter expression (cluster-api.md, GET /v1/jobs `filter`). */
export type JobListQuery = ListQuery<JobSortKey> & { expression?: string };

type Target = { connectionId: string; namespace?: string };
type JobTarget = Target & { jobId: string };
type AllocTarget = { connectionId: string; allocId: string };
type NodeTarget = { connectionId: string; nodeId: string };

export interface ClusterMethods {
  'jobs.query': { params: JobListQuery; result: ListWindow<JobRow> };
  'jobs.read': { params: JobTarget; result: Fetched<Job> };
  'jobs.summary': { params: JobTarget; result: Fetched<JobSummary> };
  'jobs.versions': { params: JobTarget & { diffs?: boolean }; result: Fetched<JobVersions> };
  'jobs.allocations': { params: JobTarget & { all?: boolean }; result: Fetched<AllocRow[]> };
  'jobs.evaluations': { params: JobTarget; result: Fetched<Evaluation[]> };
  'jobs.deployments': { params: JobTarget & { all?: boolean }; result: Fetched<Deployment[]> };
  'jobs.scaleStatus': { params: JobTarget; result: Fetched<JobScaleStatus> };
  /** Parse job configuration text through the server (POST /v1/jobs/parse). */
  'jobs.parse': { params: Target & { text: string; canonicalize?: boolean }; result: Job };
  'jobs.plan': { params: Target & { job: Job; diff?: boolean; policyOverride?: boolean }; result: PlanResult };
  /** Register (new) or update (existing) with the EnforceIndex check-and-set. */
  'jobs.register': { params: Target & { job: Job; enforceIndex?: boolean; jobModifyIndex?: number; policyOverride?: boolean }; result: JobRegisterResponse };
  'jobs.dispatch': { params: JobTarget & { payloadBase64?: string; meta?: Record<string, string>; idempotencyToken?: string }; result: JobDispatchResponse };
  'jobs.revert': { params: JobTarget & { version: number; enforcePriorVersion?: number }; result: JobEvalResponse };
  'jobs.setStable': { params: JobTarget & { version: number; stable: boolean }; result: JobStabilityResponse };
  'jobs.evaluate': { params: JobTarget & { forceReschedule?: boolean }; result: JobEvalResponse };
  'jobs.forcePeriodic': { params: JobTarget; result: PeriodicForceResponse };
  /** Stop; with purge, `confirm` must repeat the job ID (design.md, invariant 4). */
  'jobs.stop': { params: JobTarget & { purge?: boolean; confirm?: string }; result: JobEvalResponse };
  'jobs.scale': { params: JobTarget & { group: string; count: number; message: string }; result: Record<string, unknown> };

  'allocations.query': { params: ListQuery<AllocSortKey>; result: ListWindow<AllocRow> };
  'allocations.read': { params: AllocTarget; result: Fetched<Allocation> };
  'allocations.stop': { params: AllocTarget; result: AllocStopResponse };
  'allocations.restart': { params: AllocTarget & { task?: string }; result: void };
  'allocations.signal': { params: AllocTarget & { signal: string; task?: string }; result: void };

  'nodes.query': { params: ListQuery<NodeSortKey>; result: ListWindow<NodeRow> };
  'nodes.read': { params: NodeTarget; result: Fetched<Node> };
  'nodes.allocations': { params: NodeTarget; result: Fetched<AllocRow[]> };
  'nodes.evaluate': { params: NodeTarget; result: NodeEvalResponse };
  /** A force deadline (deadline 0 = stop everything now) needs `confirm` repeating the node name (invariant 4). */
  'nodes.drain': { params: NodeTarget & { deadlineSeconds: number; ignoreSystemJobs: boolean; confirm?: string }; result: NodeEvalResponse };
  'nodes.stopDrain': { params: NodeTarget & { markEligible: boolean }; result: NodeEvalResponse };
  'nodes.setEligibility': { params: NodeTarget & { eligible: boolean }; result: NodeEvalResponse };
  /** Purge needs `confirm` repeating the node name (invariant 4). */
  'nodes.purge': { params: NodeTarget & { confirm: string }; result: NodeEvalResponse };
}
