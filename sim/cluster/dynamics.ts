// What happens as simulated time passes: allocations walk pending -> running through realistic task events,
// some tasks crash and restart within their RestartPolicy or fail and get rescheduled (ReschedulePolicy,
// RescheduleTracker), batch tasks finish, deployments turn healthy then successful, and node drains migrate work.
// Task state transitions are "not shown" in cluster-api.md; this follows Nomad's client task runner.
import type { AllocRecord, Deployment, JobRecord, NodeRecord, TaskGroup } from './model';
import type { ClusterState, Tx } from './state';
import type { SimClock } from './clock';
import type { Rng } from '../rng';
import type { Views } from './views';
import type { Scheduler } from './scheduler';
import { NS } from './job-shape';
import { pushTaskEvent, taskEvent } from './task-events';

const isoNs = (ns: number): string => new Date(Math.floor(ns / 1e6)).toISOString();

export class Dynamics {
  constructor(
    private readonly state: ClusterState,
    private readonly clock: SimClock,
    private readonly rng: Rng,
    private readonly views: Views,
    private readonly scheduler: Scheduler,
  ) {}

  /** One step of the simulated world; at most one commit for all allocation steps that fell due. */
  step(): void {
    const now = this.clock.nowMs();
    const due: AllocRecord[] = [];
    for (const id of this.state.active) {
      const alloc = this.state.allocs.get(id);
      if (!alloc || alloc.dueAt <= 0) this.state.active.delete(id);
      else if (alloc.dueAt <= now) due.push(alloc);
    }
    if (due.length > 0) {
      due.sort((a, b) => a.dueAt - b.dueAt || (a.ID < b.ID ? -1 : 1));
      const followups: (() => void)[] = [];
      this.state.commit((tx) => {
        for (const alloc of due) this.advanceAlloc(tx, alloc, followups);
      });
      for (const followup of followups) followup();
    }
    for (const nodeId of [...this.state.draining]) this.drainStep(nodeId);
  }

  private schedule(alloc: AllocRecord, phase: string, inMs: number): void {
    alloc.phase = phase;
    alloc.dueAt = this.clock.nowMs() + Math.max(1, Math.round(inMs));
    this.state.active.add(alloc.ID);
  }

  private idle(alloc: AllocRecord): void {
    alloc.phase = '';
    alloc.dueAt = 0;
    this.state.active.delete(alloc.ID);
  }

  private isFlaky(group: TaskGroup | undefined): boolean {
    return Boolean(group?.Tasks.some((t) => t.Driver === 'exec'));
  }

  private advanceAlloc(tx: Tx, alloc: AllocRecord, followups: (() => void)[]): void {
    const nowNs = this.clock.nowNs();
    const group = this.views.groupOf(alloc);
    const rec = this.state.jobs.get(alloc.jobKey);
    const states = this.scheduler.materialize(alloc);
    const tasks = group?.Tasks ?? [];
    const phase = alloc.phase;
    this.idle(alloc);
    if (alloc.DesiredStatus !== 'run' && phase !== 'kill') return;
    switch (phase) {
      case 'setup':
        for (const task of tasks) {
          const state = states[task.Name];
          pushTaskEvent(state, taskEvent.setup(nowNs));
          if (Array.isArray(task.Artifacts) && task.Artifacts.length) pushTaskEvent(state, taskEvent.downloading(nowNs + 1e8));
          if (task.Driver === 'docker') pushTaskEvent(state, taskEvent.driver(nowNs + 2e8, 'Downloading image'));
        }
        this.schedule(alloc, 'start', 1500);
        break;
      case 'start':
      case 'restart':
        for (const task of tasks) {
          const state = states[task.Name];
          if (state.State === 'running' || (state.State === 'dead' && phase === 'restart')) continue;
          pushTaskEvent(state, taskEvent.started(nowNs));
          state.State = 'running';
          state.StartedAt = isoNs(nowNs);
        }
        alloc.ClientStatus = 'running';
        alloc.ClientDescription = 'Tasks are running';
        if (rec?.job.Type === 'batch' || rec?.job.Type === 'sysbatch') this.schedule(alloc, 'finish', this.rng.int(20_000, 60_000));
        else if (phase === 'start' && alloc.DeploymentID) this.schedule(alloc, 'healthy', this.minHealthyMs(group, rec));
        else if (this.isFlaky(group)) this.schedule(alloc, 'crash', this.rng.int(30_000, 120_000)); // a crash loop: the worker's task keeps failing
        break;
      case 'healthy':
        this.markHealthy(tx, alloc);
        if (this.isFlaky(group)) this.schedule(alloc, 'crash', this.rng.int(30_000, 120_000));
        break;
      case 'finish':
        for (const task of tasks) {
          const state = states[task.Name];
          pushTaskEvent(state, taskEvent.terminated(nowNs, 0));
          state.State = 'dead';
          state.FinishedAt = isoNs(nowNs);
        }
        alloc.ClientStatus = 'complete';
        alloc.ClientDescription = 'All tasks have completed';
        break;
      case 'crash':
        this.crash(tx, alloc, group);
        break;
      case 'kill':
        for (const task of tasks) {
          const state = states[task.Name];
          if (!state || state.State === 'dead') continue;
          pushTaskEvent(state, taskEvent.terminated(nowNs, 0, 15));
          pushTaskEvent(state, taskEvent.killed(nowNs));
          state.State = 'dead';
          state.FinishedAt = isoNs(nowNs);
        }
        if (alloc.ClientStatus === 'pending' || alloc.ClientStatus === 'running') {
          alloc.ClientStatus = 'complete';
          alloc.ClientDescription = 'All tasks have completed';
        }
        break;
      case 'replace':
        followups.push(() => this.replaceFailed(alloc));
        return;
      default:
        return;
    }
    alloc.ModifyIndex = tx.index;
    alloc.ModifyTime = nowNs;
    tx.allocEvent(alloc);
  }

