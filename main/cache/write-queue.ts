// Serialises all cache writes into batched lmdb transactions: each batch is one atomic commit (entry and its
// meta together, so a kill mid-write leaves both or neither), and the size bound is enforced inside it.
import { connectionRange } from './cache-key';
import type { CacheEnv } from './cache-env';
import { encodeMeta, type LruIndex } from './lru-index';
import { timeStep } from './step-timer';

export type WriteOp =
  | { kind: 'put'; key: string; bytes: Buffer; storedAt: number }
  | { kind: 'remove'; key: string }
  /** Persist the last access already recorded in the in-memory index. */
  | { kind: 'touch'; key: string }
  | { kind: 'clear'; connectionId: string | null }
  /** Nothing to write: only enforce the (possibly lowered) size bound. */
  | { kind: 'bound' };

interface Queued {
  op: WriteOp;
  resolve: () => void;
  reject: (error: unknown) => void;
}

export class WriteQueue {
  writes = 0;
  evictions = 0;
  private queued: Queued[] = [];
  private running: Promise<void> | null = null;

  constructor(
    private readonly env: CacheEnv,
    private readonly index: () => LruIndex,
    /** Mutable: the bound comes from settings and may change while the app runs. */
    public maxBytes: number,
    /** Called when a commit failed: the in-memory index may have run ahead of the disk. */
    private readonly onCommitFailed: (error: unknown) => void,
    /**
     * Values at least this big are written with lmdb's asynchronous puts, which its write thread copies into the
     * map, instead of a synchronous put inside a transaction callback on the event loop (an 18 MB allocation list
     * took ~60 ms of CPU there). Entry and meta are issued in the same turn, so lmdb commits them in one batch.
     */
    private readonly largeValueBytes = 1024 * 1024,
  ) {}

  push(op: WriteOp): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      this.queued.push({ op, resolve, reject });
      this.running ??= this.run();
    });
  }

  async idle(): Promise<void> {
    while (this.running) await this.running;
  }

  private async run(): Promise<void> {
    try {
      while (this.queued.length > 0) {
        const batch = this.queued;
        this.queued = [];
        // In order: runs of ordinary ops commit in one transaction each; a large put goes on its own between them.
        let start = 0;
        while (start < batch.length) {
          const large = this.isLarge(batch[start].op);
          let end = start + 1;
          if (!large) while (end < batch.length && !this.isLarge(batch[end].op)) end++;
          const run = batch.slice(start, end);
          start = end;
          try {
            if (large) await this.putLarge(run[0].op as Extract<WriteOp, { kind: 'put' }>);
            // The callback runs when lmdb's write thread starts this transaction; everything in it commits together.
            else await this.env.root.transaction(() => timeStep('commit', () => this.apply(run.map((item) => item.op))));
            run.forEach((item) => item.resolve());
          } catch (error) {
            this.onCommitFailed(error);
            run.forEach((item) => item.reject(error));
          }
        }
      }
    } finally {
      this.running = null;
    }
  }

  private isLarge(op: WriteOp): boolean {
    return op.kind === 'put' && op.bytes.length >= this.largeValueBytes;
  }

  private async putLarge(op: Extract<WriteOp, { kind: 'put' }>): Promise<void> {
    const entry = { size: op.bytes.length + Buffer.byteLength(op.key), accessedAt: op.storedAt, storedAt: op.storedAt };
    await timeStep('commit', () => Promise.all([this.env.entries.put(op.key, op.bytes), this.env.meta.put(op.key, encodeMeta(entry))]));
    this.index().set(op.key, entry);
    this.writes += 1;
    // The size bound, as after every other commit.
    if (this.index().totalBytes > this.maxBytes) await this.env.root.transaction(() => timeStep('commit', () => this.apply([])));
  }

  private apply(ops: WriteOp[]): void {
    const { entries, meta } = this.env;
    const index = this.index();
    const touched = new Set<string>();
    const remove = (key: string) => {
      entries.removeSync(key);
      meta.removeSync(key);
      index.remove(key);
    };
    for (const op of ops) {
      if (op.kind === 'put') {
        const entry = { size: op.bytes.length + Buffer.byteLength(op.key), accessedAt: op.storedAt, storedAt: op.storedAt };
        entries.putSync(op.key, op.bytes);
        meta.putSync(op.key, encodeMeta(entry));
        index.set(op.key, entry);
        this.writes += 1;
      } else if (op.kind === 'remove') {
        remove(op.key);
      } else if (op.kind === 'touch') {
        touched.add(op.key);
      } else if (op.kind === 'clear') {
        const keys = op.connectionId === null ? [...entries.getKeys()] : [...entries.getKeys(connectionRange(op.connectionId))];
        for (const key of keys) remove(key);
        // Meta without an entry would otherwise survive a clear; sweep the same range.
        const metaKeys = op.connectionId === null ? [...meta.getKeys()] : [...meta.getKeys(connectionRange(op.connectionId))];
        for (const key of metaKeys) meta.removeSync(key);
      }
    }
    for (const key of touched) {
      const entry = index.get(key);
      if (entry) meta.putSync(key, encodeMeta(entry));
    }
    // Least recently used first, until the stored bytes fit the bound again.
    while (index.totalBytes > this.maxBytes) {
      const victim = index.oldest();
      if (victim === undefined) break;
      remove(victim);
      this.evictions += 1;
    }
  }
}
