// The cache methods through the host's router: stats, "Clear cache" per connection and for all, the size bound from
// settings (validated), and the last guard that keeps state contents and sensitive values off the disk.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { BridgeResult, CacheStatsResult, ConnectionSummary } from '../contract';
import { createHost, type Host } from '../host/create-host';
import { guardBeforeCache } from './last-guard';
import { readKey } from './offline-reads';

const session = { id: 'offline-host-test' };
const hosts: Host[] = [];
afterEach(async () => {
  await Promise.all(hosts.splice(0).map((host) => host.shutdown()));
});

async function openHost(): Promise<Host> {
  const host = await createHost({
    dataDir: mkdtempSync(join(tmpdir(), 'qd-offline-host-')),
    shell: { mode: 'web', openExternal: async () => undefined },
    env: {},
    loadKeychain: async () => {
      throw new Error('no keychain in this test');
    },
  });
  hosts.push(host);
  await host.ready;
  return host;
}

const call = async <T>(host: Host, method: string, params: unknown): Promise<BridgeResult<T>> => (await host.invoke(method, params, session)) as BridgeResult<T>;

describe('cache methods', () => {
  it('reports stats, applies and validates the size bound from settings', async () => {
    const host = await openHost();
    const stats = await call<CacheStatsResult>(host, 'cache.stats', {});
    expect(stats).toMatchObject({ ok: true, value: { enabled: true, entries: 0, maxBytes: 500 * 1024 * 1024 } });
    expect(await call(host, 'settings.update', { cacheMaxMB: 64 })).toMatchObject({ ok: true, value: { cacheMaxMB: 64 } });
    expect(await call(host, 'cache.stats', {})).toMatchObject({ ok: true, value: { maxBytes: 64 * 1024 * 1024 } });
    const refused = await call(host, 'settings.update', { cacheMaxMB: 5 });
    expect(refused).toMatchObject({ ok: false, error: { code: 'invalid_input' } });
    expect(!refused.ok && refused.error.message).toMatch(/cacheMaxMB must be at least 10 MB/);
  });

  it('clears one connection or all, and names an unknown connection', async () => {
    const host = await openHost();
    const created = await call<ConnectionSummary>(host, 'connections.create', { kind: 'cluster', name: 'c', address: 'http://127.0.0.1:9', namespace: 'default' });
    expect(created.ok).toBe(true);
    const id = created.ok ? created.value.profile.id : '';
    expect(await call(host, 'cache.clear', { connectionId: id })).toMatchObject({ ok: true, value: { entries: 0 } });
    expect(await call(host, 'cache.clear', {})).toMatchObject({ ok: true });
    expect(await call(host, 'cache.clear', { connectionId: 'no-such-connection' })).toMatchObject({ ok: false, error: { code: 'not_found' } });
    expect(await call(host, 'cache.clear', { connectionId: '' })).toMatchObject({ ok: false, error: { code: 'invalid_input' } });
  });
});

describe('last guard before the cache', () => {
  it('never caches state contents and strips sensitive variable values however nested', () => {
    expect(() => guardBeforeCache('stateVersions.outputs', [])).toThrow(/never cached/);
    expect(() => guardBeforeCache('stateVersions.diff', {})).toThrow(/never cached/);
    const variables = [{ id: 'v1', attributes: { key: 'db_password', value: 's3cr3t', sensitive: true } }, { id: 'v2', attributes: { key: 'region', value: 'eu', sensitive: false } }];
    const guarded = guardBeforeCache('variables.list', variables) as typeof variables;
    expect(guarded[0].attributes.value).toBeNull();
    expect(guarded[1].attributes.value).toBe('eu');
    expect(variables[0].attributes.value).toBe('s3cr3t'); // the answer sent to the renderer is not changed here
  });

  it('keys a read by method and params, whatever their order, without the connection id', () => {
    expect(readKey('jobs.read', { connectionId: 'a', jobId: 'web', namespace: 'x' })).toBe(readKey('jobs.read', { namespace: 'x', jobId: 'web', connectionId: 'b' }));
    expect(readKey('jobs.read', { connectionId: 'a', jobId: 'x'.repeat(600) })).toMatch(/^read:jobs\.read#/);
  });
});
