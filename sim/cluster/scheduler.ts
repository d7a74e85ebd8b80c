// The simulated scheduler: evaluations, the reconcile of a job's desired groups against its allocations,
// placements onto eligible nodes, stops, and deployments for service jobs.
import type { AllocRecord, Deployment, DeploymentGroup, Evaluation, Job, JobRecord, NodeRecord, TaskGroup } from './model';
import { isTerminal } from './model';
import type { ClusterState, Tx } from './state';
import type { SimClock } from './clock';
import type { Rng } from '../rng';
import type { Views } from './views';
import { NS } from './job-shape';
import { newTaskState, pushTaskEvent, taskEvent } from './task-events';

export interface GroupPlan {
  place: number;
  stop: AllocRecord[];
  destructive: AllocRecord[];
  inplace: AllocRecord[];
  ignore: AllocRecord[];
  migrate: AllocRecord[];
  /** Nodes to place system-job allocations on. */
  systemNodes?: NodeRecord[];
}

const tasksSignature = (group: TaskGroup | undefined): string => JSON.stringify(group?.Tasks ?? null);

export class Scheduler {
  constructor(
    private readonly state: ClusterState,
    private readonly clock: SimClock,
    private readonly rng: Rng,
    private readonly views: Views,
  ) {}

  newEval(tx: Tx, rec: JobRecord, triggeredBy: string, extra: Partial<Evaluation> = {}): Evaluation {
    const job = rec.job;
    const now = this.clock.nowNs();
    const evaluation: Evaluation = {
      ID: this.rng.uuid(),
      Namespace: job.Namespace,
      Priority: job.Priority,
      Type: job.Type,
      TriggeredBy: triggeredBy,
      JobID: job.ID,
      JobModifyIndex: job.JobModifyIndex,
      NodeID: '',
      NodeModifyIndex: 0,
      DeploymentID: '',
      Status: 'pending',
      StatusDescription: '',
      Wait: 0,
      WaitUntil: '0001-01-01T00:00:00Z',
      NextEval: '',
      PreviousEval: '',
      BlockedEval: '',
      RelatedEvals: null,
      FailedTGAllocs: null,
      ClassEligibility: null,
      QuotaLimitReached: '',
      EscapedComputedClass: false,
      AnnotatePlan: false,
      QueuedAllocations: null,
      LeaderACL: '',
      SnapshotIndex: 0,
      CreateIndex: tx.index,
      ModifyIndex: tx.index,
      CreateTime: now,
      ModifyTime: now,
      ...extra,
    };
    this.state.addEval(evaluation, rec.key);
    tx.evalEvent(evaluation);
    return evaluation;
  }

  eligibleNodes(job: Job, exclude?: string): NodeRecord[] {
    const all = job.Datacenters.includes('*');
    const out: NodeRecord[] = [];
    for (const node of this.state.nodes.values()) {
      if (node.ID === exclude || node.Status !== 'ready' || node.SchedulingEligibility !== 'eligible' || node.Drain) continue;
      if (all || job.Datacenters.includes(node.Datacenter)) out.push(node);
    }
    return out;
  }

  liveAllocs(rec: JobRecord, group?: string): AllocRecord[] {
    const batch = rec.job.Type === 'batch' || rec.job.Type === 'sysbatch';
    return this.state.allocsOfJob(rec.key).filter((a) => {
      if (group !== undefined && a.TaskGroup !== group) return false;
      if (a.DesiredStatus !== 'run') return false;
      if (a.ClientStatus === 'pending' || a.ClientStatus === 'running') return true;
      return batch && a.ClientStatus === 'complete';
    });
  }

