// Job writes: register, update, dispatch, revert, stability, evaluate, plan, periodic force, stop/purge and scale
// (cluster-api.md, Jobs). All are POST or DELETE, so none is retried: a repeat could apply twice.
import { HostError } from '../../host/host-error';
import { REDACTED } from '../../redaction/redact-payload';
import { CLUSTER_ENDPOINTS } from './errors';
import { checkDispatchPayload, checkInteger } from './input';
import { JobQueries, jobTarget } from './jobs';
import type { Job, JobDispatchResponse, JobEvalResponse, JobRegisterResponse, JobStabilityResponse, PeriodicForceResponse, PlanResult } from '../../contract/cluster-models';
import { redactClusterPayload } from './redact';
import {
  decode,
  dispatchResponseSchema,
  periodicForceResponseSchema,
  planResultSchema,
  registerResponseSchema,
  stabilityResponseSchema,
} from './schemas';
import { segment } from './client';

export interface RegisterJobOptions {
  /** Check-and-set: register only when the current JobModifyIndex equals this; 0 means the job must be new. */
  enforceIndex?: number;
  /** Overrides soft-mandatory policies; needs `namespace:policy-override` as well. */
  policyOverride?: boolean;
  evalPriority?: number;
  /** Keep the running group counts (register only; newer description). */
  preserveCounts?: boolean;
  namespace?: string;
}

export interface DispatchJobInput {
  /** Base64; at most 16384 bytes once decoded. */
  payload?: string;
  meta?: Record<string, string>;
  /** Prevents a second dispatch with the same token (e.g. after a lost answer). */
  idempotencyToken?: string;
  namespace?: string;
}

export interface RevertJobInput {
  version: number;
  /** Check-and-set on the job's current version. */
  enforcePriorVersion?: number;
  meshToken?: string;
  secretsToken?: string;
  namespace?: string;
}

export interface ScaleTaskGroupInput {
  group: string;
  count?: number;
  /** Exactly one of `message` or `error` (cluster-api.md, POST /v1/job/:job_id/scale). */
  message?: string;
  error?: string;
  meta?: Record<string, unknown>;
  policyOverride?: boolean;
  namespace?: string;
}

/** With PolicyOverride the endpoint also needs `namespace:policy-override` (cluster-api.md, POST /v1/jobs). */
function withOverride(base: string, policyOverride: boolean | undefined): string | undefined {
  return policyOverride ? `${base.includes(' or ') ? `(${base})` : base} and namespace:policy-override` : undefined;
}

/**
 * A job read through this client carries `<redacted>` in place of its tokens; sending that back would set the
 * token to the placeholder, so the placeholder is dropped and the server keeps what it has.
 */
function withoutPlaceholders(job: Job): Job {
  const out: Job = { ...job };
  for (const field of ['SecretsToken', 'MeshToken'] as const) if (out[field] === REDACTED) delete out[field];
  return out;
}

function jobIdOf(job: Job): string {
  if (!job || typeof job !== 'object' || typeof job.ID !== 'string' || job.ID === '') {
    throw new HostError('invalid_input', 'The job definition has no ID. Give the job an ID (its name) and try again.', { details: [{ path: 'Job.ID', message: 'required' }] });
  }
  return job.ID;
}

export class JobCommands extends JobQueries {
  /** Registers a new job, or a new version of one (POST /v1/jobs). */
  async registerJob(job: Job, options: RegisterJobOptions = {}): Promise<JobRegisterResponse> {
    const jobId = jobIdOf(job);
    checkInteger(options.enforceIndex, 'JobModifyIndex');
    const answer = await this.send({
      endpoint: 'registerJob',
      method: 'POST',
      path: '/v1/jobs',
      namespace: options.namespace ?? job.Namespace,
      target: jobTarget(jobId),
      acl: withOverride(CLUSTER_ENDPOINTS.registerJob.acl, options.policyOverride),
      body: {
        Job: withoutPlaceholders(job),
        EnforceIndex: options.enforceIndex !== undefined,
        JobModifyIndex: options.enforceIndex ?? 0,
        PolicyOverride: options.policyOverride ?? false,
        EvalPriority: options.evalPriority ?? 0,
        PreserveCounts: options.preserveCounts ?? false,
      },
    });
    return decode<JobRegisterResponse>(registerResponseSchema, answer.value, `the registration of job "${jobId}"`);
  }

