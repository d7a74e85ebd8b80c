// Live updates patch the cached sort orders and facet counts instead of rebuilding them; whatever the sequence of
// upserts and removals, every query must answer exactly what a dataset built from scratch answers.
import { describe, expect, it } from 'vitest';
import { ListDataset, type DatasetShape } from './list-dataset';

interface Row {
  ID: string;
  Name: string;
  Status: string;
  Tags: string[];
  Priority: number;
}

const SHAPE: DatasetShape<Row> = {
  id: (row) => row.ID,
  searchText: (row) => row.Name,
  facets: { Status: (row) => row.Status, Tags: (row) => row.Tags },
  sorters: { Name: (a, b) => (a.Name < b.Name ? -1 : a.Name > b.Name ? 1 : 0), Priority: (a, b) => a.Priority - b.Priority },
  defaultSort: { key: 'Name', order: 'asc' },
};

/** A small deterministic generator, so a failure replays. */
function rng(seed: number) {
  let state = seed >>> 0;
  return (n: number) => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state % n;
  };
}

function randomRow(next: (n: number) => number, id: number): Row {
  return {
    ID: `id-${id.toString(16).padStart(4, '0')}`,
    Name: `svc-${next(50)}`, // many ties: the ID tie-break must hold after patches
    Status: ['running', 'pending', 'dead'][next(3)],
    Tags: next(2) ? ['blue'] : ['green', 'blue'],
    Priority: next(10),
  };
}

const QUERIES = [
  { sort: { key: 'Name', order: 'asc' as const } },
  { sort: { key: 'Name', order: 'desc' as const } },
  { sort: { key: 'Priority', order: 'asc' as const } },
  { sort: { key: 'Priority', order: 'desc' as const }, facets: { Status: ['dead'] } },
  { sort: { key: 'Name', order: 'asc' as const }, search: 'svc-1' },
];

function answer(data: ListDataset<Row>) {
  return QUERIES.map((q) => {
    const window = data.query({ offset: 0, limit: 10_000, ...q });
    return { ids: window.rows.map((r) => r.ID), matching: window.matching, total: window.total, facets: window.facetCounts };
  });
}

describe('ListDataset patching', () => {
  it('answers like a fresh dataset after random small upserts and removals', () => {
    const next = rng(7);
    let nextId = 0;
    const initial = Array.from({ length: 400 }, () => randomRow(next, nextId++));
    const data = new ListDataset<Row>(SHAPE);
    data.replaceAll(initial);
    answer(data); // builds every cached order and the facet counts, so the batches below patch them
    for (let round = 0; round < 60; round++) {
      const current = data.all();
      const op = next(3);
      if (op === 0) {
        // Replace some rows (new objects) and add a few, with a duplicate ID inside one batch.
        const batch = Array.from({ length: 1 + next(8) }, () => ({ ...randomRow(next, 0), ID: current[next(current.length)].ID }));
        batch.push(randomRow(next, nextId++), { ...randomRow(next, 0), ID: batch[0].ID });
        data.upsert(batch);
      } else if (op === 1) {
        data.remove([current[next(current.length)].ID, current[next(current.length)].ID, 'missing']);
      } else {
        // A row object changed in place and upserted again: its old sort position and facet values are gone.
        const row = current[next(current.length)];
        row.Priority = next(10);
        row.Status = 'dead';
        data.upsert([row]);
      }
      const fresh = new ListDataset<Row>(SHAPE);
      fresh.replaceAll(data.all().map((r) => ({ ...r })));
      expect(answer(data), `round ${round}`).toEqual(answer(fresh));
    }
  });

  it('leaves windows already answered as they were', () => {
    const data = new ListDataset<Row>(SHAPE);
    data.replaceAll([{ ID: 'a', Name: 'a', Status: 'running', Tags: [], Priority: 1 }]);
    const before = data.query({ offset: 0, limit: 10 });
    data.upsert([{ ID: 'b', Name: 'b', Status: 'dead', Tags: [], Priority: 2 }]);
    expect(before.facetCounts.Status).toEqual({ running: 1 });
    expect(data.query({ offset: 0, limit: 10 }).facetCounts.Status).toEqual({ running: 1, dead: 1 });
    expect(data.version).toBe(before.version + 1);
  });

  it('patches a 100,000-row order for a live batch instead of re-sorting it', () => {
    const next = rng(3);
    let comparisons = 0;
    const counting: DatasetShape<Row> = { ...SHAPE, sorters: { ...SHAPE.sorters, Priority: (a, b) => (comparisons++, a.Priority - b.Priority) } };
    const data = new ListDataset<Row>(counting);
    data.replaceAll(Array.from({ length: 100_000 }, (_, i) => randomRow(next, i)));
    data.query({ offset: 0, limit: 100, sort: { key: 'Priority', order: 'desc' } });
    const fullSort = comparisons;
    comparisons = 0;
    for (let batch = 0; batch < 10; batch++) {
      data.upsert(Array.from({ length: 100 }, () => ({ ...randomRow(next, 0), ID: `id-${next(100_000).toString(16).padStart(4, '0')}` })));
      data.query({ offset: 0, limit: 100, sort: { key: 'Priority', order: 'desc' } });
    }
    // Ten live batches of 100 rows cost a few comparisons per row (binary search), not a sort of 100,000 rows each.
    expect(fullSort).toBeGreaterThan(200_000);
    expect(comparisons).toBeLessThan(fullSort / 10);
  });
});
