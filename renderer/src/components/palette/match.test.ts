// Palette matching: typed letters find commands even when abbreviated, and the obvious hit ranks first.
import { describe, expect, it } from 'vitest';
import { rankItems, scoreItem, scoreWord } from './match';

const items = [
  { title: 'Connections', keywords: 'clusters organizations' },
  { title: 'Jobs', keywords: 'deployments evaluations' },
  { title: 'Allocations', keywords: 'allocs tasks logs' },
  { title: 'Switch to prod-eu', keywords: 'cluster https://prod.example' },
  { title: 'Switch to staging', keywords: 'organization acme' },
  { title: 'Toggle theme', keywords: 'dark light' },
];
const titles = (query: string) => rankItems(query, items).map((i) => i.title);

describe('scoreWord', () => {
  it('matches letters in order, case-insensitively, and refuses letters out of order', () => {
    expect(scoreWord('JBS', 'Jobs')).not.toBeNull();
    expect(scoreWord('sbj', 'Jobs')).toBeNull();
  });

  it('ranks a prefix above a word-start above a hit inside a word', () => {
    const prefix = scoreWord('pro', 'prod-eu')!;
    const wordStart = scoreWord('pro', 'switch prod')!;
    const inside = scoreWord('pro', 'reproduce')!;
    expect(prefix).toBeGreaterThan(wordStart);
    expect(wordStart).toBeGreaterThan(inside);
  });

  it('ranks contiguous letters above scattered ones', () => {
    expect(scoreWord('all', 'Allocations')!).toBeGreaterThan(scoreWord('aln', 'Allocations')!);
  });
});

describe('rankItems', () => {
  it('keeps every item in its order for an empty query', () => {
    expect(titles('  ')).toEqual(items.map((i) => i.title));
  });

  it('puts the obvious hit first', () => {
    expect(titles('jobs')[0]).toBe('Jobs');
    expect(titles('alloc')[0]).toBe('Allocations');
    expect(titles('conn')[0]).toBe('Connections');
  });

  it('finds abbreviations', () => {
    expect(titles('tgth')).toEqual(['Toggle theme']);
  });

  it('requires every word to match', () => {
    expect(titles('switch prod')).toEqual(['Switch to prod-eu']);
    expect(titles('switch zzz')).toEqual([]);
  });

  it('matches keywords, below a title hit', () => {
    expect(titles('acme')).toEqual(['Switch to staging']);
    expect(scoreItem('dark', { title: 'dark' })!).toBeGreaterThan(scoreItem('dark', items[5])!);
  });

  it('returns nothing when nothing matches', () => {
    expect(titles('qqq')).toEqual([]);
  });
});

it('does not match scattered letters across keywords', () => {
  // "dlt" is spread over "dark light" but is not a substring: only titles match scattered letters.
  expect(rankItems('dlt', items)).toEqual([]);
});
