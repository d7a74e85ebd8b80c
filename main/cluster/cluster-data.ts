// The jobs, allocations and nodes datasets of one cluster connection: first fill page by page (queries answer
// from what has arrived), refetch after a gap, and the patches live updates and actions make. Derived values are
// kept here too: node allocation counts and allocation node names, which join two datasets.
import type { AllocRow, JobRow, NodeRow } from '../contract';
import type { Node, NodeListStub } from '../contract/cluster-models';
import type { DatasetRegistry } from '../lists/dataset-registry';
import type { ListDataset } from '../lists/list-dataset';
import type { Logger } from '../host/logger';
import { toBridgeError } from '../host/host-error';
import type { DatasetRestorer } from '../cache/dataset-snapshots';
import type { PoolClient } from './client-pool';
import { ALLOC_SHAPE, JOB_SHAPE, NODE_SHAPE, type ClusterResource } from './datasets';
import { allocRow, jobKey, jobRowFromStub, jobRowKey, nodeRow } from './rows';

/** 500 jobs a page: 40 requests for 20,000 jobs, each small enough that the first rows show at once. */
const JOB_PAGE = 500;
/** Allocation stubs without task states are ≈1 KB; 2,000 a page is ≈2 MB. */
const ALLOC_PAGE = 2_000;
/**
 * The first page is small, so the first rows show after one quick answer: at 100,000 allocations the simulator
 * answers 200 stubs in ~0.05 s and 2,000 in ~0.3-0.6 s (bench/cluster-lists.bench.ts, time-to-first-rows).
 */
const FIRST_ALLOC_PAGE = 200;

type Counts = { running: number; total: number };
type Row = JobRow | AllocRow | NodeRow;

interface FillPage {
  index: number;
  rows: Row[];
}

export class ClusterData {
  private readonly fills = new Map<ClusterResource, Promise<void>>();
  /** Refetch asked for while a fill runs: one more pass follows it. */
  private readonly again = new Set<ClusterResource>();
  /** Keys removed by live updates while a fill runs, so a page fetched earlier does not bring them back. */
  private readonly removedDuringFill = new Map<ClusterResource, Set<string>>();
  private readonly allocCounts = new Map<string, Counts>();
  /**
   * Per job: the index up to which its group counts are exact (the summary's ModifyIndex, which is the highest
   * ModifyIndex of the job's allocations). Allocation events at or below it are already counted.
   */
  readonly countsIndex = new Map<string, number>();
  /** X-Cluster-Index of each list's last complete pass: where a blocking query on it starts. */
  readonly listIndex = new Map<ClusterResource, number>();
  /** X-Cluster-Index of the first page of a pass still running. */
  private readonly fillSnapshot = new Map<ClusterResource, number>();
  /**
   * Keys of rows restored from the offline cache and not yet confirmed by the server. Their indexes may come from
   * another life of the cluster (restored, rebuilt), so the server's rows replace them whatever their index, and the
   * first complete fill drops the ones it did not list.
   */
  private readonly fromCache = new Map<ClusterResource, Set<string>>();
  private closed = false;

  constructor(
    readonly connectionId: string,
    private readonly client: PoolClient,
    private readonly registry: DatasetRegistry,
    private readonly log: Logger,
    private readonly restorer?: DatasetRestorer,
  ) {}

  jobs(): ListDataset<JobRow> {
    return this.registry.dataset(this.connectionId, 'jobs', JOB_SHAPE);
  }

  allocations(): ListDataset<AllocRow> {
    return this.registry.dataset(this.connectionId, 'allocations', ALLOC_SHAPE);
  }

  nodes(): ListDataset<NodeRow> {
    return this.registry.dataset(this.connectionId, 'nodes', NODE_SHAPE);
  }

  /** The dataset if a view ever asked for it; live updates patch only those. */
  existing<R>(resource: ClusterResource): ListDataset<R> | undefined {
    return this.registry.existing<R>(this.connectionId, resource);
  }

  /** Resources whose first fill has started. */
  get active(): ClusterResource[] {
    return (['jobs', 'allocations', 'nodes'] as const).filter((r) => this.existing(r) !== undefined);
  }

