import { describe, expect, it } from 'vitest';
import { RecentHistory } from './recent-history';

const chunk = (text: string) => ({ text });

describe('RecentHistory', () => {
  it('keeps the newest items within both the count and the size bound, oldest first', () => {
    const history = new RecentHistory({ items: 3, maxWeight: 10, weigh: (c: { text: string }) => c.text.length });
    for (const text of ['a', 'b', 'c', 'd']) history.push(chunk(text));
    expect(history.snapshot().map((c) => c.text)).toEqual(['b', 'c', 'd']);
    history.push(chunk('123456789'));
    // 'c' + 'd' + 9 characters is 11 > 10: the oldest go until it fits.
    expect(history.snapshot().map((c) => c.text)).toEqual(['d', '123456789']);
  });

  it('keeps a single item heavier than the bound rather than nothing', () => {
    const history = new RecentHistory({ items: 64, maxWeight: 4, weigh: (c: { text: string }) => c.text.length });
    history.push(chunk('ab'));
    history.push(chunk('a long chunk'));
    expect(history.snapshot().map((c) => c.text)).toEqual(['a long chunk']);
  });

  it('refuses a history without room', () => {
    expect(() => new RecentHistory({ items: 0, maxWeight: 1, weigh: () => 1 })).toThrow(RangeError);
  });
});