  private minHealthyMs(group: TaskGroup | undefined, rec: JobRecord | undefined): number {
    const update = (group?.Update ?? rec?.job.Update) as { MinHealthyTime?: number } | null;
    return Math.max(1000, (update?.MinHealthyTime ?? 10 * NS) / 1e6);
  }

  private markHealthy(tx: Tx, alloc: AllocRecord): void {
    alloc.DeploymentStatus = { Healthy: true, Timestamp: this.clock.iso(), Canary: false, ModifyIndex: tx.index };
    const deployment = this.state.deployments.get(alloc.DeploymentID);
    if (!deployment || deployment.Status !== 'running') return;
    const dg = deployment.TaskGroups[alloc.TaskGroup];
    if (dg) dg.HealthyAllocs++;
    deployment.ModifyIndex = tx.index;
    tx.deploymentEvent(deployment, 'DeploymentAllocHealth');
    if (Object.values(deployment.TaskGroups).every((g) => g.HealthyAllocs >= g.DesiredTotal)) this.completeDeployment(tx, deployment);
  }

  private completeDeployment(tx: Tx, deployment: Deployment): void {
    deployment.Status = 'successful';
    deployment.StatusDescription = 'Deployment completed successfully';
    deployment.ModifyIndex = tx.index;
    tx.deploymentEvent(deployment, 'DeploymentStatusUpdate');
    const rec = [...this.state.jobs.values()].find((r) => r.job.ID === deployment.JobID && r.job.Namespace === deployment.Namespace);
    if (!rec) return;
    // A successful deployment marks its job version stable (a new object: stored jobs are shared, never mutated).
    rec.versions = rec.versions.map((v) => (v.Version === deployment.JobVersion ? { ...v, Stable: true, ModifyIndex: tx.index } : v));
    if (rec.job.Version === deployment.JobVersion) {
      rec.job = rec.versions.find((v) => v.Version === deployment.JobVersion) ?? rec.job;
      tx.jobEvent(rec, 'JobRegistered');
    }
    tx.touch('job_version');
  }