  /** Pure: what registering `job` would do to each group (also the plan endpoint's DesiredTGUpdates). */
  reconcile(rec: JobRecord | undefined, job: Job): Map<string, GroupPlan> {
    const plans = new Map<string, GroupPlan>();
    const existing = rec ? this.liveAllocs(rec) : [];
    const isParent = (job.Periodic?.Enabled || job.ParameterizedJob) && !job.Dispatched;
    for (const group of job.TaskGroups) {
      const plan: GroupPlan = { place: 0, stop: [], destructive: [], inplace: [], ignore: [], migrate: [] };
      plans.set(group.Name, plan);
      const live = existing.filter((a) => a.TaskGroup === group.Name).sort((a, b) => a.Name.localeCompare(b.Name, 'en', { numeric: true }));
      if (job.Stop || isParent) {
        plan.stop.push(...live);
        continue;
      }
      let keep = live;
      if (job.Type === 'system' || job.Type === 'sysbatch') {
        const nodes = this.eligibleNodes(job);
        const covered = new Set(live.map((a) => a.NodeID));
        plan.systemNodes = nodes.filter((n) => !covered.has(n.ID));
        plan.place = plan.systemNodes.length;
      } else {
        if (live.length > group.Count) {
          plan.stop.push(...live.slice(group.Count));
          keep = live.slice(0, group.Count);
        }
        plan.place = Math.max(0, group.Count - live.length);
      }
      const signature = tasksSignature(group);
      for (const alloc of keep) {
        if (alloc.DesiredTransition.Migrate) plan.migrate.push(alloc);
        else if (alloc.ClientStatus === 'complete') plan.ignore.push(alloc);
        else if (rec && tasksSignature(this.views.jobAt(rec, alloc.JobVersion).TaskGroups.find((g) => g.Name === group.Name)) !== signature) plan.destructive.push(alloc);
        else if (alloc.JobVersion !== job.Version) plan.inplace.push(alloc);
        else plan.ignore.push(alloc);
      }
    }
    for (const alloc of existing) {
      if (!plans.has(alloc.TaskGroup)) {
        const plan = plans.get(alloc.TaskGroup) ?? { place: 0, stop: [], destructive: [], inplace: [], ignore: [], migrate: [] };
        plan.stop.push(alloc);
        plans.set(alloc.TaskGroup, plan);
      }
    }
    return plans;
  }

  /** Runs an evaluation in its own commit, as a scheduler worker would right after the triggering write. */
  process(rec: JobRecord, evaluation: Evaluation): void {
    this.state.commit((tx) => {
      const job = rec.job;
      const plans = this.reconcile(rec, job);
      const needsDeployment = job.Type === 'service' && [...plans.values()].some((p) => p.place > 0 || p.destructive.length > 0);
      let deployment: Deployment | undefined;
      if (needsDeployment) {
        const active = this.state.deploymentsOfJob(rec.key).find((d) => d.Status === 'running');
        if (active && active.JobVersion !== job.Version) {
          active.Status = 'cancelled';
          active.StatusDescription = 'Cancelled due to newer version of job';
          active.ModifyIndex = tx.index;
          tx.deploymentEvent(active);
        }
        deployment = active && active.JobVersion === job.Version ? active : this.newDeployment(tx, rec);
      }
      const queued: Record<string, number> = {};
      const failed: Record<string, unknown> = {};
      for (const [groupName, plan] of plans) {
        const group = job.TaskGroups.find((g) => g.Name === groupName);
        for (const alloc of plan.stop) this.stopAlloc(tx, alloc, job.Stop ? 'alloc not needed since job stopped' : 'alloc not needed due to job update', evaluation.ID);
        for (const alloc of plan.inplace) {
          alloc.JobVersion = job.Version;
          alloc.ModifyIndex = alloc.AllocModifyIndex = tx.index;
          alloc.ModifyTime = this.clock.nowNs();
          tx.allocEvent(alloc);
        }
        if (!group) continue;
        const replace = [...plan.destructive, ...plan.migrate];
        for (const old of replace) {
          this.stopAlloc(tx, old, old.DesiredTransition.Migrate ? 'alloc is being migrated' : 'alloc is being updated due to job update', evaluation.ID);
          const node = this.pickNode(job, old.DesiredTransition.Migrate ? old.NodeID : undefined);
          if (!node) {
            queued[groupName] = (queued[groupName] ?? 0) + 1;
            failed[groupName] = this.failedMetrics(job);
            continue;
          }
          const fresh = this.place(tx, rec, group, old.Name, evaluation.ID, deployment?.ID ?? '', node);
          fresh.PreviousAllocation = old.ID;
          old.NextAllocation = fresh.ID;
        }
        const names = this.freeNames(rec, group, plan.place);
        for (let i = 0; i < plan.place; i++) {
          const node = plan.systemNodes ? plan.systemNodes[i] : this.pickNode(job);
          if (!node) {
            queued[groupName] = (queued[groupName] ?? 0) + 1;
            failed[groupName] = this.failedMetrics(job);
            continue;
          }
          this.place(tx, rec, group, names[i], evaluation.ID, deployment?.ID ?? '', node);
        }
        queued[groupName] ??= 0;
        if (deployment && deployment.TaskGroups[groupName]) {
          const dg = deployment.TaskGroups[groupName];
          dg.DesiredTotal = group.Count;
          dg.PlacedAllocs = this.state.allocsOfJob(rec.key).filter((a) => a.DeploymentID === deployment!.ID && a.TaskGroup === groupName).length;
        }
      }
      evaluation.Status = 'complete';
      evaluation.QueuedAllocations = queued;
      evaluation.DeploymentID = deployment?.ID ?? '';
      evaluation.SnapshotIndex = tx.index - 1;
      evaluation.ModifyIndex = tx.index;
      evaluation.ModifyTime = this.clock.nowNs();
      if (Object.keys(failed).length > 0) {
        evaluation.FailedTGAllocs = failed;
        const blocked = this.newEval(tx, rec, 'queued-allocs', { Status: 'blocked', StatusDescription: 'created to place remaining allocations', PreviousEval: evaluation.ID });
        evaluation.BlockedEval = blocked.ID;
      }
      tx.evalEvent(evaluation);
      if (deployment) {
        deployment.ModifyIndex = tx.index;
        tx.deploymentEvent(deployment);
      }
      rec.summaryModifyIndex = tx.index;
      tx.touch('job_summary');
      tx.jobEvent(rec, 'JobRegistered');
    });
  }

