import { describe, expect, it } from 'vitest';
import type { ClusterEvent } from '../../../../main/contract';
import { entryEvent, EventBuffer } from './event-buffer';

const ev = (Index: number, Topic = 'Allocation', Key = `k${Index}`, Payload: Record<string, unknown> = {}): ClusterEvent => ({
  Topic, Type: `${Topic}Updated`, Key, Namespace: 'default', FilterKeys: null, Index, Payload,
});

describe('EventBuffer', () => {
  it('keeps only the newest events up to its capacity and counts the ones it let go', () => {
    const buffer = new EventBuffer(5);
    expect(buffer.append([1, 2, 3].map((i) => ev(i)), 0)).toBe(0);
    expect(buffer.append([4, 5, 6, 7].map((i) => ev(i)), 0)).toBe(2);
    expect(buffer.entries.map((e) => e.event.Index)).toEqual([3, 4, 5, 6, 7]);
    expect(buffer.evicted).toBe(2);
    expect(buffer.lastIndex).toBe(7);
  });

  it('resumes from the highest Index taken in, even when a lower one arrived last', () => {
    const buffer = new EventBuffer(10);
    buffer.append([ev(10), ev(12), ev(11)], 0);
    expect(buffer.lastIndex).toBe(12);
    buffer.clear();
    expect(buffer.lastIndex).toBe(0);
  });

  it('keeps the tail of a batch larger than the whole buffer', () => {
    const buffer = new EventBuffer(3);
    expect(buffer.append([1, 2, 3, 4, 5, 6].map((i) => ev(i)), 0)).toBe(3);
    expect(buffer.entries.map((e) => e.event.Index)).toEqual([4, 5, 6]);
  });

  it('searches headers and payloads, case-insensitively, and keeps the search up to date as events arrive and leave', () => {
    const buffer = new EventBuffer(4);
    buffer.append([ev(1, 'Job', 'web'), ev(2, 'Node', 'n1', { Node: { Name: 'Worker-7' } }), ev(3, 'Job', 'api')], 0);
    buffer.setSearch('WORKER-7');
    expect(buffer.visible.map((e) => e.event.Index)).toEqual([2]);
    buffer.setSearch('job');
    expect(buffer.visible.map((e) => e.event.Index)).toEqual([1, 3]);
    buffer.append([ev(4, 'Job', 'db'), ev(5, 'Node', 'n2')], 0); // evicts index 1
    expect(buffer.visible.map((e) => e.event.Index)).toEqual([3, 4]);
    buffer.setSearch('');
    expect(buffer.visible.map((e) => e.event.Index)).toEqual([2, 3, 4, 5]);
  });

  it('finds an entry by its sequence number until it is evicted', () => {
    const buffer = new EventBuffer(2);
    buffer.append([ev(1), ev(2)], 0);
    const first = buffer.entries[0].seq;
    expect(buffer.bySeq(first)?.event.Index).toBe(1);
    buffer.append([ev(3)], 0);
    expect(buffer.bySeq(first)).toBeUndefined();
    expect(buffer.bySeq(buffer.entries[1].seq)?.event.Index).toBe(3);
  });

  it('holds payloads as text and gives the whole event back for the detail pane', () => {
    const buffer = new EventBuffer(2);
    const event = ev(9, 'Node', 'n1', { Node: { ID: 'n1', Resources: { CPU: 4000 }, Drivers: [{ Name: 'docker' }] } });
    buffer.append([event], 0);
    const [entry] = buffer.entries;
    expect(typeof entry.payloadJson).toBe('string');
    expect('Payload' in entry.event).toBe(false);
    expect(entryEvent(entry)).toEqual(event);
  });
});
