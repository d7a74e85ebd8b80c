// The one mapping from the cluster API's shapes (list stubs, full objects, event payloads) to the list rows the
// renderer shows (style.md: keep the API's words at the edge, map them once). Rows pick fields, never copy
// objects whole, so a secret field of a payload (SecretID, SecretsToken) can never ride along into a row.
import type { AllocRow, JobRow, NodeRow, TaskGroupCounts } from '../contract';
import type { AllocListStub, Allocation, Job, JobListStub, JobSummary, Node, NodeListStub } from '../contract/cluster-models';

/** Jobs are unique per namespace, not cluster-wide, and the dataset holds every namespace (cluster-api.md, Jobs). */
export function jobKey(namespace: string | undefined, jobId: string): string {
  return `${namespace || 'default'}/${jobId}`;
}

export function jobRowKey(row: Pick<JobRow, 'Namespace' | 'ID'>): string {
  return jobKey(row.Namespace, row.ID);
}

const str = (value: unknown): string => (typeof value === 'string' ? value : '');
const num = (value: unknown): number => (typeof value === 'number' && Number.isFinite(value) ? value : 0);

export function groupsFromSummary(summary: JobSummary | null | undefined): TaskGroupCounts[] {
  if (!summary?.Summary) return [];
  return Object.entries(summary.Summary)
    .map(([name, s]) => ({ name, queued: num(s.Queued), starting: num(s.Starting), running: num(s.Running), complete: num(s.Complete), failed: num(s.Failed), lost: num(s.Lost) }))
    .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
}

export function jobRowFromStub(stub: JobListStub): JobRow {
  return {
    ID: stub.ID,
    Name: str(stub.Name) || stub.ID,
    Namespace: str(stub.Namespace) || 'default',
    Type: str(stub.Type),
    Status: str(stub.Status),
    StatusDescription: str(stub.StatusDescription),
    Priority: num(stub.Priority),
    ParentID: str(stub.ParentID),
    // List entries carry these as booleans (Nomad's JobListStub); full jobs as objects.
    Periodic: stub.Periodic === true,
    Parameterized: stub.ParameterizedJob === true,
    Stop: stub.Stop === true,
    Datacenters: Array.isArray(stub.Datacenters) ? (stub.Datacenters as unknown[]).filter((d): d is string => typeof d === 'string') : [],
    SubmitTime: typeof stub.SubmitTime === 'number' ? stub.SubmitTime : null,
    ModifyIndex: num(stub.ModifyIndex),
    groups: groupsFromSummary(stub.JobSummary),
  };
}

/**
 * A full job (event payload or read) has no summary: counts are kept from the previous row for groups that still
 * exist, new groups start at zero until allocations or a summary read fill them.
 */
export function jobRowFromJob(job: Job, previous?: JobRow, summary?: JobSummary | null): JobRow {
  const before = new Map((previous?.groups ?? []).map((g) => [g.name, g]));
  const groups = summary
    ? groupsFromSummary(summary)
    : (job.TaskGroups ?? []).map((g) => before.get(g.Name) ?? { name: g.Name, queued: 0, starting: 0, running: 0, complete: 0, failed: 0, lost: 0 });
  return {
    ID: job.ID,
    Name: str(job.Name) || job.ID,
    Namespace: str(job.Namespace) || 'default',
    Type: str(job.Type),
    Status: str(job.Status),
    StatusDescription: str(job.StatusDescription),
    Priority: num(job.Priority),
    ParentID: str(job.ParentID),
    Periodic: Boolean(job.Periodic),
    Parameterized: Boolean(job.ParameterizedJob),
    Stop: job.Stop === true,
    Datacenters: Array.isArray(job.Datacenters) ? job.Datacenters.filter((d) => typeof d === 'string') : [],
    SubmitTime: typeof job.SubmitTime === 'number' ? job.SubmitTime : null,
    ModifyIndex: num(job.ModifyIndex),
    groups,
  };
}

/** Which summary bucket an allocation's client status counts in (Nomad's job summary). */
export function summaryBucket(clientStatus: string): keyof Omit<TaskGroupCounts, 'name'> | null {
  switch (clientStatus) {
    case 'pending':
      return 'starting';
    case 'running':
      return 'running';
    case 'complete':
      return 'complete';
    case 'failed':
      return 'failed';
    case 'lost':
      return 'lost';
    default:
      return null;
  }
}

/** `nodeName` comes from the nodes dataset when the payload has none (event-stream allocations may lack it). */
export function allocRow(alloc: AllocListStub | Allocation, nodeName?: string): AllocRow {
  return {
    ID: alloc.ID,
    Name: str(alloc.Name),
    Namespace: str(alloc.Namespace) || 'default',
    JobID: str(alloc.JobID),
    TaskGroup: str(alloc.TaskGroup),
    NodeID: str(alloc.NodeID),
    NodeName: nodeName || str(alloc.NodeName),
    ClientStatus: str(alloc.ClientStatus),
    DesiredStatus: str(alloc.DesiredStatus),
    DeploymentID: str((alloc as Allocation).DeploymentID),
    EvalID: str(alloc.EvalID),
    CreateTime: num(alloc.CreateTime),
    ModifyTime: num(alloc.ModifyTime),
    ModifyIndex: num(alloc.ModifyIndex),
  };
}

function hostOf(httpAddr: string): string {
  const colon = httpAddr.lastIndexOf(':');
  return colon > 0 ? httpAddr.slice(0, colon) : httpAddr;
}

/** Node list entries carry Address and Version; full nodes (reads, Node events) carry HTTPAddr and Attributes. */
export function nodeRow(node: NodeListStub | Node, allocCounts: NodeRow['allocCounts']): NodeRow {
  const attributes = (node as Node).Attributes ?? null;
  return {
    ID: node.ID,
    Name: str(node.Name),
    Datacenter: str(node.Datacenter),
    NodeClass: str(node.NodeClass),
    Address: str(node.Address) || hostOf(str((node as Node).HTTPAddr)),
    Status: str(node.Status),
    SchedulingEligibility: str(node.SchedulingEligibility),
    Drain: node.Drain === true,
    Version: str(node.Version) || str(attributes?.['nomad.version']),
    allocCounts,
    ModifyIndex: num(node.ModifyIndex),
  };
}
