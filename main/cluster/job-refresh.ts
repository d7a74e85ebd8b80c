// Re-reads single jobs into the jobs dataset: after an action, after a JobDeregistered event (stopped or purged?),
// and when an allocation changed whose previous state is unknown (so the group counts cannot be adjusted). Queued
// reads are deduplicated, spread over time and bounded, so a burst of events never becomes a burst of requests.
import type { JobRow } from '../contract';
import { HostError } from '../host/host-error';
import type { Logger } from '../host/logger';
import type { PoolClient } from './client-pool';
import type { ClusterData } from './cluster-data';
import { jobKey, jobRowFromJob } from './rows';

const BATCH = 20;
const CONCURRENCY = 4;
const FIRST_DELAY_MS = 250;
const NEXT_DELAY_MS = 1_000;
/** Past this many waiting jobs the list is refetched instead: one paged pass beats thousands of reads. */
const MAX_PENDING = 2_000;

export class JobRefresher {
  private readonly pending = new Map<string, { namespace: string; jobId: string }>();
  private timer: NodeJS.Timeout | undefined;
  private closed = false;

  constructor(private readonly client: PoolClient, private readonly data: ClusterData, private readonly log: Logger) {}

  /** Reads the job and its summary now; a 404 removes the row (purged). */
  async refresh(namespace: string, jobId: string): Promise<void> {
    const dataset = this.data.existing<JobRow>('jobs');
    if (!dataset || this.closed) return;
    const key = jobKey(namespace, jobId);
    try {
      const [job, summary] = await Promise.all([this.client.readJob(jobId, { namespace }), this.client.jobSummary(jobId, { namespace }).catch(() => null)]);
      if (this.closed) return;
      if (summary) this.data.countsIndex.set(key, summary.value.ModifyIndex);
      this.data.putJobs([jobRowFromJob(job.value, dataset.get(key), summary?.value)]);
    } catch (error) {
      if (error instanceof HostError && error.code === 'not_found') this.data.removeRows('jobs', [key]);
      else this.log.debug('job refresh failed', { connectionId: this.data.connectionId, error: (error as Error).message });
    }
  }

  queue(namespace: string, jobId: string): void {
    if (this.closed || !this.data.existing('jobs')) return;
    if (this.pending.size >= MAX_PENDING) {
      this.pending.clear();
      void this.data.refetch('jobs');
      return;
    }
    this.pending.set(jobKey(namespace, jobId), { namespace, jobId });
    this.timer ??= setTimeout(() => void this.drain(), FIRST_DELAY_MS);
  }

  close(): void {
    this.closed = true;
    if (this.timer) clearTimeout(this.timer);
    this.pending.clear();
  }

  private async drain(): Promise<void> {
    const batch = [...this.pending.entries()].slice(0, BATCH);
    for (const [key] of batch) this.pending.delete(key);
    const work = batch.map(([, job]) => job);
    const worker = async () => {
      for (let job = work.shift(); job && !this.closed; job = work.shift()) await this.refresh(job.namespace, job.jobId);
    };
    await Promise.all(Array.from({ length: CONCURRENCY }, worker));
    this.timer = undefined;
    if (this.pending.size > 0 && !this.closed) this.timer = setTimeout(() => void this.drain(), NEXT_DELAY_MS);
  }
}
