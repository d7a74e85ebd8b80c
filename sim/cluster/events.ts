// The event bus behind /v1/event/stream: a bounded buffer of published events plus the simulator's own
// record of everything it emitted, so tests can prove a client lost or duplicated nothing.

export interface StreamEvent {
  Topic: string;
  Type: string;
  Key: string;
  Namespace: string;
  FilterKeys: string[] | null;
  Index: number;
  /** The event serialised once at publish time; frames are assembled from these strings. */
  json: string;
}

export interface EmittedEvent {
  Index: number;
  Topic: string;
  Type: string;
  Key: string;
  Namespace: string;
}

export interface EmittedRecord {
  /** Number of events emitted since start (never reset by the buffer bound). */
  readonly total: number;
  /** Events with Index >= sinceIndex (all when omitted), oldest first. */
  list(sinceIndex?: number): EmittedEvent[];
  /** Events the record had to forget because it exceeded its own cap (0 unless a run is very long). */
  readonly forgotten: number;
}

const RECORD_CAP = 2_000_000;

/**
 * Events live in a ring of `capacity` entries addressed by a global sequence number, so a subscriber
 * keeps a cursor and learns when its cursor has left the buffer.
 */
export class EventBus implements EmittedRecord {
  private ring: (StreamEvent | undefined)[];
  /** Sequence number of the next event to publish; the buffer holds [start, end). */
  end = 0;
  private listeners = new Set<() => void>();
  private record: EmittedEvent[] = [];
  private recordOffset = 0;

  constructor(private capacity: number) {
    this.ring = new Array(capacity);
  }

  get start(): number {
    return Math.max(0, this.end - this.capacity);
  }

  get total(): number {
    return this.end;
  }

  get forgotten(): number {
    return this.recordOffset;
  }

  get size(): number {
    return this.capacity;
  }

  /** Changes the buffer bound; keeps the newest events that still fit. */
  resize(capacity: number): void {
    const keep: StreamEvent[] = [];
    for (let seq = Math.max(this.start, this.end - capacity); seq < this.end; seq++) keep.push(this.at(seq)!);
    this.capacity = capacity;
    this.ring = new Array(capacity);
    const first = this.end - keep.length;
    keep.forEach((event, i) => (this.ring[(first + i) % capacity] = event));
  }

  at(seq: number): StreamEvent | undefined {
    if (seq < this.start || seq >= this.end) return undefined;
    return this.ring[seq % this.capacity];
  }

  publish(events: StreamEvent[]): void {
    if (events.length === 0) return;
    for (const event of events) {
      this.ring[this.end % this.capacity] = event;
      this.end++;
      this.record.push({ Index: event.Index, Topic: event.Topic, Type: event.Type, Key: event.Key, Namespace: event.Namespace });
    }
    if (this.record.length > RECORD_CAP) {
      const drop = this.record.length - RECORD_CAP;
      this.record.splice(0, drop);
      this.recordOffset += drop;
    }
    for (const listener of this.listeners) listener();
  }

  /** Sequence number of the first buffered event with Index >= index (inclusive, as Nomad's StartAtClosest). */
  seqForIndex(index: number): number {
    let lo = this.start;
    let hi = this.end;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (this.at(mid)!.Index < index) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  subscribe(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  list(sinceIndex = 0): EmittedEvent[] {
    if (sinceIndex <= 0) return this.record.slice();
    let lo = 0;
    let hi = this.record.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (this.record[mid].Index < sinceIndex) lo = mid + 1;
      else hi = mid;
    }
    return this.record.slice(lo);
  }
}
