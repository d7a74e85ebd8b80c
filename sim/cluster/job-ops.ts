// Writes to jobs shared by several endpoints: register/update (with EnforceIndex), stop and purge.
// Each write is one commit, then the scheduler processes the evaluation in a commit of its own.
import type { Evaluation, Job, JobRecord, Json } from './model';
import { jobKey, newJobRecord } from './model';
import { canonicalJob, validateJob } from './job-shape';
import type { Deps } from './deps';

export const TRACKED_VERSIONS = 6;

export type OpResult<T> = { ok: true; value: T } | { ok: false; status: number; message: string };

export interface RegisterOptions {
  namespace: string;
  enforceIndex?: boolean;
  jobModifyIndex?: number;
  preserveCounts?: boolean;
  evalPriority?: number;
  triggeredBy?: string;
  /** Applied to the canonical job before it is stored (e.g. revert keeps the old version's fields). */
  adjust?: (job: Job) => void;
}

export interface RegisterResult extends Json {
  EvalID: string;
  EvalCreateIndex: number;
  JobModifyIndex: number;
  Warnings: string;
  Index: number;
  LastContact: number;
  KnownLeader: boolean;
}

const SPEC_IGNORED = new Set(['Version', 'Stable', 'CreateIndex', 'ModifyIndex', 'JobModifyIndex', 'SubmitTime', 'Status', 'StatusDescription']);
const specOf = (job: Job): string => JSON.stringify(job, (key, value) => (SPEC_IGNORED.has(key) ? undefined : value));

export const isParent = (job: Job): boolean => Boolean((job.Periodic?.Enabled || job.ParameterizedJob) && !job.Dispatched);

export function findJob(deps: Deps, namespace: string, id: string): JobRecord | undefined {
  return deps.state.jobs.get(jobKey(namespace, id));
}

export function registerJob(deps: Deps, input: Json, options: RegisterOptions): OpResult<RegisterResult> {
  const job = canonicalJob({ ...input, Namespace: typeof input.Namespace === 'string' && input.Namespace ? input.Namespace : options.namespace });
  options.adjust?.(job);
  const invalid = validateJob(job);
  if (invalid) return { ok: false, status: 400, message: invalid };
  if (!deps.namespaces.has(job.Namespace)) return { ok: false, status: 400, message: `job "${job.ID}" is in nonexistent namespace "${job.Namespace}"` };
  const existing = findJob(deps, job.Namespace, job.ID);
  if (options.enforceIndex) {
    // Nomad's check-and-set on JobModifyIndex; zero means "must be new" (cluster-api.md, POST /v1/jobs).
    const want = options.jobModifyIndex ?? 0;
    const prefix = `Enforcing job modify index ${want}`;
    if (want === 0 && existing) return { ok: false, status: 409, message: `${prefix}: job already exists` };
    if (want !== 0 && !existing) return { ok: false, status: 409, message: `${prefix}: job does not exist` };
    if (existing && existing.job.JobModifyIndex !== want) return { ok: false, status: 409, message: `${prefix}: job exists with conflicting job modify index: ${existing.job.JobModifyIndex}` };
  }
  if (existing && options.preserveCounts) {
    for (const group of job.TaskGroups) {
      const old = existing.job.TaskGroups.find((g) => g.Name === group.Name);
      if (old) group.Count = old.Count;
    }
  }
  const { state, scheduler, clock } = deps;
  const unchanged = existing !== undefined && !existing.job.Stop && specOf(existing.job) === specOf(job);
  let evaluation: Evaluation | undefined;
  const rec = state.commit((tx) => {
    let rec = existing;
    if (unchanged && rec) {
      // Re-submitting an identical job creates an evaluation but no new version.
    } else {
      job.Version = existing ? existing.job.Version + 1 : 0;
      job.CreateIndex = existing ? existing.job.CreateIndex : tx.index;
      job.ModifyIndex = job.JobModifyIndex = tx.index;
      job.SubmitTime = clock.nowNs();
      job.Status = 'pending';
      job.Stable = false;
      if (!rec) {
        rec = newJobRecord(job);
        state.purgedJobs.delete(rec.key);
        state.jobs.set(rec.key, rec);
        rec.summaryCreateIndex = tx.index;
      } else {
        rec.job = job;
        rec.versions = [job, ...rec.versions].slice(0, TRACKED_VERSIONS);
      }
      rec.summaryModifyIndex = tx.index;
      tx.touch('jobs', 'job_version', 'job_summary');
      tx.jobEvent(rec, 'JobRegistered');
    }
    if (!isParent(rec!.job)) {
      evaluation = scheduler.newEval(tx, rec!, options.triggeredBy ?? 'job-register', options.evalPriority ? { Priority: options.evalPriority } : {});
    }
    return rec!;
  });
  if (evaluation) scheduler.process(rec, evaluation);
  return {
    ok: true,
    value: { EvalID: evaluation?.ID ?? '', EvalCreateIndex: evaluation?.CreateIndex ?? 0, JobModifyIndex: rec.job.JobModifyIndex, Warnings: '', Index: evaluation?.CreateIndex ?? rec.job.JobModifyIndex, LastContact: 0, KnownLeader: false },
  };
}

/** DELETE /v1/job/:id — stop (a new version with Stop set) or purge (gone at once). */
export function deregisterJob(deps: Deps, rec: JobRecord, purge: boolean): { EvalID: string; EvalCreateIndex: number; JobModifyIndex: number; Index: number } {
  const { state, scheduler, clock } = deps;
  let evaluation: Evaluation | undefined;
  state.commit((tx) => {
    if (purge) {
      state.jobs.delete(rec.key);
      state.purgedJobs.set(rec.key, rec);
      for (const alloc of state.allocsOfJob(rec.key)) scheduler.stopAlloc(tx, alloc, 'alloc not needed since job stopped');
      tx.touch('jobs', 'job_version', 'job_summary');
      tx.jobEvent(rec, 'JobDeregistered');
    } else {
      const stopped: Job = { ...rec.job, Stop: true, Version: rec.job.Version + 1, ModifyIndex: tx.index, JobModifyIndex: tx.index, SubmitTime: clock.nowNs(), Stable: false };
      rec.job = stopped;
      rec.versions = [stopped, ...rec.versions].slice(0, TRACKED_VERSIONS);
      tx.touch('jobs', 'job_version', 'job_summary');
      tx.jobEvent(rec, 'JobDeregistered');
    }
    if (!isParent(rec.job)) evaluation = scheduler.newEval(tx, rec, 'job-deregister');
  });
  if (evaluation && !purge) scheduler.process(rec, evaluation);
  else if (evaluation) {
    state.commit((tx) => {
      evaluation!.Status = 'complete';
      evaluation!.ModifyIndex = tx.index;
      tx.evalEvent(evaluation!);
    });
  }
  return { EvalID: evaluation?.ID ?? '', EvalCreateIndex: evaluation?.CreateIndex ?? 0, JobModifyIndex: rec.job.JobModifyIndex, Index: evaluation?.CreateIndex ?? state.index };
}
