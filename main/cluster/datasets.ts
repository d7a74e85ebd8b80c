// The shapes of the three cluster datasets (search text, facets, sorters) for the windowed dataset engine
// (main/lists/list-dataset.ts). Each dataset holds every namespace; a query's namespace narrows it there.
import type { AllocRow, JobRow, NodeRow } from '../contract';
import type { DatasetShape } from '../lists/list-dataset';
import { jobRowKey } from './rows';

export type ClusterResource = 'jobs' | 'allocations' | 'nodes';
export const CLUSTER_RESOURCES: readonly ClusterResource[] = ['jobs', 'allocations', 'nodes'];

const text = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);
const number = (a: number | null, b: number | null): number => (a ?? -1) - (b ?? -1);

export const JOB_SHAPE: DatasetShape<JobRow> = {
  id: jobRowKey,
  searchText: (row) => `${row.ID} ${row.Name}`,
  facets: {
    Status: (row) => row.Status,
    Type: (row) => row.Type,
    Namespace: (row) => row.Namespace,
    // Lets the list hide dispatched and periodic children, which can outnumber their parents many times.
    Kind: (row) => (row.ParentID ? 'child' : row.Periodic ? 'periodic' : row.Parameterized ? 'parameterized' : 'plain'),
  },
  sorters: {
    Name: (a, b) => text(a.Name, b.Name),
    Type: (a, b) => text(a.Type, b.Type),
    Status: (a, b) => text(a.Status, b.Status),
    Priority: (a, b) => a.Priority - b.Priority,
    Namespace: (a, b) => text(a.Namespace, b.Namespace),
    SubmitTime: (a, b) => number(a.SubmitTime, b.SubmitTime),
    ModifyIndex: (a, b) => a.ModifyIndex - b.ModifyIndex,
  },
  defaultSort: { key: 'Name', order: 'asc' },
  namespace: (row) => row.Namespace,
};

export const ALLOC_SHAPE: DatasetShape<AllocRow> = {
  id: (row) => row.ID,
  searchText: (row) => `${row.Name} ${row.JobID} ${row.NodeName} ${row.TaskGroup}`,
  facets: {
    ClientStatus: (row) => row.ClientStatus,
    DesiredStatus: (row) => row.DesiredStatus,
    Namespace: (row) => row.Namespace,
  },
  sorters: {
    Name: (a, b) => text(a.Name, b.Name),
    JobID: (a, b) => text(a.JobID, b.JobID),
    ClientStatus: (a, b) => text(a.ClientStatus, b.ClientStatus),
    NodeName: (a, b) => text(a.NodeName, b.NodeName),
    CreateTime: (a, b) => a.CreateTime - b.CreateTime,
    ModifyTime: (a, b) => a.ModifyTime - b.ModifyTime,
    Namespace: (a, b) => text(a.Namespace, b.Namespace),
  },
  defaultSort: { key: 'CreateTime', order: 'desc' },
  namespace: (row) => row.Namespace,
};

export const NODE_SHAPE: DatasetShape<NodeRow> = {
  id: (row) => row.ID,
  searchText: (row) => `${row.Name} ${row.Address} ${row.Datacenter} ${row.NodeClass}`,
  facets: {
    Status: (row) => row.Status,
    SchedulingEligibility: (row) => row.SchedulingEligibility,
    Drain: (row) => (row.Drain ? 'draining' : 'not draining'),
    Datacenter: (row) => row.Datacenter,
    NodeClass: (row) => row.NodeClass || '(none)',
    Version: (row) => row.Version,
  },
  sorters: {
    Name: (a, b) => text(a.Name, b.Name),
    Datacenter: (a, b) => text(a.Datacenter, b.Datacenter),
    Status: (a, b) => text(a.Status, b.Status),
    SchedulingEligibility: (a, b) => text(a.SchedulingEligibility, b.SchedulingEligibility),
    Version: (a, b) => text(a.Version, b.Version),
    NodeClass: (a, b) => text(a.NodeClass, b.NodeClass),
    allocations: (a, b) => (a.allocCounts?.total ?? -1) - (b.allocCounts?.total ?? -1),
  },
  defaultSort: { key: 'Name', order: 'asc' },
};
