// The offline cache keeps the last known answers per connection: readable at once with their age, redacted,
// never holding a token, bounded in size, and robust against damaged entries and damaged files.
import { mkdtempSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { open } from 'lmdb';
import { afterEach, describe, expect, it } from 'vitest';
import { createLogger } from '../host/logger';
import { NoticeBoard } from '../host/notices';
import { SecretScrubber } from '../redaction/secret-scrubber';
import { CacheRefusedError, OfflineCache, type OfflineCacheOptions } from './offline-cache';

const TOKEN = '6f1e2d3c-4b5a-4968-8776-655443322110';
const opened: OfflineCache[] = [];

function setup(overrides: Partial<OfflineCacheOptions> = {}) {
  const dataDir = overrides.dataDir ?? mkdtempSync(join(tmpdir(), 'qd-cache-'));
  const scrubber = new SecretScrubber();
  scrubber.register(TOKEN);
  const notices = new NoticeBoard();
  const log = createLogger(dataDir, scrubber);
  const cache = OfflineCache.open({ dataDir, scrubber, notices, log, coalesceMs: 0, ...overrides });
  opened.push(cache);
  return { cache, dataDir, notices, log, scrubber };
}

afterEach(async () => {
  await Promise.all(opened.splice(0).map((cache) => cache.close().catch(() => {})));
});

describe('OfflineCache', () => {
  it('answers a stored value with the time it was stored and its age', async () => {
    let now = 1_000_000;
    const { cache } = setup({ now: () => now });
    const jobs = [{ ID: 'web', Status: 'running', SubmitTime: 1767225600000000000, Meta: null, Datacenters: ['dc1'] }];
    await cache.put('c1', 'jobs.list?namespace=*', jobs);
    now += 180_000;
    expect(cache.get('c1', 'jobs.list?namespace=*')).toEqual({ value: jobs, storedAt: 1_000_000, ageMs: 180_000 });
    expect(cache.get('c1', 'job/web')).toBeNull();
    expect(cache.get('c2', 'jobs.list?namespace=*')).toBeNull();
  });

  it('survives a reopen', async () => {
    const { cache, dataDir } = setup();
    await cache.put('c1', 'job/web', { ID: 'web' });
    await cache.close();
    const again = setup({ dataDir }).cache;
    expect(again.get('c1', 'job/web')?.value).toEqual({ ID: 'web' });
  });

  it('reopens a cache filled with the keys the host writes (lists, reads with JSON params)', async () => {
    const { cache, dataDir, notices } = setup();
    const keys = ['list:jobs', 'read:jobs.read?{"jobId":"web","namespace":"default"}', 'read:nodes.read?{"nodeId":"0b5f"}'];
    for (const [i, key] of keys.entries()) await cache.put('6428c653-99c3-4154-a6c4-5755ff616713', key, { i });
    await cache.close();
    const again = setup({ dataDir });
    for (const [i, key] of keys.entries()) expect(again.cache.get('6428c653-99c3-4154-a6c4-5755ff616713', key)?.value).toEqual({ i });
    expect(again.cache.stats().entries).toBe(3);
    expect(again.notices.list()).toEqual([]);
  });

  it('redacts secret fields before they reach the disk', async () => {
    const { cache } = setup();
    await cache.put('c1', 'node/n1', { ID: 'n1', SecretID: 'a8c1f0e2-node-secret-value' });
    await cache.put('c1', 'jobs.list', Array.from({ length: 2500 }, (_, i) => ({ ID: `job-${i}`, SecretsToken: `sekrit-token-${i}` })));
    await cache.close();
    const raw = readFileSync(join(cache.dir, 'data.mdb')).toString('latin1');
    expect(raw).not.toContain('node-secret-value');
    expect(raw).not.toContain('sekrit-token-');
    const again = setup({ dataDir: join(cache.dir, '..') }).cache;
    expect(again.get('c1', 'node/n1')?.value).toEqual({ ID: 'n1', SecretID: '<redacted>' });
    expect((again.get<Array<{ SecretsToken: string }>>('c1', 'jobs.list')?.value ?? [])[2499]).toEqual({ ID: 'job-2499', SecretsToken: '<redacted>' });
  });

  it('refuses a value that still contains a registered token, in a small value and deep in a big list', async () => {
    const { cache } = setup();
    await expect(cache.put('c1', 'agent/self', { config: { Notes: `copied ${TOKEN} here` } })).rejects.toBeInstanceOf(CacheRefusedError);
    const list = Array.from({ length: 3000 }, (_, i) => ({ ID: `job-${i}`, Description: i === 2777 ? TOKEN : 'ok' }));
    await expect(cache.put('c1', 'jobs.list', list)).rejects.toThrow(/still contains a credential/);
    expect(cache.get('c1', 'agent/self')).toBeNull();
    expect(cache.get('c1', 'jobs.list')).toBeNull();
    await cache.close();
    expect(readFileSync(join(cache.dir, 'data.mdb')).toString('latin1')).not.toContain(TOKEN);
  });

  it('drops entries of an older format on open, and lazily on read, without a notice', async () => {
    const { cache, dataDir } = setup();
    await cache.put('c1', 'job/a', { ID: 'a' });
    await cache.put('c1', 'job/b', { ID: 'b' });
    await cache.close();
    await editRaw(cache.dir, (entries) => {
      const bytes = entries.getBinary('c1\u001fjob/b')!;
      bytes.writeUInt16LE(0, 2); // as if written by format 0
      entries.putSync('c1\u001fjob/b', bytes);
    });
    const lazily = setup({ dataDir });
    expect(lazily.cache.get('c1', 'job/b')).toBeNull();
    expect(lazily.cache.get('c1', 'job/a')?.value).toEqual({ ID: 'a' });
    await lazily.cache.flush();
    expect(lazily.cache.stats().entries).toBe(1);
    expect(lazily.notices.list()).toEqual([]);
    await lazily.cache.close();

    await editRaw(cache.dir, (_entries, info) => info.putSync('formatVersion', 0));
    const onOpen = setup({ dataDir });
    expect(onOpen.cache.stats().entries).toBe(0);
    expect(onOpen.cache.get('c1', 'job/a')).toBeNull();
    expect(onOpen.notices.list()).toEqual([]);
    await onOpen.cache.put('c1', 'job/a', { ID: 'a2' });
    expect(onOpen.cache.get('c1', 'job/a')?.value).toEqual({ ID: 'a2' });
  });

  it('drops a damaged entry with a notice and a log line, and keeps the others', async () => {
    const { cache, dataDir } = setup();
    await cache.put('c1', 'jobs.list', [{ ID: 'web' }, { ID: 'api' }]);
    await cache.put('c1', 'job/web', { ID: 'web' });
    await cache.close();
    await editRaw(cache.dir, (entries) => {
      const bytes = entries.getBinary('c1\u001fjobs.list')!;
      bytes[bytes.length - 2] ^= 0xff; // one flipped byte: the checksum no longer matches
      entries.putSync('c1\u001fjobs.list', bytes);
    });
    const again = setup({ dataDir });
    expect(again.cache.get('c1', 'jobs.list')).toBeNull();
    expect(again.notices.list()).toEqual([expect.objectContaining({ level: 'warning', title: 'Damaged offline data dropped' })]);
    expect(again.notices.list()[0].message).toContain('jobs.list');
    expect(readFileSync(again.log.file, 'utf8')).toContain('offline cache entry corrupt; dropped');
    expect(again.cache.get('c1', 'job/web')?.value).toEqual({ ID: 'web' });
    await again.cache.flush();
    expect(again.cache.stats().entries).toBe(1);
  });

  it.each([
    ['overwritten with garbage', (file: string) => writeFileSync(file, Buffer.alloc(64 * 1024, 0x5a))],
    ['truncated', (file: string) => writeFileSync(file, readFileSync(file).subarray(0, 3 * 4096))],
    ['empty', (file: string) => writeFileSync(file, '')],
  ])('sets a data file that is %s aside and starts fresh, with a notice', async (_name, damage) => {
    const { cache, dataDir } = setup();
    await cache.put('c1', 'jobs.list', Array.from({ length: 2000 }, (_, i) => ({ ID: `job-${i}`, Pad: 'x'.repeat(200) })));
    await cache.close();
    damage(join(cache.dir, 'data.mdb'));
    const again = setup({ dataDir });
    expect(again.cache.get('c1', 'jobs.list')).toBeNull();
    expect(again.notices.list()).toEqual([expect.objectContaining({ title: 'Offline cache was reset' })]);
    const aside = readdirSync(dataDir).filter((name) => name.startsWith('cache.corrupt-'));
    expect(aside).toHaveLength(1);
    expect(again.notices.list()[0].message).toContain(aside[0]);
    await again.cache.put('c1', 'job/web', { ID: 'web' });
    expect(again.cache.get('c1', 'job/web')?.value).toEqual({ ID: 'web' });
  });

  it('evicts the least recently used entries to stay under the size bound, and remembers use across reopen', async () => {
    const maxBytes = 40_000;
    const { cache, dataDir } = setup({ maxBytes });
    const blob = (n: number) => ({ n, data: Buffer.alloc(9_000, 97 + n).toString('latin1') });
    for (const n of [0, 1, 2, 3]) await cache.put('c1', `job/${n}`, blob(n));
    expect(cache.get('c1', 'job/0')?.value).toEqual(blob(0)); // 0 is now the most recently used
    await cache.close();
    const again = setup({ dataDir, maxBytes }).cache;
    await again.put('c2', 'job/4', blob(4));
    await again.put('c2', 'job/5', blob(5));
    expect(again.get('c1', 'job/1')).toBeNull();
    expect(again.get('c1', 'job/2')).toBeNull();
    expect(again.get('c1', 'job/0')?.value).toEqual(blob(0));
    expect(again.get('c1', 'job/3')?.value).toEqual(blob(3));
    const stats = again.stats();
    expect(stats.bytes).toBeLessThanOrEqual(maxBytes);
    expect(stats.evictions).toBe(2);
    expect(stats.connections).toEqual({ c1: { entries: 2, bytes: expect.any(Number) }, c2: { entries: 2, bytes: expect.any(Number) } });
  });

  it('writes large values through the asynchronous path, in order with the others, within the size bound', async () => {
    const { cache, dataDir } = setup({ maxBytes: 50_000, largeValueBytes: 10_000 });
    const big = (n: number) => ({ n, data: Buffer.alloc(20_000, 97 + n).toString('latin1') });
    await Promise.all([cache.put('c1', 'big/0', big(0)), cache.put('c1', 'small', { ok: true }), cache.put('c1', 'big/1', big(1))]);
    await cache.put('c1', 'big/2', big(2));
    expect(cache.get('c1', 'big/0')).toBeNull(); // least recently used, evicted for big/2
    expect(cache.get('c1', 'big/2')?.value).toEqual(big(2));
    expect(cache.stats().bytes).toBeLessThanOrEqual(50_000);
    await cache.close();
    const again = setup({ dataDir, maxBytes: 50_000 }).cache;
    expect(again.get('c1', 'big/1')?.value).toEqual(big(1));
    expect(again.get('c1', 'small')?.value).toEqual({ ok: true });
  });

  it('clears one connection, then all, including writes still waiting for their window', async () => {
    const { cache } = setup({ coalesceMs: 60_000 });
    await cache.put('c1', 'job/a', { ID: 'a' });
    await cache.put('c2', 'job/a', { ID: 'a' });
    const late = cache.put('c1', 'job/b', { ID: 'b' }); // waits for the window
    await cache.clear('c1');
    await late;
    await cache.flush();
    expect(cache.get('c1', 'job/a')).toBeNull();
    expect(cache.get('c1', 'job/b')).toBeNull();
    expect(cache.get('c2', 'job/a')?.value).toEqual({ ID: 'a' });
    expect(cache.stats()).toMatchObject({ entries: 1, connections: { c2: { entries: 1 } } });
    await cache.clearAll();
    expect(cache.get('c2', 'job/a')).toBeNull();
    expect(cache.stats()).toMatchObject({ entries: 0, bytes: 0, connections: {} });
  });

  it('writes a key updated many times within its window once, with the last value', async () => {
    const { cache } = setup({ coalesceMs: 60_000 });
    await cache.put('c1', 'jobs.list', [{ v: 0 }]);
    const updates = Array.from({ length: 1000 }, (_, v) => cache.put('c1', 'jobs.list', [{ v: v + 1 }]));
    await new Promise((resolve) => setImmediate(resolve));
    expect(cache.get('c1', 'jobs.list')?.value).toEqual([{ v: 0 }]); // still inside the window
    expect(cache.stats()).toMatchObject({ pendingWrites: 1, coalesced: 999 });
    await cache.flush();
    await Promise.all(updates);
    expect(cache.get('c1', 'jobs.list')?.value).toEqual([{ v: 1000 }]);
    expect(cache.stats().writes).toBe(2);
  });

  it('reports entries and bytes per connection', async () => {
    const { cache } = setup();
    await cache.put('c1', 'job/a', { ID: 'a' });
    await cache.put('c1', 'job/b', { ID: 'b' });
    await cache.put('c2', 'job/a', { ID: 'a' });
    const stats = cache.stats();
    expect(stats.entries).toBe(3);
    expect(stats.connections.c1.entries).toBe(2);
    expect(stats.connections.c2.entries).toBe(1);
    expect(stats.bytes).toBe(stats.connections.c1.bytes + stats.connections.c2.bytes);
    expect(statSync(join(cache.dir, 'data.mdb')).size).toBeGreaterThan(0);
  });
});

/** Opens the closed cache's lmdb files directly, as a damaged disk or an older app version would leave them. */
async function editRaw(dir: string, edit: (entries: ReturnType<typeof rawDbs>['entries'], info: ReturnType<typeof rawDbs>['info']) => void) {
  const dbs = rawDbs(dir);
  edit(dbs.entries, dbs.info);
  await dbs.root.close();
}

function rawDbs(dir: string) {
  const root = open({ path: dir, maxDbs: 4 });
  return { root, entries: root.openDB<Buffer, string>('entries', { encoding: 'binary' }), info: root.openDB<number, string>('info', { encoding: 'json' }) };
}