  notify(resource: string, ids?: string[]): void {
    if (!this.closed) this.registry.notify(this.connectionId, resource, ids && ids.length > 0 ? ids.slice(0, 500) : undefined);
  }

  /**
   * Starts the first fill of a dataset once `after` settles (the live feed has fixed its start index, so no event
   * between the list and the stream is missed); later calls return at once. Returns the resources it started.
   */
  ensure(resource: ClusterResource, after: Promise<unknown> = Promise.resolve()): ClusterResource[] {
    if (this.existing(resource)) return [];
    const dataset = this.dataset(resource); // created now, so a query right after sees `loading: true`
    this.restore(resource, dataset);
    void after.then(() => (this.closed ? undefined : this.refetch(resource)));
    // Node rows show allocation counts and allocation rows node names: each list needs the other.
    const other: ClusterResource | null = resource === 'allocations' ? 'nodes' : resource === 'nodes' ? 'allocations' : null;
    return [resource, ...(other ? this.ensure(other, after) : [])];
  }

  /** A full pass over the server's list; rows it no longer has are removed at the end. */
  refetch(resource: ClusterResource): Promise<void> {
    const running = this.fills.get(resource);
    if (running) {
      this.again.add(resource);
      return running;
    }
    const fill = this.fill(resource).finally(() => {
      this.fills.delete(resource);
      if (this.again.delete(resource) && !this.closed) void this.refetch(resource);
    });
    this.fills.set(resource, fill);
    return fill;
  }

  /**
   * Whether a list may miss events with an index in the open range (fromIndex, toIndex) that the event stream
   * skipped: not when its newest pass (running or done) was taken at or after toIndex - 1.
   */
  mayMiss(resource: ClusterResource, gap: { fromIndex: number; toIndex: number }): boolean {
    if (!this.existing(resource)) return false;
    const snapshot = this.fillSnapshot.get(resource) ?? (this.fills.has(resource) ? undefined : this.listIndex.get(resource));
    return snapshot === undefined || snapshot < gap.toIndex - 1;
  }

  /** Resolves when no fill of `resource` runs (tests and callers that need the whole list). */
  async settled(resource: ClusterResource): Promise<void> {
    while (this.fills.get(resource)) await this.fills.get(resource);
  }

  close(): void {
    this.closed = true;
  }

  private dataset(resource: ClusterResource): ListDataset<Row> {
    if (resource === 'jobs') return this.jobs() as ListDataset<Row>;
    if (resource === 'allocations') return this.allocations() as ListDataset<Row>;
    return this.nodes() as ListDataset<Row>;
  }

  /** The last known rows from the offline cache, shown until the server's arrive (issue 7, stale-while-revalidate). */
  private restore(resource: ClusterResource, dataset: ListDataset<Row>): void {
    if (!this.restorer) return;
    const shape = resource === 'jobs' ? JOB_SHAPE : resource === 'allocations' ? ALLOC_SHAPE : NODE_SHAPE;
    const key = shape.id as (row: Row) => string;
    this.restorer.restore<Row>(this.connectionId, resource, dataset, (rows) => {
      // Allocations through the normal upsert, so node allocation counts stay consistent when live rows replace
      // these; jobs and nodes straight in (the dataset is new and empty, nothing to compare indexes with).
      if (resource === 'allocations') this.applyRows(resource, rows, false);
      else dataset.upsert(rows);
      this.fromCache.set(resource, new Set(rows.map(key)));
    });
  }

  /** Whether a row from the server replaces the held one: newer or equal index, or the held one is only cached. */
  private replaces(resource: ClusterResource, key: string, held: { ModifyIndex: number } | undefined, row: { ModifyIndex: number }): boolean {
    const cached = this.fromCache.get(resource);
    if (cached?.delete(key)) return true;
    return (held?.ModifyIndex ?? -1) <= row.ModifyIndex;
  }