  /** Updates the job at `jobId` (POST /v1/job/:job_id); the definition's ID must name the same job. */
  async updateJob(jobId: string, job: Job, options: Omit<RegisterJobOptions, 'preserveCounts'> = {}): Promise<JobRegisterResponse> {
    if (jobIdOf(job) !== jobId) {
      throw new HostError('invalid_input', `The definition's ID "${job.ID}" does not match job "${jobId}". Edit the ID, or register it as a new job.`, { details: [{ path: 'Job.ID', message: `must be ${jobId}` }] });
    }
    checkInteger(options.enforceIndex, 'JobModifyIndex');
    const answer = await this.send({
      endpoint: 'updateJob',
      method: 'POST',
      path: `/v1/job/${segment(jobId, 'job ID')}`,
      namespace: options.namespace ?? job.Namespace,
      target: jobTarget(jobId),
      acl: withOverride(CLUSTER_ENDPOINTS.updateJob.acl, options.policyOverride),
      body: { Job: withoutPlaceholders(job), EnforceIndex: options.enforceIndex !== undefined, JobModifyIndex: options.enforceIndex ?? 0, PolicyOverride: options.policyOverride ?? false, EvalPriority: options.evalPriority ?? 0 },
    });
    return decode<JobRegisterResponse>(registerResponseSchema, answer.value, `the update of job "${jobId}"`);
  }

  /** Instantiates a parameterized job; the payload is checked against the 16384-byte limit before sending. */
  async dispatchJob(jobId: string, input: DispatchJobInput = {}): Promise<JobDispatchResponse> {
    checkDispatchPayload(input.payload);
    const answer = await this.send({
      endpoint: 'dispatchJob',
      method: 'POST',
      path: `/v1/job/${segment(jobId, 'job ID')}/dispatch`,
      query: { idempotency_token: input.idempotencyToken || undefined },
      namespace: input.namespace,
      target: jobTarget(jobId),
      body: { Payload: input.payload ? input.payload.replace(/\s+/g, '') : '', Meta: input.meta ?? {} },
    });
    return decode<JobDispatchResponse>(dispatchResponseSchema, answer.value, `the dispatch of job "${jobId}"`);
  }

  async revertJob(jobId: string, input: RevertJobInput): Promise<JobEvalResponse> {
    checkInteger(input.version, 'job version');
    checkInteger(input.enforcePriorVersion, 'prior version');
    const body: Record<string, unknown> = { JobID: jobId, JobVersion: input.version };
    if (input.enforcePriorVersion !== undefined) body.EnforcePriorVersion = input.enforcePriorVersion;
    if (input.meshToken) body.MeshToken = input.meshToken;
    if (input.secretsToken) body.SecretsToken = input.secretsToken;
    const answer = await this.send({ endpoint: 'revertJob', method: 'POST', path: `/v1/job/${segment(jobId, 'job ID')}/revert`, namespace: input.namespace, target: jobTarget(jobId), body });
    return decode<JobEvalResponse>(registerResponseSchema, answer.value, `the revert of job "${jobId}"`);
  }

  /** Marks a version stable (or not), which decides where auto-revert goes back to. */
  async setJobStability(jobId: string, version: number, stable: boolean, options: { namespace?: string } = {}): Promise<JobStabilityResponse> {
    checkInteger(version, 'job version');
    const answer = await this.send({
      endpoint: 'setJobStability',
      method: 'POST',
      path: `/v1/job/${segment(jobId, 'job ID')}/stable`,
      namespace: options.namespace,
      target: jobTarget(jobId),
      body: { JobID: jobId, JobVersion: version, Stable: stable },
    });
    return decode<JobStabilityResponse>(stabilityResponseSchema, answer.value, `the stability change of job "${jobId}"`);
  }