  private crash(tx: Tx, alloc: AllocRecord, group: TaskGroup | undefined): void {
    const nowNs = this.clock.nowNs();
    const states = alloc.TaskStates!;
    const task = group?.Tasks.find((t) => t.Driver === 'exec') ?? group?.Tasks[0];
    if (!task || !group) return;
    const state = states[task.Name];
    const variant = this.rng.int(0, 3);
    if (variant === 0) pushTaskEvent(state, taskEvent.terminated(nowNs, 137, 0, true));
    else if (variant === 1) pushTaskEvent(state, taskEvent.driverFailure(nowNs, 'failed to launch command with executor: rpc error: code = Unknown desc = file /usr/local/bin/consumer not found'));
    else pushTaskEvent(state, taskEvent.terminated(nowNs, 1));
    const policy = group.RestartPolicy ?? { Attempts: 2, Interval: 1800 * NS, Delay: 15 * NS, Mode: 'fail' };
    alloc.restartWindow ??= {};
    const used = alloc.restartWindow[task.Name] ?? 0;
    if (used < policy.Attempts) {
      alloc.restartWindow[task.Name] = used + 1;
      const delay = policy.Delay + this.rng.int(0, 25) * (policy.Delay / 100);
      pushTaskEvent(state, taskEvent.restarting(nowNs, Math.round(delay)));
      state.State = 'pending';
      state.Restarts++;
      state.LastRestart = isoNs(nowNs);
      this.schedule(alloc, 'restart', delay / 1e6);
      return;
    }
    pushTaskEvent(state, taskEvent.notRestarting(nowNs, policy.Attempts, policy.Interval));
    state.State = 'dead';
    state.Failed = true;
    state.FinishedAt = isoNs(nowNs);
    for (const sibling of group.Tasks) {
      const other = states[sibling.Name];
      if (sibling === task || !other || other.State === 'dead') continue;
      pushTaskEvent(other, taskEvent.siblingFailed(nowNs, task.Name));
      pushTaskEvent(other, taskEvent.killing(nowNs, 5 * NS));
      pushTaskEvent(other, taskEvent.killed(nowNs));
      other.State = 'dead';
      other.FinishedAt = isoNs(nowNs);
    }
    alloc.ClientStatus = 'failed';
    alloc.ClientDescription = 'Failed tasks';
    if (alloc.DeploymentStatus?.Healthy === null || alloc.DeploymentStatus === null) {
      const deployment = this.state.deployments.get(alloc.DeploymentID);
      if (deployment?.Status === 'running' && deployment.TaskGroups[alloc.TaskGroup]) {
        deployment.TaskGroups[alloc.TaskGroup].UnhealthyAllocs++;
        deployment.ModifyIndex = tx.index;
        tx.deploymentEvent(deployment, 'DeploymentAllocHealth');
      }
    }
    this.planReschedule(tx, alloc, group, false);
  }

  /** Decides whether a failed allocation is rescheduled and when (ReschedulePolicy; attempts counted in the tracker). */
  planReschedule(tx: Tx, alloc: AllocRecord, group: TaskGroup, force: boolean): boolean {
    const rec = this.state.jobs.get(alloc.jobKey);
    if (!rec || alloc.NextAllocation || rec.job.Stop) return false;
    const policy = group.ReschedulePolicy;
    const events = alloc.RescheduleTracker?.Events ?? [];
    const nowNs = this.clock.nowNs();
    let delayNs = 0;
    if (!force) {
      if (!policy) return false;
      const recent = policy.Interval > 0 ? events.filter((e) => e.RescheduleTime > nowNs - policy.Interval).length : events.length;
      if (!policy.Unlimited && recent >= policy.Attempts) return false;
      const n = events.length;
      delayNs = policy.DelayFunction === 'exponential' ? policy.Delay * 2 ** n : policy.DelayFunction === 'fibonacci' ? policy.Delay * fib(n + 1) : policy.Delay;
      if (policy.MaxDelay > 0) delayNs = Math.min(delayNs, policy.MaxDelay);
    }
    const followup = this.scheduler.newEval(tx, rec, 'alloc-failure', {
      Status: force ? 'pending' : 'pending',
      Wait: delayNs,
      WaitUntil: isoNs(nowNs + delayNs),
      StatusDescription: force ? '' : 'created for delayed rescheduling',
    });
    alloc.FollowupEvalID = followup.ID;
    alloc.ModifyIndex = tx.index;
    this.schedule(alloc, 'replace', Math.max(1, delayNs / 1e6));
    alloc.rescheduleDelay = delayNs;
    return true;
  }

