import { describe, expect, it } from 'vitest';
import { clientStatusTone, facetOptions, isoTime, nsDuration, nsTime, shortId } from './format';

describe('cluster value formatting', () => {
  it('prints nanosecond durations as Go does', () => {
    expect(nsDuration(0)).toBe('0s');
    expect(nsDuration(250e6)).toBe('250ms');
    expect(nsDuration(45e9)).toBe('45s');
    expect(nsDuration(90e9)).toBe('1m30s');
    expect(nsDuration(3723e9)).toBe('1h2m3s');
    expect(nsDuration(-2e9)).toBe('-2s');
    expect(nsDuration(undefined)).toBe('');
  });

  it('treats 0 ns and Go zero time as unset rather than 1970 or year 1', () => {
    expect(nsTime(0)).toBe('');
    expect(isoTime('0001-01-01T00:00:00Z')).toBe('');
    expect(nsTime(1_700_000_000_000_000_000)).toBe(new Date(1_700_000_000_000).toLocaleString());
  });

  it('colours failed and lost allocations as errors', () => {
    expect(clientStatusTone('failed')).toBe('error');
    expect(clientStatusTone('lost')).toBe('error');
    expect(clientStatusTone('running')).toBe('success');
    expect(clientStatusTone('complete')).toBe('default');
  });

  it('orders facet options by count and shows the count', () => {
    expect(facetOptions({ running: 10, failed: 2, pending: 10 })).toEqual([
      { label: 'pending (10)', value: 'pending' },
      { label: 'running (10)', value: 'running' },
      { label: 'failed (2)', value: 'failed' },
    ]);
  });

  it('shortens IDs to 8 characters', () => {
    expect(shortId('5f1c0a2e-1111-2222-3333-444455556666')).toBe('5f1c0a2e');
  });
});
