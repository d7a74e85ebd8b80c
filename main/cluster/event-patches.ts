// What each cluster event does to the datasets (cluster-api.md, Events): Job → job row, Allocation → allocation
// row and its job's group counts, Node → node row; Deployment and Evaluation only tell open detail views.
// A batch is applied with one upsert per dataset, so 1,000 events/s cost a few re-sorts, not a thousand.
import type { AllocRow, ClusterEvent, JobRow, TaskGroupCounts } from '../contract';
import type { Allocation, Job, Node } from '../contract/cluster-models';
import type { ClusterData } from './cluster-data';
import type { JobRefresher } from './job-refresh';
import { allocRow, jobKey, jobRowFromJob, summaryBucket } from './rows';

const isObject = (value: unknown): value is Record<string, unknown> => value !== null && typeof value === 'object' && !Array.isArray(value);

export function applyClusterEvents(events: readonly ClusterEvent[], data: ClusterData, refresher: JobRefresher): void {
  applyJobEvents(events.filter((e) => e.Topic === 'Job'), data, refresher);
  applyAllocationEvents(events.filter((e) => e.Topic === 'Allocation'), data, refresher);
  applyNodeEvents(events.filter((e) => e.Topic === 'Node' || e.Topic === 'NodeDrain'), data);
  for (const topic of ['Deployment', 'Evaluation'] as const) {
    const jobIds = events.filter((e) => e.Topic === topic).map((e) => (isObject(e.Payload[topic]) ? String((e.Payload[topic] as { JobID?: unknown }).JobID ?? '') : ''));
    // Not datasets: the notice lets an open job detail view refresh its deployments or evaluations tab.
    if (jobIds.length) data.notify(topic === 'Deployment' ? 'deployments' : 'evaluations', [...new Set(jobIds.filter(Boolean))]);
  }
}

function applyJobEvents(events: ClusterEvent[], data: ClusterData, refresher: JobRefresher): void {
  const jobs = data.existing<JobRow>('jobs');
  if (!jobs || events.length === 0) return;
  const upserts = new Map<string, JobRow>();
  const removals: string[] = [];
  for (const event of events) {
    const job = isObject(event.Payload.Job) ? (event.Payload.Job as unknown as Job) : null;
    const namespace = job?.Namespace || event.Namespace || 'default';
    const jobId = job?.ID || event.Key;
    const key = jobKey(namespace, jobId);
    if (event.Type === 'JobDeregistered' || event.Type === 'JobBatchDeregistered') {
      // A stop registers a version with Stop set and stays listed; a purge removes the job. A payload without
      // Stop can only be a purge; otherwise the server is asked (sim/cluster/README.md, Stop).
      if (job && job.Stop !== true) {
        upserts.delete(key);
        removals.push(key);
        continue;
      }
      refresher.queue(namespace, jobId);
    }
    if (job) upserts.set(key, jobRowFromJob(job, upserts.get(key) ?? jobs.get(key)));
  }
  if (upserts.size) data.upsertJobs([...upserts.values()]);
  if (removals.length) data.removeRows('jobs', removals);
}

/** Group counts follow allocations as the server's job summary does: one bucket per client status. */
function applyAllocationEvents(events: ClusterEvent[], data: ClusterData, refresher: JobRefresher): void {
  if (events.length === 0) return;
  const allocs = data.existing<AllocRow>('allocations');
  const jobs = data.existing<JobRow>('jobs');
  const allocsComplete = allocs !== undefined && !allocs.loading;
  const rows = new Map<string, AllocRow>();
  const edited = new Map<string, JobRow>();
  for (const event of events) {
    if (!isObject(event.Payload.Allocation)) continue;
    const alloc = event.Payload.Allocation as unknown as Allocation;
    const row = allocRow(alloc, data.nodeName(alloc.NodeID));
    const previous = rows.get(row.ID) ?? allocs?.get(row.ID);
    rows.set(row.ID, row);
    if (!jobs) continue;
    const key = jobKey(row.Namespace, row.JobID);
    const job = edited.get(key) ?? jobs.get(key);
    if (!job || event.Index <= (data.countsIndex.get(key) ?? 0)) continue; // already in the summary we hold
    data.countsIndex.set(key, event.Index);
    if (previous && previous.ModifyIndex > row.ModifyIndex) continue;
    let groups: TaskGroupCounts[];
    if (previous) groups = moveCount(job.groups, previous, row);
    else if (event.Type === 'AllocationCreated' || allocsComplete) groups = moveCount(job.groups, null, row);
    else {
      refresher.queue(row.Namespace, row.JobID); // old status unknown: let the server's summary say
      continue;
    }
    if (groups !== job.groups) edited.set(key, { ...job, groups });
  }
  if (allocs && rows.size) data.upsertAllocs([...rows.values()]);
  if (edited.size) data.putJobs([...edited.values()]);
}

function moveCount(groups: TaskGroupCounts[], from: AllocRow | null, to: AllocRow): TaskGroupCounts[] {
  const fromBucket = from ? summaryBucket(from.ClientStatus) : null;
  const toBucket = summaryBucket(to.ClientStatus);
  if (from && fromBucket === toBucket && from.TaskGroup === to.TaskGroup) return groups;
  const next = groups.map((g) => ({ ...g }));
  const group = (name: string) => {
    let found = next.find((g) => g.name === name);
    if (!found) next.push((found = { name, queued: 0, starting: 0, running: 0, complete: 0, failed: 0, lost: 0 }));
    return found;
  };
  if (from && fromBucket) group(from.TaskGroup)[fromBucket] = Math.max(0, group(from.TaskGroup)[fromBucket] - 1);
  if (!from) {
    const target = group(to.TaskGroup);
    target.queued = Math.max(0, target.queued - 1); // a new placement was queued until now
  }
  if (toBucket) group(to.TaskGroup)[toBucket]++;
  return next;
}

function applyNodeEvents(events: ClusterEvent[], data: ClusterData): void {
  if (events.length === 0 || !data.existing('nodes')) return;
  const upserts = new Map<string, ReturnType<ClusterData['nodeRowOf']>>();
  const removals: string[] = [];
  for (const event of events) {
    if (event.Type === 'NodeDeregistration') {
      upserts.delete(event.Key);
      removals.push(event.Key);
      continue;
    }
    if (isObject(event.Payload.Node)) upserts.set(event.Key, data.nodeRowOf(event.Payload.Node as unknown as Node));
  }
  if (upserts.size) data.upsertNodes([...upserts.values()]);
  if (removals.length) data.removeRows('nodes', removals);
}
