// Windowed queries over a dataset held in main: search, facets, sort, and versioning on every change.
import { describe, expect, it } from 'vitest';
import { ListDataset } from './list-dataset';

interface Row {
  ID: string;
  Name: string;
  Status: string;
  Namespace: string;
  Tags: string[];
  Priority: number;
}

function dataset(rows: Row[]) {
  const data = new ListDataset<Row>({
    id: (row) => row.ID,
    searchText: (row) => row.Name,
    namespace: (row) => row.Namespace,
    facets: { Status: (row) => row.Status, Tags: (row) => row.Tags },
    sorters: { Name: (a, b) => a.Name.localeCompare(b.Name), Priority: (a, b) => a.Priority - b.Priority },
    defaultSort: { key: 'Name', order: 'asc' },
  });
  data.replaceAll(rows);
  return data;
}

const rows: Row[] = Array.from({ length: 1000 }, (_, i) => ({
  ID: `${i.toString(16).padStart(4, '0')}-job`,
  Name: `service-${String(i).padStart(4, '0')}`,
  Status: i % 10 === 0 ? 'dead' : 'running',
  Namespace: i % 2 ? 'prod' : 'default',
  Tags: i % 3 === 0 ? ['blue'] : ['green'],
  Priority: i % 100,
}));

describe('ListDataset', () => {
  it('returns the requested window of the sorted dataset with totals', () => {
    const window = dataset(rows).query({ offset: 10, limit: 5 });
    expect(window.rows.map((r) => r.Name)).toEqual(['service-0010', 'service-0011', 'service-0012', 'service-0013', 'service-0014']);
    expect(window).toMatchObject({ total: 1000, matching: 1000, offset: 10 });
  });

  it('filters by name substring, ID prefix, wildcard, namespace and facets together', () => {
    const data = dataset(rows);
    expect(data.query({ offset: 0, limit: 50, search: 'service-099' }).matching).toBe(10);
    expect(data.query({ offset: 0, limit: 50, search: '03e8' }).matching).toBe(0);
    expect(data.query({ offset: 0, limit: 50, search: '03e7' }).rows.map((r) => r.Name)).toEqual(['service-0999']);
    expect(data.query({ offset: 0, limit: 50, search: 'service-*9' }).matching).toBe(100);
    const filtered = data.query({ offset: 0, limit: 1000, namespace: 'default', facets: { Status: ['dead'] } });
    expect(filtered.matching).toBe(100);
    expect(filtered.rows.every((r) => r.Namespace === 'default' && r.Status === 'dead')).toBe(true);
    expect(data.query({ offset: 0, limit: 1, facets: { Tags: ['blue'] } }).matching).toBe(334);
  });

  it('sorts in both directions with a stable tie-break on ID', () => {
    const data = dataset(rows);
    const desc = data.query({ offset: 0, limit: 3, sort: { key: 'Priority', order: 'desc' } }).rows;
    expect(desc.map((r) => r.Priority)).toEqual([99, 99, 99]);
    // Ties keep ascending ID order whatever the direction, so rows never jump between refreshes.
    expect(desc.map((r) => r.ID)).toEqual(['0063-job', '00c7-job', '012b-job']);
    const asc = data.query({ offset: 0, limit: 2, sort: { key: 'Priority', order: 'asc' } }).rows;
    expect(asc.map((r) => r.ID)).toEqual(['0000-job', '0064-job']);
  });

  it('counts facet values over the whole dataset for all namespaces', () => {
    expect(dataset(rows).query({ offset: 0, limit: 1 }).facetCounts.Status).toEqual({ dead: 100, running: 900 });
    expect(dataset(rows).query({ offset: 0, limit: 1, namespace: '*' }).facetCounts.Status).toEqual({ dead: 100, running: 900 });
  });

  it('counts facet values over the chosen namespace, before search and facet filters, and keeps each up to date', () => {
    const data = dataset(rows);
    const counts = (namespace: string, extra: { search?: string; facets?: Record<string, string[]> } = {}) =>
      data.query({ offset: 0, limit: 1, namespace, ...extra }).facetCounts.Status;
    expect(counts('default')).toEqual({ dead: 100, running: 400 });
    expect(counts('prod')).toEqual({ running: 500 });
    // What choosing a value would show in this namespace, whatever is chosen or searched now.
    expect(counts('default', { search: 'service-000', facets: { Status: ['dead'] } })).toEqual({ dead: 100, running: 400 });
    // A live change moves the counts of its own namespace only, in every namespace already counted.
    data.upsert([{ ...rows[1], Status: 'dead' }]); // rows[1] is in prod
    expect(counts('prod')).toEqual({ dead: 1, running: 499 });
    expect(counts('default')).toEqual({ dead: 100, running: 400 });
    expect(counts('*')).toEqual({ dead: 101, running: 899 });
    data.upsert([{ ...rows[1], Status: 'dead', Namespace: 'default' }]); // moved between namespaces
    expect(counts('prod')).toEqual({ running: 499 });
    expect(counts('default')).toEqual({ dead: 101, running: 400 });
    expect(counts('nowhere')).toEqual({});
  });

  it('scrolls a filtered query and narrows its search over the last matches only, never answering from stale data', () => {
    let scanned = 0;
    const data = new ListDataset<Row>({
      id: (row) => row.ID,
      searchText: (row) => row.Name,
      // Read once per row a namespace-filtered query tests: counts how many rows a query scans.
      namespace: (row) => (scanned++, row.Namespace),
      facets: { Status: (row) => row.Status, Tags: (row) => row.Tags },
      sorters: { Name: (a, b) => a.Name.localeCompare(b.Name), Priority: (a, b) => a.Priority - b.Priority },
      defaultSort: { key: 'Name', order: 'asc' },
    });
    data.replaceAll(rows);
    const fresh = dataset(rows);
    const window = (d: ListDataset<Row>, search: string, offset: number) =>
      d.query({ offset, limit: 20, search, namespace: 'prod', facets: { Status: ['running'] } });
    const same = (search: string, offset: number) => {
      const got = window(data, search, offset);
      const want = window(fresh, search, offset);
      expect(got.rows.map((r) => r.ID)).toEqual(want.rows.map((r) => r.ID));
      expect(got.matching).toBe(want.matching);
      return got;
    };
    data.facetCounts('prod'); // counted once and kept: what follows counts only the rows a query scans
    scanned = 0;
    same('service-', 0);
    expect(scanned).toBe(1000); // every row, once
    scanned = 0;
    same('service-', 40);
    same('service-', 400);
    expect(scanned).toBe(0); // scrolling: a slice of the kept matches
    scanned = 0;
    const narrowed = same('service-00', 0).matching;
    // Narrowing: only the previous matches (all in prod) are tested, so the namespace is read for the 50 of them whose
    // name matches; a scan of every row reads it for the 100 such names across both namespaces.
    expect(narrowed).toBe(50);
    expect(scanned).toBe(50);
    same('service-001', 0);
    same('service-01', 0); // not a narrowing of the last search: a full scan, still right
    scanned = 0;
    same('service-0', 0);
    expect(scanned).toBe(1000);
    // A change invalidates what was kept.
    data.upsert([{ ...rows[1], Name: 'service-0001-renamed' }]);
    fresh.upsert([{ ...rows[1], Name: 'service-0001-renamed' }]);
    expect(same('service-0', 0).rows.map((r) => r.Name)).toContain('service-0001-renamed');
    same('renamed', 0);
    expect(window(data, 'renamed', 0).matching).toBe(1);
  });

  it('bumps the version on upsert and remove, and reflects them in the next query', () => {
    const data = dataset(rows);
    const before = data.version;
    data.upsert([{ ...rows[0], Status: 'pending' }]);
    expect(data.version).toBe(before + 1);
    expect(data.query({ offset: 0, limit: 10, facets: { Status: ['pending'] } }).rows.map((r) => r.ID)).toEqual([rows[0].ID]);
    data.remove([rows[0].ID, 'missing']);
    expect(data.query({ offset: 0, limit: 1 }).total).toBe(999);
    expect(data.remove(['missing'])).toEqual([]);
    expect(data.version).toBe(before + 2);
  });
});
