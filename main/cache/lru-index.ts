// In-memory view of what the cache holds: size and last access per key, in least-recently-used order,
// with per-connection totals. Rebuilt on open from the persisted meta records, so eviction and stats
// never have to scan the (large) values.
import { connectionOf } from './cache-key';

export interface IndexedEntry {
  /** Stored bytes: key plus encoded value, what the size bound counts. */
  size: number;
  accessedAt: number;
  storedAt: number;
}

export interface ConnectionUsage {
  entries: number;
  bytes: number;
}

const META_BYTES = 24;

/** Meta records are fixed 24-byte binaries: trivially validated, and no encoder state to go stale. */
export function encodeMeta(entry: IndexedEntry): Buffer {
  const out = Buffer.alloc(META_BYTES);
  out.writeDoubleLE(entry.size, 0);
  out.writeDoubleLE(entry.accessedAt, 8);
  out.writeDoubleLE(entry.storedAt, 16);
  return out;
}

export function decodeMeta(bytes: Uint8Array | undefined): IndexedEntry | null {
  if (!bytes || bytes.byteLength !== META_BYTES) return null;
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const entry = { size: buffer.readDoubleLE(0), accessedAt: buffer.readDoubleLE(8), storedAt: buffer.readDoubleLE(16) };
  return Number.isFinite(entry.size) && entry.size >= 0 && Number.isFinite(entry.accessedAt) && Number.isFinite(entry.storedAt) ? entry : null;
}

export class LruIndex {
  // A Map iterates in insertion order; re-inserting on access keeps the least recently used first.
  private readonly entries = new Map<string, IndexedEntry>();
  private readonly usage = new Map<string, ConnectionUsage>();
  private total = 0;

  static rebuild(records: Iterable<[string, IndexedEntry]>): LruIndex {
    const index = new LruIndex();
    const sorted = [...records].sort((a, b) => a[1].accessedAt - b[1].accessedAt);
    for (const [key, entry] of sorted) index.set(key, entry);
    return index;
  }

  get totalBytes(): number {
    return this.total;
  }

  get size(): number {
    return this.entries.size;
  }

  get(key: string): IndexedEntry | undefined {
    return this.entries.get(key);
  }

  set(key: string, entry: IndexedEntry): void {
    this.remove(key);
    this.entries.set(key, entry);
    this.total += entry.size;
    const usage = this.usage.get(connectionOf(key)) ?? { entries: 0, bytes: 0 };
    usage.entries += 1;
    usage.bytes += entry.size;
    this.usage.set(connectionOf(key), usage);
  }

  /** Marks a key as just used; answers the updated entry, or undefined if the key is unknown. */
  touch(key: string, at: number): IndexedEntry | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    this.entries.delete(key);
    const touched = { ...entry, accessedAt: Math.max(at, entry.accessedAt) };
    this.entries.set(key, touched);
    return touched;
  }

  remove(key: string): boolean {
    const entry = this.entries.get(key);
    if (!entry) return false;
    this.entries.delete(key);
    this.total -= entry.size;
    const connectionId = connectionOf(key);
    const usage = this.usage.get(connectionId);
    if (usage) {
      usage.entries -= 1;
      usage.bytes -= entry.size;
      if (usage.entries <= 0) this.usage.delete(connectionId);
    }
    return true;
  }

  /** Least recently used key, if any. */
  oldest(): string | undefined {
    for (const key of this.entries.keys()) return key;
    return undefined;
  }

  keys(): string[] {
    return [...this.entries.keys()];
  }

  connections(): Map<string, ConnectionUsage> {
    return new Map([...this.usage].map(([id, usage]) => [id, { ...usage }]));
  }
}
