// The large estate (20,000 jobs, 100,000 allocations, 5,000 nodes): lists fill page by page, and a query made
// during the fill answers at once with the rows that have arrived instead of waiting for all of them.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSimulator, type Simulator } from '../../sim/index';
import { harness, untilChange, type Harness } from './cluster-test-kit';

let sim: Simulator;
let h: Harness;

beforeAll(async () => {
  sim = await startSimulator({ seed: 1, scale: 'large' });
  h = await harness(sim.url, sim.clusterToken);
}, 120_000);

afterAll(async () => {
  await h?.close();
  await sim?.close();
});

describe('progressive fill at large scale', () => {
  it('answers job queries while 20,000 jobs stream in', async () => {
    const { handlers } = h.service;
    const id = h.connectionId;
    const query = () => handlers['jobs.query']({ connectionId: id, offset: 0, limit: 50, sort: { key: 'Name', order: 'asc' } });
    const first = await query();
    expect(first.loading).toBe(true);

    let partial: Awaited<ReturnType<typeof query>> | undefined;
    await untilChange(h.datasets, id, async () => {
      const window = await query();
      if (window.loading && window.total > 0) partial ??= window;
      return !window.loading;
    }, 90_000, 'the jobs list to fill');

    expect(partial, 'a window taken while pages were still arriving').toBeDefined();
    expect(partial!.total).toBeLessThan(sim.cluster.state.jobs.size);
    expect(partial!.rows.length).toBe(50);
    const done = await query();
    expect(done.total).toBe(sim.cluster.state.jobs.size);
    expect(done.refreshError).toBeUndefined();
  }, 120_000);

  it('fills 100,000 allocations in pages and counts them per node', async () => {
    const { handlers } = h.service;
    const id = h.connectionId;
    await handlers['allocations.query']({ connectionId: id, offset: 0, limit: 50 });
    let sawPartial = false;
    await untilChange(h.datasets, id, async () => {
      const [allocs, nodes] = await Promise.all([
        handlers['allocations.query']({ connectionId: id, offset: 0, limit: 50, facets: { ClientStatus: ['failed'] } }),
        handlers['nodes.query']({ connectionId: id, offset: 0, limit: 50 }),
      ]);
      if (allocs.loading && allocs.total > 0) sawPartial = true;
      return !allocs.loading && !nodes.loading;
    }, 110_000, 'allocations and nodes to fill');
    expect(sawPartial).toBe(true);
    const allocs = await handlers['allocations.query']({ connectionId: id, offset: 0, limit: 10 });
    const nodes = await handlers['nodes.query']({ connectionId: id, offset: 0, limit: 1000, sort: { key: 'allocations', order: 'desc' } });
    expect(allocs.total).toBe(sim.cluster.state.allocs.size);
    expect(nodes.total).toBe(sim.cluster.state.nodes.size);
    expect(nodes.rows[0].allocCounts!.total).toBeGreaterThan(0);
  }, 120_000);
});
