// A structural check of an LMDB data file before it is opened. LMDB trusts its file completely: a garbage or
// truncated data.mdb makes the native code crash the whole process (SIGSEGV, SIGBUS, or an assertion abort),
// so an exception handler never gets the chance to set it aside. Reading the two meta pages ourselves catches
// the realistic damage (a file overwritten, truncated by a full disk or a half-restored backup).
// Process kills never need this: LMDB's copy-on-write commits leave a valid file behind.
import { closeSync, openSync, readSync, statSync } from 'node:fs';

const LMDB_MAGIC = 0xbeefc0de;
const P_INVALID = 0xffffffffffffffffn; // root of an empty database
// Offsets inside MDB_meta (lmdb.h): magic, version, address, mapsize, dbs[FREE], dbs[MAIN], last_pg, txnid.
const META = { magic: 0, pageSize: 24, freeRoot: 64, mainRoot: 112, lastPage: 120, txnId: 128, length: 136 };
// The page header is 16 bytes in LMDB 0.9 and 24 in the 1.0 layout lmdb-js ships; find the meta by its magic.
const PAGE_HEADER_SIZES = [24, 16];

interface MetaPage {
  lastPage: bigint;
  txnId: bigint;
  roots: bigint[];
}

/** Answers why the file cannot be opened safely, or null when it looks like a sound LMDB file (or is absent). */
export function checkLmdbFile(file: string): string | null {
  const size = statSync(file, { throwIfNoEntry: false })?.size;
  if (size === undefined) return null;
  if (size === 0) return 'the data file is empty';
  const fd = openSync(file, 'r');
  try {
    const first = readAt(fd, 0, 4096);
    const headerSize = PAGE_HEADER_SIZES.find((at) => first.length >= at + META.length && first.readUInt32LE(at) === LMDB_MAGIC);
    if (headerSize === undefined) return 'the data file is not an LMDB database (no marker in its first page)';
    const pageSize = first.readUInt32LE(headerSize + META.pageSize);
    if (pageSize < 512 || pageSize > 65536 || (pageSize & (pageSize - 1)) !== 0) return `the data file names an impossible page size (${pageSize})`;
    if (size < 2 * pageSize) return 'the data file is shorter than its two meta pages';
    const metas = [readMeta(first, headerSize), readMeta(readAt(fd, pageSize, headerSize + META.length), headerSize)];
    const valid = metas.filter((meta): meta is MetaPage => meta !== null);
    if (valid.length === 0) return 'both meta pages of the data file are damaged';
    // LMDB uses the meta page with the newest transaction; that one must describe pages that exist.
    const current = valid.reduce((a, b) => (b.txnId > a.txnId ? b : a));
    const pages = BigInt(Math.floor(size / pageSize));
    if (current.lastPage + 1n > pages) return `the data file is truncated (${size} bytes, but its index needs ${(current.lastPage + 1n) * BigInt(pageSize)})`;
    if (current.roots.some((root) => root !== P_INVALID && root > current.lastPage)) return 'the data file points past its last page';
    return null;
  } finally {
    closeSync(fd);
  }
}

function readAt(fd: number, position: number, length: number): Buffer {
  const buffer = Buffer.alloc(length);
  const read = readSync(fd, buffer, 0, length, position);
  return buffer.subarray(0, read);
}

function readMeta(page: Buffer, headerSize: number): MetaPage | null {
  if (page.length < headerSize + META.length || page.readUInt32LE(headerSize + META.magic) !== LMDB_MAGIC) return null;
  const at = (offset: number) => page.readBigUInt64LE(headerSize + offset);
  return { lastPage: at(META.lastPage), txnId: at(META.txnId), roots: [at(META.freeRoot), at(META.mainRoot)] };
}
