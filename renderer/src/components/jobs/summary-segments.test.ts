import { describe, expect, it } from 'vitest';
import { summarySegments, summaryText, totalCounts } from './summary-segments';

const counts = { running: 3, starting: 0, queued: 1, complete: 0, failed: 0, lost: 0 };

describe('task group summary bar', () => {
  it('draws only states with allocations, sized by their share', () => {
    const segments = summarySegments(counts);
    expect(segments.map((s) => s.state)).toEqual(['running', 'queued']);
    expect(segments[0].percent).toBe(75);
    expect(segments[1].percent).toBe(25);
  });

  it('draws nothing for a group without allocations', () => {
    expect(summarySegments({ running: 0, starting: 0, queued: 0, complete: 0, failed: 0, lost: 0 })).toEqual([]);
  });

  it('names every count in its text', () => {
    expect(summaryText('web', { ...counts, failed: 2 })).toBe('web: 3 running, 1 queued, 2 failed');
    expect(summaryText('idle', { running: 0, starting: 0, queued: 0, complete: 0, failed: 0, lost: 0 })).toBe('idle: no allocations');
  });

  it('sums groups into a job total', () => {
    expect(totalCounts([counts, { ...counts, lost: 4 }])).toEqual({ running: 6, starting: 0, queued: 2, complete: 0, failed: 0, lost: 4 });
  });
});
