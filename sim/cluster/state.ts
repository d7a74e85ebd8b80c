// The cluster's state store: records, secondary indexes, one Raft-like index that grows with every commit,
// per-table indexes for blocking queries, and events published per commit (one frame per index).
import type { AllocRecord, Deployment, Evaluation, JobRecord, Json, NodeRecord } from './model';
import { EventBus, type StreamEvent } from './events';

export type Table = 'jobs' | 'job_summary' | 'job_version' | 'allocs' | 'evals' | 'deployment' | 'nodes' | 'scaling_event';

/** Builds event payloads from records at commit time (views know how objects serialise). */
export interface PayloadBuilder {
  job(rec: JobRecord): Json;
  alloc(alloc: AllocRecord): Json;
  node(node: NodeRecord): Json;
}

interface PendingEvent {
  Topic: string;
  Type: string;
  Key: string;
  Namespace: string;
  FilterKeys: string[] | null;
  payload: () => Json;
}

export class Tx {
  readonly touched = new Set<Table>();
  readonly events = new Map<string, PendingEvent>();
  /** Jobs whose allocations changed in this commit (their derived Status may change). */
  readonly jobsTouched = new Set<string>();
  constructor(readonly index: number, private readonly payloads: PayloadBuilder) {}

  touch(...tables: Table[]): void {
    for (const table of tables) this.touched.add(table);
  }

  /** One event per (topic, type, key) per commit, built from the record's state at the end of the commit. */
  emit(event: PendingEvent): void {
    this.events.set(`${event.Topic}\u0000${event.Type}\u0000${event.Key}`, event);
  }

  allocEvent(alloc: AllocRecord, type = 'AllocationUpdated'): void {
    this.touch('allocs', 'job_summary');
    this.jobsTouched.add(alloc.jobKey);
    const payloads = this.payloads;
    this.emit({ Topic: 'Allocation', Type: type, Key: alloc.ID, Namespace: alloc.Namespace, FilterKeys: [alloc.JobID, alloc.DeploymentID], payload: () => ({ Allocation: payloads.alloc(alloc) }) });
  }

  jobEvent(rec: JobRecord, type = 'JobRegistered'): void {
    this.touch('jobs');
    const payloads = this.payloads;
    const job = rec.job;
    this.emit({ Topic: 'Job', Type: type, Key: job.ID, Namespace: job.Namespace, FilterKeys: null, payload: () => ({ Job: payloads.job(rec) }) });
  }

  evalEvent(evaluation: Evaluation): void {
    this.touch('evals');
    this.emit({
      Topic: 'Evaluation',
      Type: 'EvaluationUpdated',
      Key: evaluation.ID,
      Namespace: evaluation.Namespace,
      FilterKeys: [evaluation.JobID, String(evaluation.DeploymentID ?? '')],
      payload: () => ({ Evaluation: evaluation }),
    });
  }

  deploymentEvent(deployment: Deployment, type = 'DeploymentStatusUpdate'): void {
    this.touch('deployment');
    this.emit({ Topic: 'Deployment', Type: type, Key: deployment.ID, Namespace: deployment.Namespace, FilterKeys: [deployment.JobID], payload: () => ({ Deployment: deployment }) });
  }

  /** Node events carry no namespace (nodes are cluster-wide). */
  nodeEvent(node: NodeRecord, type: string): void {
    this.touch('nodes');
    const payloads = this.payloads;
    this.emit({ Topic: 'Node', Type: type, Key: node.ID, Namespace: '', FilterKeys: null, payload: () => ({ Node: payloads.node(node) }) });
  }
}

export class ClusterState {
  index: number;
  readonly tables = new Map<Table, number>();
  readonly jobs = new Map<string, JobRecord>();
  readonly allocs = new Map<string, AllocRecord>();
  readonly evals = new Map<string, Evaluation>();
  readonly deployments = new Map<string, Deployment>();
  readonly nodes = new Map<string, NodeRecord>();
  /** Purged jobs, kept so their allocations still render the job they ran (Nomad embeds it in each allocation). */
  readonly purgedJobs = new Map<string, JobRecord>();
  readonly allocsByJob = new Map<string, Set<string>>();
  readonly allocsByNode = new Map<string, Set<string>>();
  readonly evalsByJob = new Map<string, string[]>();
  readonly deploymentsByJob = new Map<string, string[]>();
  /** Allocations with a pending dynamic step, so ticks never scan every allocation. */
  readonly active = new Set<string>();
  /** Nodes being drained. */
  readonly draining = new Set<string>();
  private readonly watchers = new Set<(touched: ReadonlySet<Table>) => void>();
  /** Runs at the end of every commit, before events are built (keeps derived job Status current). */
  beforePublish: ((tx: Tx) => void) | null = null;
  private committing = false;

