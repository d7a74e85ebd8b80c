// The organization's workspace list, held in main as a windowed dataset (design.md, Live data). It fills
// progressively: every page that lands is upserted and announced on `lists.changes`, so the first rows show
// after one request and the view stays responsive while the remaining pages arrive under the rate limit.
import type { ListQuery, ListWindow, Workspace, WorkspaceRow, WorkspaceSortKey } from '../contract';
import { fetchAllPages, MAX_PAGE_SIZE } from '../clients/workspace-api';
import { toBridgeError } from '../host/host-error';
import type { Logger } from '../host/logger';
import type { DatasetRestorer } from '../cache/dataset-snapshots';
import type { DatasetRegistry } from '../lists/dataset-registry';
import type { ListDataset } from '../lists/list-dataset';
import type { Organization } from './organizations';
import { toRow, workspaceShape, WORKSPACES_RESOURCE } from './rows';

/** A list older than this is refreshed in the background on the next query (stale-while-revalidate). */
const REFRESH_AFTER_MS = 5 * 60_000;
/** Pages in flight; the client's token bucket still sets the pace (~24 requests/s), this only hides latency. */
const FILL_CONCURRENCY = 6;

interface Fill {
  controller: AbortController;
  /** Settles when the first page has landed (or the fill failed), so the first window is not empty. */
  firstPage: Promise<void>;
  done: Promise<void>;
  finishedAt: number | null;
}

export class WorkspaceList {
  private readonly fills = new Map<string, Fill>();

  constructor(
    private readonly datasets: DatasetRegistry,
    private readonly log: Logger,
    /** The offline cache's last known rows, shown at once while the first fill runs (issue 7). */
    private readonly restorer?: DatasetRestorer,
  ) {}

  private dataset(connectionId: string): ListDataset<WorkspaceRow> {
    return this.datasets.dataset(connectionId, WORKSPACES_RESOURCE, workspaceShape);
  }

  async query(organization: Organization, params: ListQuery<WorkspaceSortKey>): Promise<ListWindow<WorkspaceRow>> {
    const dataset = this.dataset(organization.connectionId);
    const fill = this.fills.get(organization.connectionId);
    // While the server is known to be down, the background re-test (not each re-query) decides when to try again.
    const offline = this.restorer?.isUnreachable(organization.connectionId) === true;
    const stale = !offline && fill?.finishedAt != null && (Date.now() - fill.finishedAt > REFRESH_AFTER_MS || dataset.refreshError !== undefined);
    if (!fill && this.restorer && dataset.size === 0) {
      const restored = this.restorer.restore(organization.connectionId, WORKSPACES_RESOURCE, dataset, (rows) => dataset.upsert(rows));
      // Cached rows answer now (stale-while-revalidate); the server's pages replace them as they land.
      if (restored > 0) {
        this.startFill(organization, dataset);
        const { connectionId: _id, ...cachedWindow } = params;
        return dataset.query(cachedWindow);
      }
    }
    if (!fill || stale) {
      await this.startFill(organization, dataset).firstPage;
    } else if (fill.finishedAt === null && dataset.size === 0) {
      await fill.firstPage;
    }
    const { connectionId: _connectionId, ...window } = params;
    return dataset.query(window);
  }

  /** Resolves when the current fill of a connection has finished (tests, benchmarks, a "refresh" button). */
  async settled(connectionId: string): Promise<void> {
    await this.fills.get(connectionId)?.done;
  }