  /** Places the replacement of a failed allocation, linking both ways and extending the RescheduleTracker. */
  replaceFailed(old: AllocRecord): void {
    const rec = this.state.jobs.get(old.jobKey);
    const group = rec?.job.TaskGroups.find((g) => g.Name === old.TaskGroup);
    if (!rec || !group || old.NextAllocation || rec.job.Stop) return;
    this.state.commit((tx) => {
      const evaluation = this.state.evals.get(old.FollowupEvalID);
      const node = this.scheduler.pickNode(rec.job, old.NodeID) ?? this.scheduler.pickNode(rec.job);
      if (!node) return;
      const fresh = this.scheduler.place(tx, rec, group, old.Name, evaluation?.ID ?? old.EvalID, old.DeploymentID, node);
      fresh.PreviousAllocation = old.ID;
      fresh.RescheduleTracker = {
        Events: [...(old.RescheduleTracker?.Events ?? []), { RescheduleTime: this.clock.nowNs(), PrevAllocID: old.ID, PrevNodeID: old.NodeID, Delay: old.rescheduleDelay ?? 0 }],
      };
      old.NextAllocation = fresh.ID;
      old.DesiredTransition = { ...old.DesiredTransition, Reschedule: true };
      old.ModifyIndex = tx.index;
      tx.allocEvent(old);
      if (evaluation) {
        evaluation.Status = 'complete';
        evaluation.ModifyIndex = tx.index;
        evaluation.ModifyTime = this.clock.nowNs();
        evaluation.QueuedAllocations = { [group.Name]: 0 };
        tx.evalEvent(evaluation);
      }
    });
  }

  /** Migrates a draining node's allocations, system jobs last unless ignored, force-stopping at the deadline. */
  private drainStep(nodeId: string): void {
    const node = this.state.nodes.get(nodeId);
    if (!node || !node.Drain || !node.DrainStrategy) {
      this.state.draining.delete(nodeId);
      return;
    }
    const now = this.clock.nowMs();
    const forced = node.drainDeadlineAt > 0 && now >= node.drainDeadlineAt;
    const live = this.state.allocsOfNode(nodeId).filter((a) => a.DesiredStatus === 'run' && (a.ClientStatus === 'running' || a.ClientStatus === 'pending'));
    const typeOf = (a: AllocRecord): string => this.state.jobs.get(a.jobKey)?.job.Type ?? 'service';
    const movable = live.filter((a) => typeOf(a) !== 'system' && typeOf(a) !== 'sysbatch');
    const system = live.filter((a) => !movable.includes(a));
    const ignoreSystem = node.DrainStrategy.IgnoreSystemJobs;
    // Migrate in small batches (the group's Migrate.MaxParallel is 1 by default); everything at the deadline.
    const batch = forced ? movable : movable.slice(0, 2);
    if (batch.length > 0) {
      const byJob = new Map<string, AllocRecord[]>();
      for (const alloc of batch) byJob.set(alloc.jobKey, [...(byJob.get(alloc.jobKey) ?? []), alloc]);
      for (const [key, allocs] of byJob) {
        const rec = this.state.jobs.get(key);
        if (!rec) continue;
        const evaluation = this.state.commit((tx) => {
          for (const alloc of allocs) {
            alloc.DesiredTransition = { ...alloc.DesiredTransition, Migrate: true };
            alloc.ModifyIndex = tx.index;
            tx.allocEvent(alloc, 'AllocationUpdateDesiredStatus');
          }
          return this.scheduler.newEval(tx, rec, 'node-drain', { NodeID: nodeId, NodeModifyIndex: node.ModifyIndex });
        });
        this.scheduler.process(rec, evaluation);
      }
      return;
    }
    if (movable.length > 0) return;
    if (system.length > 0 && !ignoreSystem) {
      this.state.commit((tx) => {
        for (const alloc of system) this.scheduler.stopAlloc(tx, alloc, 'alloc is being migrated');
      });
      return;
    }
    this.state.commit((tx) => {
      node.Drain = false;
      node.DrainStrategy = null;
      node.drainDeadlineAt = 0;
      node.LastDrain = { ...(node.LastDrain ?? { StartedAt: this.clock.iso(), AccessorID: '', Meta: null }), Status: 'complete', UpdatedAt: this.clock.iso() };
      addNodeEvent(node, tx, this.clock.iso(), 'Node drain complete', 'Drain');
      node.ModifyIndex = tx.index;
      tx.nodeEvent(node, 'NodeDrain');
    });
    this.state.draining.delete(nodeId);
  }
}

function fib(n: number): number {
  let a = 0;
  let b = 1;
  for (let i = 0; i < n; i++) [a, b] = [b, a + b];
  return a;
}

/** Appends a node event and keeps the last 10 (cluster-api.md, Limits: node events returned). */
export function addNodeEvent(node: NodeRecord, tx: Tx, timestamp: string, message: string, subsystem: string, details: Record<string, string> | null = null): void {
  node.Events.push({ Message: message, Subsystem: subsystem, Details: details, Timestamp: timestamp, CreateIndex: tx.index });
  if (node.Events.length > 10) node.Events.splice(0, node.Events.length - 10);
}
