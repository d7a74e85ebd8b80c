// What a subscriber joining a running stream is shown first: the stream's last items, bounded by count and by size.
// The size bound matters for logs: at full speed every chunk is 64 KiB, and holding 64 of them (4 MiB) kept enough
// text alive across V8's young-generation collections to triple the host's CPU per byte (bench/streams.bench.ts);
// 1 MiB is still thousands of lines of context for a second tab.

export interface HistoryPolicy<Item> {
  /** Most items kept. */
  items: number;
  /** Most total weight kept; the newest item is kept even when it alone weighs more. */
  maxWeight: number;
  weigh(item: Item): number;
}

export class RecentHistory<Item> {
  private readonly kept: Item[] = [];
  private weight = 0;

  constructor(private readonly policy: HistoryPolicy<Item>) {
    if (!Number.isInteger(policy.items) || policy.items < 1) throw new RangeError(`A history needs room for at least 1 item, got ${policy.items}.`);
  }

  push(item: Item): void {
    this.kept.push(item);
    this.weight += this.policy.weigh(item);
    while (this.kept.length > this.policy.items || (this.weight > this.policy.maxWeight && this.kept.length > 1)) {
      this.weight -= this.policy.weigh(this.kept.shift() as Item);
    }
  }

  /** The kept items, oldest first (a copy). */
  snapshot(): Item[] {
    return [...this.kept];
  }
}
