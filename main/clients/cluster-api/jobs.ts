// Job reads: the list (paginated, blocking), one job, its versions, allocations, evaluations, deployments, summary
// and scale status (cluster-api.md, Jobs). Writes are in job-commands.ts.
import { ClusterCore, segment, type BlockingOptions, type Call, type Indexed, type Page } from './client';
import type { AllocListStub, Deployment, Evaluation, Job, JobDiff, JobListStub, JobScaleStatus, JobSummary, JobVersions } from '../../contract/cluster-models';
import { redactClusterPayload } from './redact';
import {
  allocListStubSchema,
  decode,
  decodeList,
  deploymentSchema,
  evaluationSchema,
  jobListStubSchema,
  jobSchema,
  jobSummarySchema,
  jobVersionsSchema,
  parsedJobSchema,
  scaleStatusSchema,
} from './schemas';
import { checkInteger } from './input';

export interface ListJobsOptions extends BlockingOptions {
  /** Prefix of the job ID (job IDs are names, so any text is allowed here). */
  prefix?: string;
  /** Server-side filter expression (newer description). */
  filter?: string;
  /** Page size; 0 or absent means unpaginated (cluster-api.md, Limits). */
  perPage?: number;
  /** From `nextToken` of the previous page. */
  nextToken?: string;
}

export interface ParseJobInput {
  hcl: string;
  /** Fill unset fields with defaults, so the result can be shown and planned. */
  canonicalize?: boolean;
  /** Use the legacy parser. */
  hclV1?: boolean;
  namespace?: string;
}

export const jobTarget = (jobId: string): string => `job "${jobId}"`;

/** A blocking read under `/v1/job/:job_id`: every one has the same path root, namespace and permission target. */
function jobRead(jobId: string, endpoint: Call['endpoint'], below: string, options: BlockingOptions, query?: Call['query']): Call {
  return { endpoint, method: 'GET', path: `/v1/job/${segment(jobId, 'job ID')}${below}`, query, namespace: options.namespace, target: jobTarget(jobId), blocking: options };
}

export class JobQueries extends ClusterCore {
  /** One page of jobs; follow `nextToken`, or use `listJobPages` to walk them all. */
  async listJobs(options: ListJobsOptions = {}): Promise<Page<JobListStub>> {
    checkInteger(options.perPage, 'page size');
    const answer = await this.send({
      endpoint: 'listJobs',
      method: 'GET',
      path: '/v1/jobs',
      query: { prefix: options.prefix || undefined, filter: options.filter || undefined, per_page: options.perPage || undefined, next_token: options.nextToken },
      namespace: options.namespace,
      blocking: options,
    });
    return { value: decodeList<JobListStub>(jobListStubSchema, answer.value, 'the job list'), index: answer.index, nextToken: answer.nextToken };
  }

  /** Every page of the job list in order, `perPage` entries at a time. */
  listJobPages(options: Omit<ListJobsOptions, 'nextToken' | 'index' | 'waitMs'> = {}): AsyncGenerator<Page<JobListStub>, void, undefined> {
    return this.pages((nextToken) => this.listJobs({ ...options, nextToken }));
  }

  /** Parses job definition text into a Job without registering it. A POST, so it is never retried. */
  async parseJob(input: ParseJobInput): Promise<Job> {
    const answer = await this.send({
      endpoint: 'parseJob',
      method: 'POST',
      path: '/v1/jobs/parse',
      namespace: input.namespace,
      body: { JobHCL: input.hcl, Canonicalize: input.canonicalize ?? false, HCLv1: input.hclV1 ?? false },
    });
    return redactClusterPayload(decode<Job>(parsedJobSchema, answer.value, 'the parsed job'));
  }

  async readJob(jobId: string, options: BlockingOptions = {}): Promise<Indexed<Job>> {
    return this.read(jobRead(jobId, 'readJob', '', options), (value) =>
      redactClusterPayload(decode<Job>(jobSchema, value, `job "${jobId}"`)),
    );
  }

  /** Versions newest first, with diffs between them when `diffs` is set and the server is new enough. */
  async jobVersions(jobId: string, options: BlockingOptions & { diffs?: boolean } = {}): Promise<Indexed<JobVersions>> {
    return this.read(
      jobRead(jobId, 'jobVersions', '/versions', options, { diffs: options.diffs || undefined }),
      (value) => {
        const decoded = decode<Job[] | { Versions: Job[]; Diffs?: JobDiff[] | null }>(jobVersionsSchema, value, `the versions of job "${jobId}"`);
        // Older servers answer a bare array and cannot give diffs (cluster-api.md, Versioning).
        const normalised: JobVersions = Array.isArray(decoded) ? { Versions: decoded, Diffs: null } : { Versions: decoded.Versions, Diffs: decoded.Diffs ?? null };
        return redactClusterPayload(normalised);
      },
    );
  }

  /** `all` includes allocations of earlier jobs registered under the same ID. */
  async jobAllocations(jobId: string, options: BlockingOptions & { all?: boolean } = {}): Promise<Indexed<AllocListStub[]>> {
    return this.read(
      jobRead(jobId, 'jobAllocations', '/allocations', options, { all: options.all || undefined }),
      (value) => redactClusterPayload(decodeList<AllocListStub>(allocListStubSchema, value, `the allocations of job "${jobId}"`)),
    );
  }

  async jobEvaluations(jobId: string, options: BlockingOptions = {}): Promise<Indexed<Evaluation[]>> {
    return this.read(
      jobRead(jobId, 'jobEvaluations', '/evaluations', options),
      (value) => decodeList<Evaluation>(evaluationSchema, value, `the evaluations of job "${jobId}"`),
    );
  }

  async jobDeployments(jobId: string, options: BlockingOptions & { all?: boolean } = {}): Promise<Indexed<Deployment[]>> {
    return this.read(
      jobRead(jobId, 'jobDeployments', '/deployments', options, { all: options.all || undefined }),
      (value) => decodeList<Deployment>(deploymentSchema, value, `the deployments of job "${jobId}"`),
    );
  }

  /** The most recent deployment, or null when the job never had one (the server answers `null`). */
  async latestDeployment(jobId: string, options: BlockingOptions = {}): Promise<Indexed<Deployment | null>> {
    return this.read(
      jobRead(jobId, 'latestDeployment', '/deployment', options),
      (value) => (value === null ? null : decode<Deployment>(deploymentSchema, value, `the latest deployment of job "${jobId}"`)),
    );
  }

  async jobSummary(jobId: string, options: BlockingOptions = {}): Promise<Indexed<JobSummary>> {
    return this.read(
      jobRead(jobId, 'jobSummary', '/summary', options),
      (value) => decode<JobSummary>(jobSummarySchema, value, `the summary of job "${jobId}"`),
    );
  }

  /** Desired and placed counts per task group (beta endpoint; cluster-api.md, GET /v1/job/:job_id/scale). */
  async jobScaleStatus(jobId: string, options: BlockingOptions = {}): Promise<Indexed<JobScaleStatus>> {
    return this.read(
      jobRead(jobId, 'jobScaleStatus', '/scale', options),
      (value) => decode<JobScaleStatus>(scaleStatusSchema, value, `the scale status of job "${jobId}"`),
    );
  }
}
