// Reconnect delays grow exponentially, never pass the cap, are spread by full jitter, and start over after a
// healthy connection.
import { describe, expect, it } from 'vitest';
import { ReconnectBackoff } from './reconnect-backoff';

describe('ReconnectBackoff', () => {
  it('doubles the ceiling per failure up to the cap', () => {
    const backoff = new ReconnectBackoff({ baseMs: 100, capMs: 1000, random: () => 0.999999 });
    const delays = Array.from({ length: 8 }, () => backoff.next());
    expect(delays).toEqual([99, 199, 399, 799, 999, 999, 999, 999]);
    expect(Math.max(...Array.from({ length: 100 }, () => backoff.next()))).toBeLessThan(1000);
  });

  it('draws each delay uniformly between zero and the ceiling (full jitter)', () => {
    const backoff = new ReconnectBackoff({ baseMs: 1000, capMs: 1000 });
    const delays = Array.from({ length: 2000 }, () => backoff.next());
    expect(Math.min(...delays)).toBeGreaterThanOrEqual(0);
    expect(Math.max(...delays)).toBeLessThan(1000);
    expect(delays.filter((d) => d < 250).length).toBeGreaterThan(300); // not clustered near the ceiling
    expect(delays.filter((d) => d >= 750).length).toBeGreaterThan(300);
    expect(new Set(delays).size).toBeGreaterThan(500);
  });

  it('starts again from the base delay after reset', () => {
    const backoff = new ReconnectBackoff({ baseMs: 100, capMs: 10_000, random: () => 0.5 });
    for (let i = 0; i < 6; i++) backoff.next();
    expect(backoff.failures).toBe(6);
    backoff.reset();
    expect(backoff.failures).toBe(0);
    expect(backoff.next()).toBe(50);
  });
});
