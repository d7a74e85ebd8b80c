// fetchAllPages against a large estate over real HTTP: every page arrives, progress is reported page by page,
// and the shared token bucket keeps the client under the service's rate limit (rate-limiter.ts).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Simulator } from '../../../sim/index';
import { IncludedLookup } from './jsonapi';
import { TokenBucket } from './rate-limiter';
import { clientFor, startSim } from './sim-fixture';
import { WorkspaceClient } from './workspace-client';

let sim: Simulator;

beforeAll(async () => {
  sim = await startSim({ scale: 'large' });
});
afterAll(async () => {
  await sim.close();
});

describe('fetchAllPages over the workspace list', () => {
  it('fetches all pages concurrently, reports progress, and meets at most a handful of 429s', async () => {
    const client = clientFor(sim);
    const progress: { page: number; total: number; count: number }[] = [];
    const all = await client.workspaces.listAll({}, { onPage: (items, page, total) => progress.push({ page, total, count: items.length }) });
    const total = sim.workspace.store.workspaces.size;
    expect(all.items.length).toBe(total);
    expect(new Set(all.items.map((w) => w.id)).size).toBe(total);
    expect(all.totalPages).toBe(Math.ceil(total / 100));
    expect(progress[0]).toMatchObject({ page: 1, total: all.totalPages });
    expect(progress.map((p) => p.page).sort((a, b) => a - b)).toEqual(Array.from({ length: all.totalPages }, (_, i) => i + 1));
    expect(client.stats.rateLimited).toBeLessThanOrEqual(3);
    client.close();
  });

  it('two clients sharing one token and bucket stay under the limit together', async () => {
    const bucket = new TokenBucket();
    const make = () => new WorkspaceClient({ baseUrl: sim.url, organization: sim.organization, token: async () => sim.workspaceToken, bucket });
    const [a, b] = [make(), make()];
    const [first, second] = await Promise.all([a.workspaces.listAll({ searchName: 'prod' }), a.projects.listAll(), b.workspaces.listAll({ searchName: 'dev' })].map((p) => p.then((r) => r.items.length)));
    expect(first).toBeGreaterThan(0);
    expect(second).toBeGreaterThan(0);
    expect(a.stats.rateLimited + b.stats.rateLimited).toBeLessThanOrEqual(3);
    a.close();
    b.close();
  });

  it('pauses the whole bucket on 429 rather than letting requests storm, when the service limit is lower', async () => {
    const previous = sim.workspace.rateLimiter.limit;
    sim.workspace.rateLimiter.limit = 8;
    sim.workspace.rateLimiter.reset();
    try {
      // A bucket that believes the limit is 30 until the service says otherwise.
      const client = clientFor(sim, 'team');
      const all = await client.workspaces.listAll({ searchName: 'db' }, { pageSize: 50 });
      expect(all.items.length).toBe(all.totalCount);
      // Concurrency 6 means at most a few requests are in flight when the first 429 arrives.
      expect(client.stats.rateLimited).toBeLessThanOrEqual(8);
      client.close();
    } finally {
      sim.workspace.rateLimiter.limit = previous;
    }
  });

  it('keeps page order in the result even when pages land out of order', async () => {
    const client = clientFor(sim);
    const all = await client.workspaces.listAll({ sort: 'name' });
    const names = all.items.map((w) => w.attributes.name);
    expect(names).toEqual([...names].sort((x, y) => x.localeCompare(y)));
    client.close();
  });
});

describe('IncludedLookup', () => {
  it('resolves to-one and to-many relationships by type and id', () => {
    const lookup = new IncludedLookup([
      { id: 'prj-1', type: 'projects', attributes: { name: 'p' } },
      { id: 'wsout-1', type: 'workspace-outputs', attributes: {} },
    ]);
    const workspace = {
      id: 'ws-1',
      type: 'workspaces',
      attributes: {},
      relationships: { project: { data: { id: 'prj-1', type: 'projects' } }, outputs: { data: [{ id: 'wsout-1', type: 'workspace-outputs' }, { id: 'wsout-2', type: 'workspace-outputs' }] } },
    };
    expect(lookup.related(workspace, 'project')?.attributes).toEqual({ name: 'p' });
    expect(lookup.relatedMany(workspace, 'outputs').map((r) => r.id)).toEqual(['wsout-1']);
    expect(lookup.related(workspace, 'missing')).toBeUndefined();
  });
});