  failedMetrics(job: Job): unknown {
    return { NodesEvaluated: this.state.nodes.size, NodesFiltered: this.state.nodes.size, NodesAvailable: Object.fromEntries(job.Datacenters.map((dc) => [dc, 0])), ClassFiltered: null, ConstraintFiltered: { '${node.datacenter}': this.state.nodes.size }, NodesExhausted: 0, ClassExhausted: null, DimensionExhausted: null, QuotaExhausted: null, ResourcesExhausted: null, Scores: null, ScoreMetaData: null, AllocationTime: 120_000, CoalescedFailures: 0 };
  }

  private freeNames(rec: JobRecord, group: TaskGroup, count: number): string[] {
    const used = new Set(this.liveAllocs(rec, group.Name).map((a) => a.Name));
    const out: string[] = [];
    for (let i = 0; out.length < count; i++) {
      const name = `${rec.job.ID}.${group.Name}[${i}]`;
      if (!used.has(name)) out.push(name);
    }
    return out;
  }

  pickNode(job: Job, exclude?: string): NodeRecord | undefined {
    const nodes = this.eligibleNodes(job, exclude);
    return nodes.length ? this.rng.pick(nodes) : undefined;
  }

  newDeployment(tx: Tx, rec: JobRecord): Deployment {
    const job = rec.job;
    const groups: Record<string, DeploymentGroup> = {};
    const now = this.clock.nowMs();
    for (const group of job.TaskGroups) {
      const update = (group.Update ?? job.Update) as { AutoRevert?: boolean; AutoPromote?: boolean; ProgressDeadline?: number; Canary?: number } | null;
      groups[group.Name] = {
        AutoRevert: Boolean(update?.AutoRevert),
        AutoPromote: Boolean(update?.AutoPromote),
        ProgressDeadline: update?.ProgressDeadline ?? 600 * NS,
        RequireProgressBy: new Date(now + (update?.ProgressDeadline ?? 600 * NS) / 1e6).toISOString(),
        Promoted: false,
        PlacedCanaries: null,
        DesiredCanaries: update?.Canary ?? 0,
        DesiredTotal: group.Count,
        PlacedAllocs: 0,
        HealthyAllocs: 0,
        UnhealthyAllocs: 0,
      };
    }
    const deployment: Deployment = {
      ID: this.rng.uuid(),
      Namespace: job.Namespace,
      JobID: job.ID,
      JobVersion: job.Version,
      JobModifyIndex: job.JobModifyIndex,
      JobSpecModifyIndex: job.JobModifyIndex,
      JobCreateIndex: job.CreateIndex,
      IsMultiregion: false,
      TaskGroups: groups,
      Status: 'running',
      StatusDescription: 'Deployment is running',
      EvalPriority: job.Priority,
      CreateIndex: tx.index,
      ModifyIndex: tx.index,
    };
    this.state.addDeployment(deployment, rec.key);
    tx.deploymentEvent(deployment);
    return deployment;
  }

