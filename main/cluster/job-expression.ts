// jobs.query with a filter `expression` (cluster-api.md, GET /v1/jobs `filter`): the server evaluates it, since
// only it knows the grammar and the fields; its matches are then shown from the live dataset, so rows stay fresh.
// Results are cached briefly per expression, so scrolling and sorting do not repeat the paged server query.
import type { JobListQuery, JobRow, ListWindow } from '../contract';
import { HostError } from '../host/host-error';
import { ListDataset } from '../lists/list-dataset';
import type { ClusterRuntime } from './cluster-runtime';
import { JOB_SHAPE } from './datasets';
import { jobRowFromStub, jobRowKey } from './rows';

/** How long a server answer for one expression is reused; new matches appear after at most this long. */
const TTL_MS = 10_000;
const MAX_EXPRESSIONS = 20;
const PAGE = 1_000;

interface Entry {
  at: number;
  matches: Promise<JobRow[]>;
  view?: { version: number; dataset: ListDataset<JobRow> };
}

const caches = new WeakMap<ClusterRuntime, Map<string, Entry>>();

async function serverMatches(runtime: ClusterRuntime, expression: string): Promise<JobRow[]> {
  const rows: JobRow[] = [];
  try {
    for await (const page of runtime.client.listJobPages({ namespace: '*', filter: expression, perPage: PAGE })) rows.push(...page.value.map(jobRowFromStub));
  } catch (error) {
    if (error instanceof HostError && error.status === 400) {
      throw new HostError('invalid_input', `The filter expression was rejected by the cluster: ${error.detail ?? error.message}. Check it, e.g. Status == "running" and Type != "batch".`, {
        status: 400,
        detail: error.detail,
        details: [{ path: 'expression', message: error.detail ?? 'rejected by the cluster' }],
      });
    }
    throw error;
  }
  return rows;
}

function entryFor(runtime: ClusterRuntime, expression: string): Entry {
  let cache = caches.get(runtime);
  if (!cache) caches.set(runtime, (cache = new Map()));
  const now = Date.now();
  const cached = cache.get(expression);
  if (cached && now - cached.at < TTL_MS) return cached;
  if (cache.size >= MAX_EXPRESSIONS) cache.delete(cache.keys().next().value!);
  const entry: Entry = { at: now, matches: serverMatches(runtime, expression) };
  entry.matches.catch(() => cache.delete(expression)); // a failure is not remembered
  cache.set(expression, entry);
  return entry;
}

export async function queryJobsByExpression(runtime: ClusterRuntime, expression: string, query: Omit<JobListQuery, 'connectionId' | 'expression'>): Promise<ListWindow<JobRow>> {
  const entry = entryFor(runtime, expression);
  const matches = await entry.matches;
  const jobs = runtime.data.jobs();
  if (!entry.view || entry.view.version !== jobs.version) {
    // Rows from the live dataset where it has them; the server's own answer for rows not loaded yet.
    const view = new ListDataset(JOB_SHAPE);
    view.replaceAll(matches.map((row) => jobs.get(jobRowKey(row)) ?? row), jobs.source, jobs.asOf ?? undefined);
    entry.view = { version: jobs.version, dataset: view };
  }
  const window = entry.view.dataset.query(query);
  return {
    ...window,
    total: jobs.size,
    version: jobs.version,
    loading: jobs.loading,
    asOf: jobs.asOf,
    source: jobs.source,
    ...(jobs.refreshError ? { refreshError: jobs.refreshError } : {}),
  };
}
