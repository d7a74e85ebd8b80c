// Resume bookkeeping for the event stream: which index to ask for on reconnect, which replayed events were already
// delivered, and when the server skipped ahead past events we never saw (design.md, Live data).
//
// How the server resumes (cluster-api.md, Event stream: "if no longer buffered, the stream starts at the next
// available index"; the simulator's EventBus.seqForIndex, like Nomad's StartAtClosest): `index=N` starts at the
// first buffered event whose Index >= N — N itself included.
//
// The rule, built on that:
// - Reconnect with `index=L`, where L is the last Index delivered. While L is still buffered, the server first
//   replays L's events, which we already have: L acts as a sentinel. Raft indexes are not contiguous (a filtered
//   stream skips many), so "first Index > L+1" proves nothing; "first Index > L" after asking for L does: L left
//   the buffer, and anything between L and that first frame may be lost → gap {fromIndex: L, toIndex: first}.
// - Duplicates: a frame's Events share the frame's Index, and one index may arrive in several frames, so events
//   at L are matched by identity (Index, Topic, Key, Type) as a multiset: the k-th occurrence on this connection
//   is a duplicate when k occurrences were already delivered. Anything below L is a duplicate outright.
//
// Limits, accepted knowingly:
// - False alarm: when the buffer dropped exactly L's events but kept everything after them, a gap is reported
//   though nothing was lost. The cost is one refetch of the affected lists.
// - A server that resumed exclusively (N+1 onwards) would make every reconnect report a gap: noisy, never lossy.
// - Two events at one Index with the same identity are told apart only by count, not by payload.
// - A subscriber's own starting `index` (e.g. after a window reload) is treated as "seen up to here": events at
//   it are not delivered again, and a first frame beyond it is a gap — counts are unknown, so all of it is skipped.

export interface WireEvent {
  Topic: string;
  Type: string;
  Key: string;
  Index: number;
  Namespace?: string;
  FilterKeys?: string[] | null;
  Payload?: Record<string, unknown>;
}

export interface AcceptedFrame {
  /** Events to deliver, in server order. */
  events: WireEvent[];
  duplicates: number;
  gap?: { fromIndex: number; toIndex: number };
}

const identity = (event: WireEvent): string => `${event.Topic}\u0000${event.Key}\u0000${event.Type}`;

export class EventResumeCursor {
  /** Index of the last delivered event; 0 = nothing seen yet. */
  lastIndex: number;
  /** When the subscriber started from its own index, events at that index count as delivered though not counted. */
  private lastIndexFullySeen: boolean;
  /**
   * Events delivered at `lastIndex`. Identities are counted from it only when a new connection replays that index:
   * on a connection that moved past it every event is new, so the hot path (a fresh index per frame) costs one
   * array per frame instead of a string and two map operations per event (bench/streams.bench.ts).
   */
  private deliveredAtLast: WireEvent[] = [];
  /** Set while a new connection replays `lastIndex`: counts of delivered and re-received identities there. */
  private replay: { delivered: Map<string, number>; received: Map<string, number> } | null = null;
  /** True from connect until the connection delivers past `lastIndex`. */
  private replaying = false;
  private awaitingFirstFrame = false;

  constructor(startIndex = 0) {
    this.lastIndex = startIndex;
    this.lastIndexFullySeen = startIndex > 0;
  }

  /** The `index` query of the next request. */
  resumeIndex(): number {
    return this.lastIndex;
  }

  /** A new connection begins: replay counting starts over, and its first frame is checked for a skip-ahead. */
  connected(): void {
    this.replaying = true;
    this.replay = null;
    this.awaitingFirstFrame = this.lastIndex > 0;
  }

  accept(index: number, events: WireEvent[]): AcceptedFrame {
    let gap: AcceptedFrame['gap'];
    if (this.awaitingFirstFrame) {
      this.awaitingFirstFrame = false;
      if (index > this.lastIndex) gap = { fromIndex: this.lastIndex, toIndex: index };
    }
    if (index < this.lastIndex) return { events: [], duplicates: events.length, gap };
    if (index > this.lastIndex) {
      this.lastIndex = index;
      this.lastIndexFullySeen = false;
      this.replaying = false;
      this.replay = null;
      // A fresh index: nothing at it was delivered before, so every event is new.
      this.deliveredAtLast = events.slice();
      return { events, duplicates: 0, gap };
    }
    if (this.lastIndexFullySeen) return { events: [], duplicates: events.length, gap };
    if (!this.replaying) {
      // The same index in a further frame of the connection that delivered it: new events, not repeats.
      for (const event of events) this.deliveredAtLast.push(event);
      return { events, duplicates: 0, gap };
    }
    // A new connection replays lastIndex: the k-th occurrence of an identity is a duplicate when k were delivered.
    if (!this.replay) {
      const delivered = new Map<string, number>();
      for (const event of this.deliveredAtLast) delivered.set(identity(event), (delivered.get(identity(event)) ?? 0) + 1);
      this.replay = { delivered, received: new Map() };
    }
    const { delivered, received } = this.replay;
    const out: WireEvent[] = [];
    let duplicates = 0;
    for (const event of events) {
      const id = identity(event);
      const occurrence = (received.get(id) ?? 0) + 1;
      received.set(id, occurrence);
      if (occurrence <= (delivered.get(id) ?? 0)) {
        duplicates++;
        continue;
      }
      delivered.set(id, occurrence);
      this.deliveredAtLast.push(event);
      out.push(event);
    }
    return { events: out, duplicates, gap };
  }
}