  private async *pages(resource: ClusterResource): AsyncGenerator<FillPage> {
    if (resource === 'jobs') {
      for await (const page of this.client.listJobPages({ namespace: '*', perPage: JOB_PAGE })) {
        for (const stub of page.value) this.countsIndex.set(jobKey(stub.Namespace, stub.ID), stub.JobSummary?.ModifyIndex ?? 0);
        yield { index: page.index, rows: page.value.map(jobRowFromStub) };
      }
    } else if (resource === 'allocations') {
      let nextToken: string | undefined;
      do {
        const page = await this.client.listAllocationPage({ namespace: '*', perPage: nextToken ? ALLOC_PAGE : FIRST_ALLOC_PAGE, nextToken });
        yield { index: page.index, rows: page.value.map((stub) => allocRow(stub, this.nodeName(stub.NodeID))) };
        nextToken = page.nextToken ?? undefined;
      } while (nextToken);
    } else {
      const list = await this.client.listNodes();
      yield { index: list.index, rows: list.value.map((stub) => nodeRow(stub, this.countsFor(stub.ID))) };
    }
  }

  private async fill(resource: ClusterResource): Promise<void> {
    const dataset = this.dataset(resource);
    const shape = resource === 'jobs' ? JOB_SHAPE : resource === 'allocations' ? ALLOC_SHAPE : NODE_SHAPE;
    const key = shape.id as (row: Row) => string;
    const removed = new Set<string>();
    this.removedDuringFill.set(resource, removed);
    const seen = new Set<string>();
    let snapshot = 0;
    dataset.loading = true;
    try {
      for await (const page of this.pages(resource)) {
        if (this.closed) return;
        if (snapshot === 0) this.fillSnapshot.set(resource, (snapshot = page.index));
        const rows = page.rows.filter((row) => !removed.has(key(row)));
        for (const row of rows) seen.add(key(row));
        this.applyRows(resource, rows, false);
        this.notify(resource);
      }
      // Rows the server did not list are gone, unless a live update added them after the list was taken.
      const cached = this.fromCache.get(resource);
      const stale = dataset.all().filter((row) => !seen.has(key(row)) && (row.ModifyIndex <= snapshot || cached?.has(key(row))));
      if (stale.length) this.removeRows(resource, stale.map(key));
      this.fromCache.delete(resource);
      this.listIndex.set(resource, snapshot);
      dataset.loading = false;
      dataset.asOf = new Date().toISOString();
      dataset.source = 'live';
      dataset.refreshError = undefined;
      dataset.version++; // `loading` changed: windows taken before are out of date
      if (resource === 'nodes') this.fillNodeNames();
      this.notify(resource);
    } catch (error) {
      if (this.closed) return;
      this.log.warn('cluster list fetch failed', { connectionId: this.connectionId, resource, error: (error as Error).message });
      dataset.markFailed(toBridgeError(error));
      this.notify(resource);
    } finally {
      this.removedDuringFill.delete(resource);
      this.fillSnapshot.delete(resource);
    }
  }

  /** Upserts rows that are not older than what the dataset holds (a page fetched before an event must not undo it). */
  applyRows(resource: ClusterResource, rows: Row[], notify = true): string[] {
    if (resource === 'jobs') return this.upsertJobs(rows as JobRow[], notify);
    if (resource === 'allocations') return this.upsertAllocs(rows as AllocRow[], notify);
    return this.upsertNodes(rows as NodeRow[], notify);
  }

  removeRows(resource: ClusterResource, keys: string[], notify = true): string[] {
    const dataset = this.existing<Row>(resource);
    if (!dataset) return [];
    const removedDuringFill = this.removedDuringFill.get(resource);
    for (const k of keys) removedDuringFill?.add(k);
    const nodeIds = new Set<string>();
    if (resource === 'allocations') {
      for (const k of keys) {
        const row = dataset.get(k) as AllocRow | undefined;
        this.countAlloc(row, -1);
        if (row) nodeIds.add(row.NodeID);
      }
    }
    const gone = dataset.remove(keys);
    this.refreshNodeCounts(nodeIds);
    if (notify && gone.length) this.notify(resource, resource === 'jobs' ? gone.map((k) => k.slice(k.indexOf('/') + 1)) : gone);
    return gone;
  }

  upsertJobs(rows: JobRow[], notify = true): string[] {
    const dataset = this.existing<JobRow>('jobs');
    if (!dataset) return [];
    const fresh = rows.filter((row) => this.replaces('jobs', jobRowKey(row), dataset.get(jobRowKey(row)), row));
    dataset.upsert(fresh);
    if (notify && fresh.length) this.notify('jobs', fresh.map((row) => row.ID));
    return fresh.map(jobRowKey);
  }

