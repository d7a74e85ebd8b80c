// A slow subscriber's buffer stays bounded: the oldest items go first and the batch says how many.
import { describe, expect, it } from 'vitest';
import { SubscriberRingBuffer } from './subscriber-ring-buffer';

describe('SubscriberRingBuffer', () => {
  it('drops the oldest items past its capacity and counts them until the next drain', () => {
    const ring = new SubscriberRingBuffer<number>(3);
    for (let i = 1; i <= 7; i++) ring.push(i);
    expect(ring.size).toBe(3);
    expect(ring.drain()).toEqual({ items: [5, 6, 7], dropped: 4 });
    ring.push(8);
    expect(ring.drain()).toEqual({ items: [8], dropped: 0 });
    expect(ring.drain()).toEqual({ items: [], dropped: 0 });
  });

  it('keeps order across wrap-around and snapshots without taking', () => {
    const ring = new SubscriberRingBuffer<string>(4);
    ['a', 'b', 'c'].forEach((x) => ring.push(x));
    ring.drain();
    ['d', 'e', 'f', 'g', 'h'].forEach((x) => ring.push(x));
    expect(ring.snapshot()).toEqual(['e', 'f', 'g', 'h']);
    expect(ring.drain()).toEqual({ items: ['e', 'f', 'g', 'h'], dropped: 1 });
  });

  it('refuses a capacity below one', () => {
    expect(() => new SubscriberRingBuffer(0)).toThrow(RangeError);
  });
});
