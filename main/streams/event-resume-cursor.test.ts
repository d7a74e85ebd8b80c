// Resume by index: replayed events are dropped (as a multiset per index), and a resume that lands past the last
// seen index is reported as a gap — the rule documented in event-resume-cursor.ts.
import { describe, expect, it } from 'vitest';
import { EventResumeCursor, type WireEvent } from './event-resume-cursor';

const ev = (Index: number, Key: string, Type = 'AllocationUpdated', Topic = 'Allocation'): WireEvent => ({ Index, Key, Type, Topic });
const keys = (events: WireEvent[]) => events.map((e) => `${e.Index}/${e.Key}`);

describe('EventResumeCursor', () => {
  it('drops what a resumed connection replays and delivers the rest once', () => {
    const cursor = new EventResumeCursor();
    cursor.connected();
    expect(keys(cursor.accept(10, [ev(10, 'a'), ev(10, 'b')]).events)).toEqual(['10/a', '10/b']);
    // The same index arrives in a second frame on the same connection: new events, not duplicates.
    expect(keys(cursor.accept(10, [ev(10, 'c')]).events)).toEqual(['10/c']);
    expect(cursor.resumeIndex()).toBe(10);

    cursor.connected(); // reconnect with index=10: the server replays index 10 first
    const replay = cursor.accept(10, [ev(10, 'a'), ev(10, 'b'), ev(10, 'c'), ev(10, 'd')]);
    expect(keys(replay.events)).toEqual(['10/d']);
    expect(replay.duplicates).toBe(3);
    expect(replay.gap).toBeUndefined();
    expect(keys(cursor.accept(17, [ev(17, 'a')]).events)).toEqual(['17/a']);
    expect(cursor.accept(12, [ev(12, 'x')])).toMatchObject({ events: [], duplicates: 1 });
  });

  it('tells identical events at one index apart by count', () => {
    const cursor = new EventResumeCursor();
    cursor.connected();
    cursor.accept(5, [ev(5, 'a'), ev(5, 'a')]);
    cursor.connected();
    expect(keys(cursor.accept(5, [ev(5, 'a'), ev(5, 'a'), ev(5, 'a')]).events)).toEqual(['5/a']);
  });

  it('reports a gap when the first frame after a resume is past the last seen index', () => {
    const cursor = new EventResumeCursor();
    cursor.connected();
    cursor.accept(40, [ev(40, 'a')]);
    cursor.connected();
    const first = cursor.accept(95, [ev(95, 'z')]);
    expect(first.gap).toEqual({ fromIndex: 40, toIndex: 95 });
    expect(keys(first.events)).toEqual(['95/z']);
    // Only the first frame of a connection is a sentinel; later jumps are normal (raft indexes are sparse).
    expect(cursor.accept(300, [ev(300, 'y')]).gap).toBeUndefined();
  });

  it('reports no gap on the first connection of a fresh subscriber', () => {
    const cursor = new EventResumeCursor(0);
    cursor.connected();
    expect(cursor.accept(1234, [ev(1234, 'a')]).gap).toBeUndefined();
  });

  it('treats a subscriber\'s own start index as seen: nothing at it again, a gap if the server skipped past it', () => {
    const kept = new EventResumeCursor(50);
    kept.connected();
    expect(kept.accept(50, [ev(50, 'a')])).toMatchObject({ events: [], duplicates: 1 });
    expect(keys(kept.accept(51, [ev(51, 'b')]).events)).toEqual(['51/b']);

    const skipped = new EventResumeCursor(50);
    skipped.connected();
    expect(skipped.accept(80, [ev(80, 'a')]).gap).toEqual({ fromIndex: 50, toIndex: 80 });
  });
});
