// A fixed-size queue per subscriber: when a subscriber falls behind, the oldest items go first and are counted,
// so memory stays bounded and the batch can say what was dropped (design.md, The contract: Streams).

export class SubscriberRingBuffer<T> {
  private readonly slots: (T | undefined)[];
  private head = 0;
  private count = 0;
  /** Items overwritten since the last `drain`. */
  private droppedSinceDrain = 0;

  constructor(readonly capacity: number) {
    if (!Number.isInteger(capacity) || capacity < 1) throw new RangeError(`A ring buffer needs a capacity of at least 1, got ${capacity}.`);
    this.slots = new Array(capacity);
  }

  get size(): number {
    return this.count;
  }

  get dropped(): number {
    return this.droppedSinceDrain;
  }

  push(item: T): void {
    const tail = (this.head + this.count) % this.capacity;
    this.slots[tail] = item;
    if (this.count < this.capacity) {
      this.count++;
    } else {
      // Full: the write above replaced the oldest item; the head moves past it.
      this.head = (this.head + 1) % this.capacity;
      this.droppedSinceDrain++;
    }
  }

  /** Takes every buffered item, oldest first, with the number dropped since the previous drain. */
  drain(): { items: T[]; dropped: number } {
    const items = new Array<T>(this.count);
    for (let i = 0; i < this.count; i++) {
      const slot = (this.head + i) % this.capacity;
      items[i] = this.slots[slot] as T;
      this.slots[slot] = undefined;
    }
    const dropped = this.droppedSinceDrain;
    this.head = 0;
    this.count = 0;
    this.droppedSinceDrain = 0;
    return { items, dropped };
  }

  /** Copies the buffered items without taking them (history replayed to a late subscriber). */
  snapshot(): T[] {
    const items = new Array<T>(this.count);
    for (let i = 0; i < this.count; i++) items[i] = this.slots[(this.head + i) % this.capacity] as T;
    return items;
  }
}
