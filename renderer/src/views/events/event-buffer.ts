// The renderer's bounded window on the event stream: the newest `capacity` events, how many older ones were let go,
// and the subset matching the text search, kept up to date batch by batch so a busy stream never re-filters 20,000 rows.
import type { ClusterEvent } from '../../../../main/contract';

/** An event without its payload: what the list shows and searches first. */
export type EventHeader = Omit<ClusterEvent, 'Payload'>;

export interface EventEntry {
  /** Arrival order in this buffer; stable across evictions, so a selection survives new batches. */
  seq: number;
  event: EventHeader;
  /**
   * The payload as JSON text, parsed again only for the event opened in the detail pane. 20,000 payload object
   * graphs (an Allocation is hundreds of objects) made every major GC of the renderer a long task; one string per
   * event is a single leaf for the collector, a third of the memory, and what search and export read anyway.
   */
  payloadJson: string;
  /** Wall-clock arrival (ms), for the rate sparklines: the stream's events carry no time of their own. */
  receivedAt: number;
}

export function toEntry(event: ClusterEvent, seq: number, receivedAt: number): EventEntry {
  const { Payload, ...header } = event;
  return { seq, event: header, payloadJson: JSON.stringify(Payload ?? {}), receivedAt };
}

/** The whole event again, payload parsed (the detail pane, links). */
export function entryEvent(entry: EventEntry): ClusterEvent {
  return { ...entry.event, Payload: JSON.parse(entry.payloadJson) as Record<string, unknown> };
}

/** Lower-cased header fields first (cheap), then the payload JSON only when the header did not match. */
export function eventMatches(entry: EventEntry, needle: string): boolean {
  if (needle === '') return true;
  const e = entry.event;
  const header = `${e.Topic} ${e.Type} ${e.Key} ${e.Namespace} ${e.Index} ${(e.FilterKeys ?? []).join(' ')}`.toLowerCase();
  if (header.includes(needle)) return true;
  return entry.payloadJson.toLowerCase().includes(needle);
}

export class EventBuffer {
  private all: EventEntry[] = [];
  private shown: EventEntry[] = [];
  private needle = '';
  private nextSeq = 1;
  /** Highest Index taken in since the last clear (arrival order is not always Index order). */
  private highestIndex = 0;
  /** Events let go from the front because the buffer was full, since the last clear. */
  evicted = 0;

  constructor(readonly capacity: number) {
    if (!Number.isInteger(capacity) || capacity < 1) throw new RangeError(`An event buffer needs a capacity of at least 1, got ${capacity}.`);
  }

  /** Every buffered event, oldest first. Do not mutate. */
  get entries(): readonly EventEntry[] {
    return this.all;
  }

  /** The events matching the search, oldest first. Do not mutate. */
  get visible(): readonly EventEntry[] {
    return this.needle === '' ? this.all : this.shown;
  }

  get size(): number {
    return this.all.length;
  }

  get search(): string {
    return this.needle;
  }

  /** Appends a batch; returns how many old events were evicted to make room. */
  append(events: readonly ClusterEvent[], now: number): number {
    // A batch larger than the buffer keeps only its own tail: the rest would be evicted at once anyway.
    const skipped = Math.max(0, events.length - this.capacity);
    const prepared: EventEntry[] = [];
    for (let i = skipped; i < events.length; i++) prepared.push(toEntry(events[i], 0, now));
    return this.appendEntries(prepared) + skipped;
  }

  /** Appends entries made with toEntry (e.g. held while paused); they get their sequence numbers here. */
  appendEntries(entries: readonly EventEntry[]): number {
    if (entries.length === 0) return 0;
    const skipped = Math.max(0, entries.length - this.capacity);
    const added: EventEntry[] = [];
    for (let i = skipped; i < entries.length; i++) added.push({ ...entries[i], seq: this.nextSeq++ });
    const overflow = Math.max(0, this.all.length + added.length - this.capacity);
    if (overflow > 0) this.all.splice(0, overflow);
    for (const entry of added) {
      this.all.push(entry);
      if (entry.event.Index > this.highestIndex) this.highestIndex = entry.event.Index;
    }
    if (this.needle !== '') {
      const oldest = this.all[0]?.seq ?? 0;
      let cut = 0;
      while (cut < this.shown.length && this.shown[cut].seq < oldest) cut++;
      if (cut > 0) this.shown.splice(0, cut);
      for (const entry of added) if (eventMatches(entry, this.needle)) this.shown.push(entry);
    }
    const evicted = overflow + skipped;
    this.evicted += evicted;
    return evicted;
  }

  /** Changes the text search; the whole buffer is filtered once, later batches incrementally. */
  setSearch(text: string): void {
    const needle = text.trim().toLowerCase();
    if (needle === this.needle) return;
    this.needle = needle;
    this.shown = needle === '' ? [] : this.all.filter((entry) => eventMatches(entry, needle));
  }

  bySeq(seq: number): EventEntry | undefined {
    // Entries are sorted by seq: binary search.
    let lo = 0;
    let hi = this.all.length - 1;
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      const at = this.all[mid].seq;
      if (at === seq) return this.all[mid];
      if (at < seq) lo = mid + 1;
      else hi = mid - 1;
    }
    return undefined;
  }

  /**
   * The highest Index taken in (0 when empty): where a new subscription resumes. The last arrival is not always the
   * highest (a clean CI run saw a resume from 3 indexes below an event already shown, reporting a gap from there).
   */
  get lastIndex(): number {
    return this.all.length === 0 ? 0 : this.highestIndex;
  }

  clear(): void {
    this.all = [];
    this.shown = [];
    this.evicted = 0;
    this.highestIndex = 0;
  }
}