  /** A new allocation, pending on `node`; the dynamics walk it through its task events. */
  place(tx: Tx, rec: JobRecord, group: TaskGroup, name: string, evalId: string, deploymentId: string, node: NodeRecord): AllocRecord {
    const now = this.clock.nowNs();
    const states: AllocRecord['TaskStates'] = {};
    for (const task of group.Tasks) {
      const state = newTaskState();
      pushTaskEvent(state, taskEvent.received(now));
      states[task.Name] = state;
    }
    const alloc: AllocRecord = {
      ID: this.rng.uuid(),
      EvalID: evalId,
      Name: name,
      Namespace: rec.job.Namespace,
      NodeID: node.ID,
      JobID: rec.job.ID,
      jobKey: rec.key,
      JobVersion: rec.job.Version,
      jobCreateIndex: rec.job.CreateIndex,
      TaskGroup: group.Name,
      DeploymentID: deploymentId,
      DesiredStatus: 'run',
      DesiredDescription: '',
      ClientStatus: 'pending',
      ClientDescription: 'No tasks have started',
      DesiredTransition: { Migrate: null, Reschedule: null, ForceReschedule: null },
      DeploymentStatus: null,
      FollowupEvalID: '',
      PreviousAllocation: '',
      NextAllocation: '',
      RescheduleTracker: null,
      TaskStates: states,
      CreateIndex: tx.index,
      ModifyIndex: tx.index,
      AllocModifyIndex: tx.index,
      CreateTime: now,
      ModifyTime: now,
      dueAt: this.clock.nowMs() + 1000,
      phase: 'setup',
    };
    this.state.addAlloc(alloc);
    tx.allocEvent(alloc, 'AllocationCreated');
    return alloc;
  }

  /** Desired stop; running tasks get Killing now and finish on the next step. */
  stopAlloc(tx: Tx, alloc: AllocRecord, description: string, evalId?: string): void {
    if (alloc.DesiredStatus !== 'run') return;
    alloc.DesiredStatus = 'stop';
    alloc.DesiredDescription = description;
    if (evalId) alloc.EvalID = evalId;
    alloc.ModifyIndex = alloc.AllocModifyIndex = tx.index;
    alloc.ModifyTime = this.clock.nowNs();
    if (!isTerminal({ ...alloc, DesiredStatus: 'run' })) {
      const states = this.materialize(alloc);
      const group = this.views.groupOf(alloc);
      for (const task of group?.Tasks ?? []) {
        const state = states[task.Name];
        if (state && state.State !== 'dead') pushTaskEvent(state, taskEvent.killing(this.clock.nowNs(), task.KillTimeout as number ?? 5 * NS));
      }
      alloc.dueAt = this.clock.nowMs() + 1000;
      alloc.phase = 'kill';
      this.state.active.add(alloc.ID);
    }
    tx.allocEvent(alloc, 'AllocationUpdateDesiredStatus');
  }

  /** Turns a synthesised task history into stored state before the dynamics change it. */
  materialize(alloc: AllocRecord): NonNullable<AllocRecord['TaskStates']> {
    if (!alloc.TaskStates) alloc.TaskStates = this.views.taskStates(alloc);
    return alloc.TaskStates;
  }
}
