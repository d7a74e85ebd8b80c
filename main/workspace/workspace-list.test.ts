// The organization's workspace list on the simulator's 10,000-workspace estate: it fills progressively under
// the real rate limit, answers windowed queries while pages arrive, and computes the locked facet locally.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ListChange } from '../contract';
import { WORKSPACES_RESOURCE } from './rows';
import { startFixture, type Fixture } from './test-fixture';

let fx: Fixture;
let user: string;

beforeAll(async () => {
  fx = await startFixture({ scale: 'large' });
  user = await fx.connection('user');
});
afterAll(() => fx.close());

/** Resolves on the change notice that follows the end of the fill (the dataset no longer loading). */
function filled(connectionId: string): Promise<void> {
  return new Promise((resolve) => {
    const stop = fx.datasets.listen(connectionId, (change: ListChange) => {
      if (change.resource === WORKSPACES_RESOURCE && fx.datasets.existing(connectionId, WORKSPACES_RESOURCE)?.loading === false) {
        stop();
        resolve();
      }
    });
  });
}

describe('workspaces.query on 10,000 workspaces', () => {
  it('fills progressively under the rate limit and answers windows while pages arrive', async () => {
    const done = filled(user);
    const first = await fx.call('workspaces.query', { connectionId: user, offset: 0, limit: 50 });
    expect(first.loading).toBe(true);
    expect(first.rows.length).toBe(50);
    expect(first.total).toBeGreaterThanOrEqual(100);
    expect(first.total).toBeLessThan(10_000);
    // The server's total-count arrives with the first page, so a view can say "loaded N of 10,000".
    expect(first.expected).toBe(10_000);

    // A query during the fill is answered from what has landed, without waiting for the rest: it still says
    // `loading`. (How fast the fill runs is a benchmark's business: bench/workspace-list.bench.ts.)
    const during = await fx.call('workspaces.query', { connectionId: user, sort: { key: 'name', order: 'desc' }, offset: 10, limit: 20 });
    expect(during.loading).toBe(true);
    expect(during.rows.length).toBe(20);

    await done;
    const all = await fx.call('workspaces.query', { connectionId: user, offset: 9_990, limit: 50 });
    expect(all.loading).toBe(false);
    expect(all.total).toBe(10_000);
    expect(all.rows.length).toBe(10);
    expect(all.version).toBeGreaterThan(first.version);
    // 100 pages at the client's ~24 requests/s: about 4-5 s, with (almost) no 429 answers.
    const line = fx.logLines.find((entry) => entry.message === 'workspace list filled');
    expect(line?.extra).toMatchObject({ workspaces: 10_000 });
    expect(line?.extra?.requests).toBeGreaterThanOrEqual(100);
    expect(line?.extra?.rateLimited as number).toBeLessThanOrEqual(3);
  }, 60_000);

  it('computes the locked facet, which the API cannot filter on, and combines it with search and project', async () => {
    const store = fx.sim.workspace.store;
    const locked = [...store.workspaces.values()].filter((workspace) => workspace.locked);
    expect(locked.length).toBeGreaterThan(0);
    const window = await fx.call('workspaces.query', { connectionId: user, facets: { locked: ['true'] }, offset: 0, limit: 1000 });
    expect(window.matching).toBe(locked.length);
    expect(window.facetCounts.locked).toEqual({ true: locked.length, false: 10_000 - locked.length });
    expect(new Set(window.rows.map((row) => row.id))).toEqual(new Set(locked.map((workspace) => workspace.id)));
    expect(window.rows.every((row) => row.lockedBy !== null && !row.lockedBy.startsWith('user-'))).toBe(true);

    const sample = locked[0];
    const byProject = await fx.call('workspaces.query', { connectionId: user, facets: { locked: ['true'], project: [sample.projectId] }, offset: 0, limit: 1000 });
    expect(byProject.matching).toBe(locked.filter((workspace) => workspace.projectId === sample.projectId).length);
    expect(byProject.rows[0].projectName).toBe(store.projects.get(sample.projectId)!.name);
  });

  it('searches names with * wildcards and filters by tag', async () => {
    const store = fx.sim.workspace.store;
    const name = [...store.workspaces.values()][123].name;
    const prefix = name.slice(0, 4);
    const expected = [...store.workspaces.values()].filter((workspace) => workspace.name.toLowerCase().startsWith(prefix.toLowerCase()) && workspace.name.endsWith(name.slice(-1))).length;
    const wildcard = await fx.call('workspaces.query', { connectionId: user, search: `${prefix}*${name.slice(-1)}`, offset: 0, limit: 10 });
    expect(wildcard.matching).toBe(expected);
    const tag = [...store.workspaces.values()].find((workspace) => workspace.tagNames.length > 0)!.tagNames[0];
    const tagged = await fx.call('workspaces.query', { connectionId: user, facets: { tags: [tag] }, offset: 0, limit: 10 });
    expect(tagged.matching).toBe([...store.workspaces.values()].filter((workspace) => workspace.tagNames.includes(tag)).length);
  });
});