  /** Replaces job rows regardless of index: group counts change without a new job ModifyIndex. */
  putJobs(rows: JobRow[]): void {
    const dataset = this.existing<JobRow>('jobs');
    if (!dataset || rows.length === 0) return;
    dataset.upsert(rows);
    this.notify('jobs', rows.map((row) => row.ID));
  }

  upsertAllocs(rows: AllocRow[], notify = true): string[] {
    const dataset = this.existing<AllocRow>('allocations');
    if (!dataset) return [];
    const touchedNodes = new Set<string>();
    const fresh: AllocRow[] = [];
    for (const row of rows) {
      const previous = dataset.get(row.ID);
      if (!this.replaces('allocations', row.ID, previous, row)) continue;
      if (!row.NodeName && previous?.NodeName && previous.NodeID === row.NodeID) row.NodeName = previous.NodeName;
      this.countAlloc(previous, -1);
      this.countAlloc(row, +1);
      if (previous) touchedNodes.add(previous.NodeID);
      touchedNodes.add(row.NodeID);
      fresh.push(row);
    }
    dataset.upsert(fresh);
    this.refreshNodeCounts(touchedNodes);
    if (notify && fresh.length) this.notify('allocations', fresh.map((row) => row.ID));
    return fresh.map((row) => row.ID);
  }

  upsertNodes(rows: NodeRow[], notify = true): string[] {
    const dataset = this.existing<NodeRow>('nodes');
    if (!dataset) return [];
    const fresh = rows.filter((row) => this.replaces('nodes', row.ID, dataset.get(row.ID), row));
    dataset.upsert(fresh);
    if (notify && fresh.length) this.notify('nodes', fresh.map((row) => row.ID));
    return fresh.map((row) => row.ID);
  }

  /** Maps a node payload with the counts the allocation dataset gives it. */
  nodeRowOf(node: NodeListStub | Node): NodeRow {
    return nodeRow(node, this.countsFor(node.ID));
  }

  nodeName(nodeId: string): string | undefined {
    return this.existing<NodeRow>('nodes')?.get(nodeId)?.Name || undefined;
  }

  /** Counts only mean something once the allocation dataset exists (contract: NodeRow.allocCounts). */
  private countsFor(nodeId: string): Counts | null {
    if (!this.existing('allocations')) return null;
    const counts = this.allocCounts.get(nodeId);
    return counts ? { ...counts } : { running: 0, total: 0 };
  }

  private countAlloc(row: AllocRow | undefined, delta: 1 | -1): void {
    if (!row?.NodeID) return;
    const counts = this.allocCounts.get(row.NodeID) ?? { running: 0, total: 0 };
    counts.total += delta;
    if (row.ClientStatus === 'running') counts.running += delta;
    this.allocCounts.set(row.NodeID, counts);
  }

  private refreshNodeCounts(nodeIds: Set<string>): void {
    const nodes = this.existing<NodeRow>('nodes');
    if (!nodes || nodeIds.size === 0) return;
    const changed: NodeRow[] = [];
    for (const id of nodeIds) {
      const row = id ? nodes.get(id) : undefined;
      const counts = id ? this.countsFor(id) : null;
      if (row && counts && (row.allocCounts?.running !== counts.running || row.allocCounts?.total !== counts.total)) changed.push({ ...row, allocCounts: counts });
    }
    if (changed.length) {
      nodes.upsert(changed);
      this.notify('nodes', changed.map((row) => row.ID));
    }
  }

  /** Allocation rows that arrived before their node did get its name once the node list is in. */
  private fillNodeNames(): void {
    const allocs = this.existing<AllocRow>('allocations');
    if (!allocs) return;
    const named: AllocRow[] = [];
    for (const row of allocs.all()) {
      if (row.NodeName) continue;
      const name = this.nodeName(row.NodeID);
      if (name) named.push({ ...row, NodeName: name });
    }
    if (named.length) {
      allocs.upsert(named);
      this.notify('allocations', named.map((row) => row.ID));
    }
  }
}