  /** Forces the scheduler to look at the job again; the JSON body is the form since release 0.8.4 (cluster-api.md, Versioning). */
  async evaluateJob(jobId: string, options: { forceReschedule?: boolean; namespace?: string } = {}): Promise<JobEvalResponse> {
    const answer = await this.send({
      endpoint: 'evaluateJob',
      method: 'POST',
      path: `/v1/job/${segment(jobId, 'job ID')}/evaluate`,
      namespace: options.namespace,
      target: jobTarget(jobId),
      body: { JobID: jobId, EvalOptions: { ForceReschedule: options.forceReschedule ?? false } },
    });
    return decode<JobEvalResponse>(registerResponseSchema, answer.value, `the evaluation of job "${jobId}"`);
  }

  /** Dry run of a registration; the diff is redacted because it can carry secret field values. */
  async planJob(jobId: string, job: Job, options: { diff?: boolean; policyOverride?: boolean; namespace?: string } = {}): Promise<PlanResult> {
    const answer = await this.send({
      endpoint: 'planJob',
      method: 'POST',
      path: `/v1/job/${segment(jobId, 'job ID')}/plan`,
      namespace: options.namespace ?? job.Namespace,
      target: jobTarget(jobId),
      acl: withOverride(CLUSTER_ENDPOINTS.planJob.acl, options.policyOverride),
      body: { Job: withoutPlaceholders(job), Diff: options.diff ?? true, PolicyOverride: options.policyOverride ?? false },
    });
    return redactClusterPayload(decode<PlanResult>(planResultSchema, answer.value, `the plan of job "${jobId}"`));
  }

  /** Launches a periodic job now, even when that overlaps a running instance (cluster-api.md). */
  async forcePeriodic(jobId: string, options: { namespace?: string } = {}): Promise<PeriodicForceResponse> {
    const answer = await this.send({ endpoint: 'forcePeriodic', method: 'POST', path: `/v1/job/${segment(jobId, 'job ID')}/periodic/force`, namespace: options.namespace, target: jobTarget(jobId) });
    return decode<PeriodicForceResponse>(periodicForceResponseSchema, answer.value, `the periodic launch of job "${jobId}"`);
  }

  /** Stops the job; with `purge` it is removed at once and reads answer 404 afterwards (cluster-api.md, Job lifecycle). */
  async stopJob(jobId: string, options: { purge?: boolean; namespace?: string } = {}): Promise<JobEvalResponse> {
    const answer = await this.send({
      endpoint: 'stopJob',
      method: 'DELETE',
      path: `/v1/job/${segment(jobId, 'job ID')}`,
      query: { purge: options.purge ? true : undefined },
      namespace: options.namespace,
      target: jobTarget(jobId),
    });
    return decode<JobEvalResponse>(registerResponseSchema, answer.value, `the stop of job "${jobId}"`);
  }

  /**
   * Sets a task group's count. The server refuses (400) while a deployment is active; its text is passed on.
   * The response shape is not specified (cluster-api.md, POST /v1/job/:job_id/scale), so it is returned as given.
   */
  async scaleTaskGroup(jobId: string, input: ScaleTaskGroupInput): Promise<Record<string, unknown>> {
    if (!input.group) throw new HostError('invalid_input', 'Choose the task group to scale.', { details: [{ path: 'group', message: 'required' }] });
    checkInteger(input.count, 'count');
    if ((input.message === undefined) === (input.error === undefined)) {
      throw new HostError('invalid_input', 'Scaling needs exactly one of a message or an error text (cluster-api.md, scale task group). Fill in one of them.', {
        details: [{ path: 'message', message: 'exactly one of message or error' }],
      });
    }
    const body: Record<string, unknown> = { Target: { Group: input.group }, PolicyOverride: input.policyOverride ?? false };
    if (input.count !== undefined) body.Count = input.count;
    if (input.message !== undefined) body.Message = input.message;
    if (input.error !== undefined) body.Error = input.error;
    if (input.meta) body.Meta = input.meta;
    const answer = await this.send({
      endpoint: 'scaleTaskGroup',
      method: 'POST',
      path: `/v1/job/${segment(jobId, 'job ID')}/scale`,
      namespace: input.namespace,
      target: `${jobTarget(jobId)}, group "${input.group}"`,
      acl: withOverride(CLUSTER_ENDPOINTS.scaleTaskGroup.acl, input.policyOverride),
      body,
    });
    const value = answer.value;
    return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
  }
}
