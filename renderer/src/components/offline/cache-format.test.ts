// Sizes read naturally and the size bound is checked before it is sent.
import { describe, expect, it } from 'vitest';
import { cacheLimitProblem, formatBytes } from './cache-format';

describe('offline cache panel numbers', () => {
  it('formats sizes in the largest fitting unit', () => {
    expect(formatBytes(512)).toBe('512 B');
    expect(formatBytes(2048)).toBe('2.0 KB');
    expect(formatBytes(3.5 * 1024 * 1024)).toBe('3.5 MB');
    expect(formatBytes(2 * 1024 ** 3)).toBe('2.00 GB');
  });

  it('refuses an empty, fractional, tiny or huge bound with a reason, accepts a sensible one', () => {
    expect(cacheLimitProblem(null)).toMatch(/Enter a size/);
    expect(cacheLimitProblem(12.5)).toMatch(/whole number/);
    expect(cacheLimitProblem(5)).toMatch(/at least 10 MB/);
    expect(cacheLimitProblem(2_000_000)).toMatch(/smaller size/);
    expect(cacheLimitProblem(500)).toBeNull();
  });
});
