// Opens the cache's lmdb environment under <dataDir>/cache: checks the file first, drops entries of an older
// format, rebuilds the LRU index, and sets a damaged environment aside for a fresh one (with a notice).
import { existsSync, readdirSync, renameSync, rmSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { open, type Database, type RootDatabase } from 'lmdb';
import type { Logger } from '../host/logger';
import type { NoticeBoard } from '../host/notices';
import { CACHE_FORMAT_VERSION } from './entry-codec';
import { checkLmdbFile } from './lmdb-file-check';
import { LruIndex, decodeMeta, encodeMeta, type IndexedEntry } from './lru-index';

export interface CacheEnv {
  root: RootDatabase;
  /** key → entry bytes (see entry-codec). */
  entries: Database<Buffer, string>;
  /** key → 24-byte meta (size, last access, stored at), read on open instead of the values. */
  meta: Database<Buffer, string>;
  info: Database<number, string>;
}

export interface OpenedCache {
  env: CacheEnv;
  index: LruIndex;
}

class UnopenableCache extends Error {}

/** Opens the cache, replacing an unusable one. Throws only if even a fresh, empty cache cannot be created. */
export function openOrReplaceCache(dir: string, notices: NoticeBoard, log: Logger): OpenedCache {
  try {
    return openCacheEnv(dir, log);
  } catch (error) {
    const reason = error instanceof UnopenableCache ? error.message : `lmdb could not open it (${(error as Error).message})`;
    const aside = setAside(dir);
    log.warn('offline cache set aside', { reason, movedTo: aside });
    notices.add(
      'warning',
      'Offline cache was reset',
      `The offline cache could not be opened: ${reason}. It was moved to ${aside} and a new, empty cache was created; views fill it again as they load. You can delete the old folder.`,
    );
    return openCacheEnv(dir, log);
  }
}

function openCacheEnv(dir: string, log: Logger): OpenedCache {
  const problem = checkLmdbFile(join(dir, 'data.mdb'));
  if (problem) throw new UnopenableCache(problem);
  const root = open({ path: dir, maxDbs: 4, compression: false });
  try {
    const env: CacheEnv = {
      root,
      entries: root.openDB<Buffer, string>('entries', { encoding: 'binary' }),
      meta: root.openDB<Buffer, string>('meta', { encoding: 'binary' }),
      info: root.openDB<number, string>('info', { encoding: 'json' }),
    };
    dropOtherFormats(env, log);
    return { env, index: loadIndex(env, log) };
  } catch (error) {
    void root.close().catch(() => {});
    throw error;
  }
}

/** A format bump makes every stored entry unreadable by design: drop them all once, quietly (not a fault). */
function dropOtherFormats(env: CacheEnv, log: Logger): void {
  const stored = env.info.get('formatVersion');
  if (stored === CACHE_FORMAT_VERSION) return;
  const count = env.entries.getCount();
  // Order matters for a crash in between: the version is written last, so an interrupted drop is redone.
  env.entries.clearSync();
  env.meta.clearSync();
  env.info.putSync('formatVersion', CACHE_FORMAT_VERSION);
  if (stored !== undefined) log.info('offline cache format changed; old entries dropped', { from: stored, to: CACHE_FORMAT_VERSION, dropped: count });
}

/** Reads the meta records into a fresh LRU index (on open, and after a failed commit to resync memory). */
export function loadIndex(env: CacheEnv, log: Logger): LruIndex {
  const records: Array<[string, IndexedEntry]> = [];
  const orphans: string[] = [];
  for (const { key, value } of env.meta.getRange()) {
    const meta = decodeMeta(value);
    if (meta && env.entries.doesExist(key)) records.push([key, meta]);
    else orphans.push(key);
  }
  // Entry and meta are written in one transaction, so these only appear after outside damage; repair quietly.
  const known = new Set(records.map(([key]) => key));
  const repaired: Array<[string, IndexedEntry]> = [];
  for (const key of env.entries.getKeys()) {
    if (known.has(key)) continue;
    const size = (env.entries.getBinaryFast(key)?.length ?? 0) + Buffer.byteLength(key);
    repaired.push([key, { size, accessedAt: 0, storedAt: 0 }]);
  }
  if (orphans.length || repaired.length) {
    env.root.transactionSync(() => {
      for (const key of orphans) env.meta.removeSync(key);
      for (const [key, meta] of repaired) env.meta.putSync(key, encodeMeta(meta));
    });
    log.warn('offline cache index repaired', { orphanMeta: orphans.length, missingMeta: repaired.length });
  }
  return LruIndex.rebuild([...records, ...repaired]);
}

/** Keeps one set-aside copy only: the cache is disposable, and repeated damage must not fill the disk. */
function setAside(dir: string): string {
  const parent = dirname(dir);
  const prefix = `${basename(dir)}.corrupt-`;
  for (const name of existsSync(parent) ? readdirSync(parent) : []) {
    if (name.startsWith(prefix)) rmSync(join(parent, name), { recursive: true, force: true });
  }
  const aside = join(parent, `${prefix}${new Date().toISOString().replace(/[:.]/g, '-')}`);
  if (existsSync(dir)) renameSync(dir, aside);
  return aside;
}