  private startFill(organization: Organization, dataset: ListDataset<WorkspaceRow>): Fill {
    const { connectionId, client } = organization;
    this.fills.get(connectionId)?.controller.abort();
    const controller = new AbortController();
    let announceFirst!: () => void;
    const firstPage = new Promise<void>((resolve) => (announceFirst = resolve));
    const fill: Fill = { controller, firstPage, done: Promise.resolve(), finishedAt: null };
    this.fills.set(connectionId, fill);
    dataset.loading = true;
    const seen = new Set<string>();
    const started = Date.now();
    const before = { ...client.stats };

    const run = async (): Promise<void> => {
      try {
        await fetchAllPages<Workspace>(
          async (pageNumber, pageSize, signal) => {
            const page = await client.workspaces.list({ include: ['project', 'locked_by'] }, { pageNumber, pageSize, signal });
            // Names of projects and lock holders arrive in `included`; keep them before the page's rows are mapped.
            organization.absorb(page.included);
            if (!controller.signal.aborted) dataset.expected = page.pagination.totalCount;
            return page;
          },
          {
            pageSize: MAX_PAGE_SIZE,
            concurrency: FILL_CONCURRENCY,
            signal: controller.signal,
            onPage: (items) => {
              if (controller.signal.aborted) return;
              const ids = dataset.upsert(items.map((workspace) => toRow(workspace, organization)));
              for (const id of ids) seen.add(id);
              this.datasets.notify(connectionId, WORKSPACES_RESOURCE, ids);
              announceFirst();
            },
          },
        );
        if (controller.signal.aborted) return;
        // A refresh drops rows the service no longer lists (deleted elsewhere).
        dataset.remove(dataset.all().filter((row) => !seen.has(row.id)).map((row) => row.id));
        dataset.loading = false;
        dataset.asOf = new Date().toISOString();
        dataset.source = 'live';
        dataset.refreshError = undefined;
        dataset.version++;
        this.log.info('workspace list filled', {
          connectionId,
          workspaces: dataset.size,
          ms: Date.now() - started,
          requests: client.stats.requests - before.requests,
          rateLimited: client.stats.rateLimited - before.rateLimited,
        });
      } catch (error) {
        if (controller.signal.aborted) return;
        dataset.markFailed(toBridgeError(error));
        this.log.warn('workspace list fill failed', { connectionId, error: (error as Error).message });
      } finally {
        if (this.fills.get(connectionId) === fill) fill.finishedAt = Date.now();
        announceFirst();
        if (!controller.signal.aborted) this.datasets.notify(connectionId, WORKSPACES_RESOURCE);
      }
    };
    fill.done = run();
    return fill;
  }

  /** Patches a row after an action changed the workspace (lock, unlock, update, move); no-op if no list is held. */
  patch(organization: Organization, workspaces: Workspace[]): void {
    const dataset = this.datasets.existing<WorkspaceRow>(organization.connectionId, WORKSPACES_RESOURCE);
    if (!dataset || workspaces.length === 0) return;
    const ids = dataset.upsert(workspaces.map((workspace) => toRow(workspace, organization)));
    this.datasets.notify(organization.connectionId, WORKSPACES_RESOURCE, ids);
  }

  /** Patches rows by id with a partial change, when the action's answer carries no document (e.g. a move). */
  patchRows(connectionId: string, ids: string[], change: (row: WorkspaceRow) => WorkspaceRow): void {
    const dataset = this.datasets.existing<WorkspaceRow>(connectionId, WORKSPACES_RESOURCE);
    if (!dataset) return;
    const rows = ids.map((id) => dataset.get(id)).filter((row): row is WorkspaceRow => row !== undefined);
    if (rows.length === 0) return;
    this.datasets.notify(connectionId, WORKSPACES_RESOURCE, dataset.upsert(rows.map(change)));
  }

  remove(connectionId: string, ids: string[]): void {
    const dataset = this.datasets.existing<WorkspaceRow>(connectionId, WORKSPACES_RESOURCE);
    if (!dataset) return;
    const removed = dataset.remove(ids);
    if (removed.length) this.datasets.notify(connectionId, WORKSPACES_RESOURCE, removed);
  }

  /** The row a list holds, for names in messages without an extra request. */
  row(connectionId: string, id: string): WorkspaceRow | undefined {
    return this.datasets.existing<WorkspaceRow>(connectionId, WORKSPACES_RESOURCE)?.get(id);
  }

  /** Stops a connection's fill; its datasets are forgotten by the caller. */
  forget(connectionId: string): void {
    this.fills.get(connectionId)?.controller.abort();
    this.fills.delete(connectionId);
  }

  close(): void {
    for (const fill of this.fills.values()) fill.controller.abort();
    this.fills.clear();
  }
}
