// Background event load: real state changes (allocation client updates, node events) produced at a chosen
// rate, so clients can be tested against a busy cluster (e.g. 5,000 events/s). Uses wall time, not the sim clock.
import type { ClusterState } from './state';
import type { SimClock } from './clock';
import type { Rng } from '../rng';
import type { AllocRecord } from './model';
import { addNodeEvent } from './dynamics';

/** Events per commit: clients batch allocation updates to the servers, so many share one index. */
const PER_COMMIT = 50;
const PERIOD_MS = 50;

export class LoadGenerator {
  private timer: NodeJS.Timeout | null = null;
  private carry = 0;
  private last = Date.now();
  private ids: string[] = [];
  private cursor = 0;
  rate = 0;

  constructor(private readonly state: ClusterState, private readonly clock: SimClock, private readonly rng: Rng) {}

  setRate(perSecond: number): void {
    this.rate = Math.max(0, perSecond);
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    if (this.rate > 0) {
      this.last = Date.now();
      this.carry = 0;
      this.timer = setInterval(() => this.tick(), PERIOD_MS);
      this.timer.unref();
    }
  }

  private tick(): void {
    const now = Date.now();
    this.carry += ((now - this.last) / 1000) * this.rate;
    this.last = now;
    const count = Math.floor(this.carry);
    this.carry -= count;
    if (count > 0) this.burst(count);
  }

  private nextAlloc(): AllocRecord | undefined {
    if (this.ids.length !== this.state.allocs.size) {
      this.ids = [...this.state.allocs.keys()];
      this.cursor = this.rng.int(0, Math.max(0, this.ids.length - 1));
    }
    for (let tries = 0; tries < this.ids.length; tries++) {
      this.cursor = (this.cursor + 1) % this.ids.length;
      const alloc = this.state.allocs.get(this.ids[this.cursor]);
      if (alloc && alloc.ClientStatus === 'running' && alloc.DesiredStatus === 'run') return alloc;
    }
    return undefined;
  }

  /** Emits `count` events now; returns how many were emitted. */
  burst(count: number): number {
    let emitted = 0;
    const nodes = [...this.state.nodes.values()];
    while (emitted < count) {
      const size = Math.min(PER_COMMIT, count - emitted);
      const made = this.state.commit((tx) => {
        for (let i = 0; i < size; i++) {
          if ((emitted + i) % 20 === 19 && nodes.length) {
            const node = nodes[this.rng.int(0, nodes.length - 1)];
            addNodeEvent(node, tx, this.clock.iso(), 'Node heartbeat received', 'Heartbeat', { ttl: '15s' });
            node.ModifyIndex = tx.index;
            tx.nodeEvent(node, 'NodeEvent');
          } else {
            const alloc = this.nextAlloc();
            if (!alloc) continue;
            alloc.ModifyIndex = tx.index;
            alloc.ModifyTime = this.clock.nowNs();
            tx.allocEvent(alloc);
          }
        }
        return tx.events.size;
      });
      if (made === 0) break;
      emitted += made;
    }
    return emitted;
  }

  close(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }
}