  constructor(readonly bus: EventBus, private readonly payloads: PayloadBuilder, startIndex = 1) {
    this.index = startIndex;
  }

  /** Applies `fn` at a new index; publishes its events and wakes blocking queries afterwards. */
  commit<T>(fn: (tx: Tx) => T): T {
    if (this.committing) throw new Error('nested commit: a write must not start inside another write');
    this.committing = true;
    const tx = new Tx(++this.index, this.payloads);
    let result: T;
    try {
      result = fn(tx);
      this.beforePublish?.(tx);
    } finally {
      this.committing = false;
    }
    for (const table of tx.touched) this.tables.set(table, tx.index);
    const events: StreamEvent[] = [];
    for (const pending of tx.events.values()) {
      const event = { Topic: pending.Topic, Type: pending.Type, Key: pending.Key, Namespace: pending.Namespace, FilterKeys: pending.FilterKeys, Index: tx.index };
      events.push({ ...event, json: JSON.stringify({ ...event, Payload: pending.payload() }) });
    }
    this.bus.publish(events);
    if (tx.touched.size > 0) for (const watcher of this.watchers) watcher(tx.touched);
    return result;
  }

  tableIndex(...tables: Table[]): number {
    let max = 1;
    for (const table of tables) max = Math.max(max, this.tables.get(table) ?? 1);
    return max;
  }

  watch(watcher: (touched: ReadonlySet<Table>) => void): () => void {
    this.watchers.add(watcher);
    return () => this.watchers.delete(watcher);
  }

  addAlloc(alloc: AllocRecord): void {
    this.allocs.set(alloc.ID, alloc);
    addTo(this.allocsByJob, alloc.jobKey, alloc.ID);
    addTo(this.allocsByNode, alloc.NodeID, alloc.ID);
    if (alloc.dueAt > 0) this.active.add(alloc.ID);
  }

  addEval(evaluation: Evaluation, key: string): void {
    this.evals.set(evaluation.ID, evaluation);
    pushTo(this.evalsByJob, key, evaluation.ID);
  }

  addDeployment(deployment: Deployment, key: string): void {
    this.deployments.set(deployment.ID, deployment);
    pushTo(this.deploymentsByJob, key, deployment.ID);
  }

  jobOrPurged(key: string): JobRecord | undefined {
    return this.jobs.get(key) ?? this.purgedJobs.get(key);
  }

  allocsOfJob(key: string): AllocRecord[] {
    const ids = this.allocsByJob.get(key);
    return ids ? [...ids].map((id) => this.allocs.get(id)!).filter(Boolean) : [];
  }

  allocsOfNode(nodeId: string): AllocRecord[] {
    const ids = this.allocsByNode.get(nodeId);
    return ids ? [...ids].map((id) => this.allocs.get(id)!).filter(Boolean) : [];
  }

  evalsOfJob(key: string): Evaluation[] {
    return (this.evalsByJob.get(key) ?? []).map((id) => this.evals.get(id)!).filter(Boolean);
  }

  deploymentsOfJob(key: string): Deployment[] {
    return (this.deploymentsByJob.get(key) ?? []).map((id) => this.deployments.get(id)!).filter(Boolean);
  }

  latestDeployment(key: string): Deployment | undefined {
    const ids = this.deploymentsByJob.get(key);
    return ids && ids.length ? this.deployments.get(ids[ids.length - 1]) : undefined;
  }
}

function addTo(map: Map<string, Set<string>>, key: string, value: string): void {
  let set = map.get(key);
  if (!set) map.set(key, (set = new Set()));
  set.add(value);
}

function pushTo(map: Map<string, string[]>, key: string, value: string): void {
  let list = map.get(key);
  if (!list) map.set(key, (list = []));
  list.push(value);
}
