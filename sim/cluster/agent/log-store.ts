// Task log files: generated on first request, grown while someone follows them, bounded in memory.
// Offsets are absolute byte positions in the file; when a fast-growing file passes its retention limit its head is
// dropped (as log rotation would), and reads before the retained start begin at that start.
import { derivedRng } from './seeded';
import { initialLog, TaskLogWriter, type LogType } from './task-log';

const DEFAULT_MAX_RETAINED = 32 * 1024 * 1024;
const MAX_FILES = 64;
const GROWTH_TICK_MS = 100;

export class LogFile {
  private buf: Buffer;
  private len: number;
  /** Absolute offset of the first retained byte. */
  base = 0;
  followers = 0;
  private readonly listeners = new Set<() => void>();

  constructor(readonly writer: TaskLogWriter, initial: Buffer, private readonly maxRetained = DEFAULT_MAX_RETAINED) {
    this.buf = Buffer.alloc(Math.max(initial.length * 2, 64 * 1024));
    initial.copy(this.buf);
    this.len = initial.length;
  }

  /** Absolute offset just past the last byte written. */
  get end(): number {
    return this.base + this.len;
  }

  append(bytes: Buffer): void {
    if (bytes.length === 0) return;
    if (this.len + bytes.length > this.maxRetained) {
      // Keep the newer half: followers hold absolute offsets, which stay valid.
      const drop = Math.min(this.len, this.len + bytes.length - Math.floor(this.maxRetained / 2));
      this.buf.copyWithin(0, drop, this.len);
      this.len -= drop;
      this.base += drop;
    }
    if (this.len + bytes.length > this.buf.length) {
      const grown = Buffer.alloc(Math.max(this.len + bytes.length, Math.min(this.maxRetained, this.buf.length * 2)));
      this.buf.copy(grown, 0, 0, this.len);
      this.buf = grown;
    }
    bytes.copy(this.buf, this.len);
    this.len += bytes.length;
    for (const listener of [...this.listeners]) listener();
  }

  /** A copy of bytes [from, to), clamped to what is retained; copies so later trimming cannot change it. */
  read(from: number, to: number): Buffer {
    const start = Math.max(from, this.base);
    const stop = Math.min(to, this.end);
    if (stop <= start) return Buffer.alloc(0);
    return Buffer.from(this.buf.subarray(start - this.base, stop - this.base));
  }

  onGrow(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
}

export interface LogStoreOptions {
  seed: number;
  clock: () => number;
  /** Size of a freshly generated file; by default 200-400 KB drawn per file. */
  initialBytes?: number;
  /** Growth of followed files in bytes per second (benchmarks raise it; 0 stops growth). */
  bytesPerSecond?: number;
  maxRetainedBytes?: number;
}

export class LogStore {
  private readonly files = new Map<string, LogFile>();
  private timer: NodeJS.Timeout | undefined;
  private lastTick = 0;
  private budget = 0;
  bytesPerSecond: number;

  constructor(private readonly options: LogStoreOptions) {
    this.bytesPerSecond = options.bytesPerSecond ?? 240;
  }

  get(allocId: string, task: string, type: LogType): LogFile {
    const key = `${allocId}\u0000${task}\u0000${type}`;
    let file = this.files.get(key);
    if (file) {
      this.files.delete(key); // re-insert: the map's order is the least-recently-used order
    } else {
      const writer = new TaskLogWriter(this.options.seed, allocId, task, type);
      const size = this.options.initialBytes ?? derivedRng(this.options.seed, 'log-size', key).int(200_000, 400_000);
      file = new LogFile(writer, initialLog(writer, size, this.options.clock()), this.options.maxRetainedBytes);
      this.evictIdle();
    }
    this.files.set(key, file);
    return file;
  }

  /** Registers a follower; the file grows while it has any. Returns the release function. */
  follow(file: LogFile): () => void {
    file.followers++;
    this.ensureTimer();
    let released = false;
    return () => {
      if (released) return;
      released = true;
      file.followers--;
    };
  }

  setRate(bytesPerSecond: number): void {
    if (!Number.isFinite(bytesPerSecond) || bytesPerSecond < 0) throw new Error(`log rate must be a non-negative number of bytes per second, got ${bytesPerSecond}`);
    this.bytesPerSecond = bytesPerSecond;
  }

  close(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
  }

  private ensureTimer(): void {
    if (this.timer) return;
    this.lastTick = Date.now();
    this.timer = setInterval(() => this.grow(), GROWTH_TICK_MS);
    this.timer.unref();
  }

  /** Appends to every followed file the bytes the rate allows since the last tick; stops when nobody follows. */
  private grow(): void {
    const followed = [...this.files.values()].filter((f) => f.followers > 0);
    if (followed.length === 0) {
      this.close();
      return;
    }
    const now = Date.now();
    this.budget += (this.bytesPerSecond * (now - this.lastTick)) / 1000;
    this.lastTick = now;
    const allowance = Math.floor(this.budget);
    if (allowance <= 0) return;
    let spent = 0;
    for (const file of followed) {
      const parts: string[] = [];
      let bytes = 0;
      // Whole entries only; an entry may overshoot the allowance, and the overshoot is paid from the next tick.
      while (bytes < allowance) {
        const entry = file.writer.nextEntry(this.options.clock());
        parts.push(entry);
        bytes += Buffer.byteLength(entry);
      }
      file.append(Buffer.from(parts.join(''), 'utf8'));
      spent = Math.max(spent, bytes);
    }
    this.budget -= spent;
  }

  private evictIdle(): void {
    for (const [key, file] of this.files) {
      if (this.files.size < MAX_FILES) return;
      if (file.followers === 0) this.files.delete(key);
    }
  }
}
