import { describe, expect, it } from 'vitest';
import { TopicRates } from './topic-rates';

describe('TopicRates', () => {
  it('counts events per topic per second over a sliding window', () => {
    const rates = new TopicRates(5);
    rates.record('Job', 3, 10_000);
    rates.record('Job', 2, 10_900);
    rates.record('Node', 1, 12_100);
    expect(rates.values('Job', 12_500)).toEqual([0, 0, 5, 0, 0]);
    expect(rates.values('Node', 12_500)).toEqual([0, 0, 0, 0, 1]);
    expect(rates.topics()).toEqual(['Job', 'Node']);
  });

  it('forgets seconds that left the window, even when their slot is reused', () => {
    const rates = new TopicRates(5);
    rates.record('Job', 7, 10_000);
    expect(rates.values('Job', 15_000)).toEqual([0, 0, 0, 0, 0]);
    rates.record('Job', 1, 15_000); // same slot as second 10
    expect(rates.values('Job', 15_000)).toEqual([0, 0, 0, 0, 1]);
    expect(rates.total('Job')).toBe(8);
  });

  it('gives the mean rate of the last full seconds', () => {
    const rates = new TopicRates(60);
    for (let s = 0; s < 10; s++) rates.record('Allocation', 100, 100_000 + s * 1000);
    expect(rates.rate('Allocation', 110_000, 10)).toBe(100);
  });
});
