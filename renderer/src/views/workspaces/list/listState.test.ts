// The list's filters become the host's query, and the counter says how far the progressive fill has come.
import { describe, expect, it } from 'vitest';
import { countLabel, toQuery } from './listState';

describe('workspace list query', () => {
  it('maps project, tag and locked filters to facets and keeps the wildcard search as typed', () => {
    const query = toQuery('c1', { search: ' app-* ', projects: ['prj-1'], tags: ['prod', 'eu'], locked: 'true', sort: { key: 'resourceCount', order: 'desc' } });
    expect(query).toEqual({ connectionId: 'c1', search: 'app-*', facets: { project: ['prj-1'], tags: ['prod', 'eu'], locked: ['true'] }, sort: { key: 'resourceCount', order: 'desc' } });
  });

  it('sends no facet for "any" and no search when empty', () => {
    expect(toQuery('c1', { search: '  ', projects: [], tags: [], locked: 'any', sort: { key: 'name', order: 'asc' } })).toEqual({ connectionId: 'c1', facets: {}, sort: { key: 'name', order: 'asc' } });
  });
});

describe('workspace count label', () => {
  it('says "loaded N of M" while the fill runs', () => {
    expect(countLabel(4300, 4300, 10_000, true, false)).toBe('loaded 4,300 of 10,000 workspaces');
  });
  it('says the list is incomplete when the fill stopped short', () => {
    expect(countLabel(9900, 9900, 10_000, false, false)).toBe('loaded 9,900 of 10,000 workspaces (incomplete)');
  });
  it('says the total once filled, and the matches when filtered', () => {
    expect(countLabel(10_000, 10_000, 10_000, false, false)).toBe('10,000 workspaces');
    expect(countLabel(10_000, 97, 10_000, false, true)).toBe('97 match · 10,000 workspaces');
  });
});
