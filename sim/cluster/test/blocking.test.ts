// Blocking queries: index + wait, held answers released by a change, timeouts, and the per-client limit.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startTestCluster, type TestCluster } from './server';
import { parseGoDuration } from '../blocking';

let c: TestCluster;
beforeEach(async () => {
  c = await startTestCluster();
});
afterEach(async () => {
  await c.close();
});

describe('blocking queries', () => {
  it('answers at once when the index is already past the requested one', async () => {
    const res = await c.call('/v1/jobs?index=1&wait=10s');
    expect(res.status).toBe(200);
    expect(Number(res.headers.get('X-Cluster-Index'))).toBeGreaterThan(1);
    expect(res.headers.get('X-Cluster-LastContact')).toBe('0');
  });

  it('holds until the resource changes', async () => {
    const first = await c.call('/v1/job/web');
    const index = Number(first.headers.get('X-Cluster-Index'));
    let settled = false;
    const held = c.call(`/v1/job/web?index=${index}&wait=30s`).then((r) => ((settled = true), r));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(settled).toBe(false);
    const job = await first.json();
    await c.json('/v1/job/web', { method: 'POST', json: { Job: { ...job, Meta: { changed: 'yes' } } } });
    const res = await held;
    expect(Number(res.headers.get('X-Cluster-Index'))).toBeGreaterThan(index);
    expect((await res.json()).Meta).toEqual({ changed: 'yes' });
  });

  it('is not woken by changes to other resources', async () => {
    const first = await c.call('/v1/job/postgres');
    const index = Number(first.headers.get('X-Cluster-Index'));
    let settled = false;
    const held = c.call(`/v1/job/postgres?index=${index}&wait=300ms`).then((r) => ((settled = true), r));
    const job = await c.json('/v1/job/web');
    await c.json('/v1/job/web', { method: 'POST', json: { Job: { ...job, Meta: { changed: 'yes' } } } });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(settled).toBe(false);
    const res = await held;
    expect(Number(res.headers.get('X-Cluster-Index'))).toBe(index);
  });

  it('returns the current state when the wait elapses', async () => {
    const first = await c.call('/v1/nodes');
    const index = Number(first.headers.get('X-Cluster-Index'));
    const started = Date.now();
    const res = await c.call(`/v1/nodes?index=${index}&wait=200ms`);
    expect(Date.now() - started).toBeGreaterThanOrEqual(150);
    expect(res.status).toBe(200);
    expect(Number(res.headers.get('X-Cluster-Index'))).toBe(index);
  });

  it('rejects a bad index or wait', async () => {
    expect((await c.call('/v1/jobs?index=abc')).status).toBe(400);
    const bad = await c.call('/v1/jobs?index=5&wait=soon');
    expect(bad.status).toBe(400);
    expect(await bad.text()).toBe('Invalid wait time');
  });

  it('answers 429 past the per-client limit of held requests', async () => {
    c.sim.blocking.maxPerClient = 2;
    const index = Number((await c.call('/v1/nodes')).headers.get('X-Cluster-Index'));
    const controllers = [new AbortController(), new AbortController()];
    const held = controllers.map((ctl) => c.call(`/v1/nodes?index=${index}&wait=10s`, { signal: ctl.signal }).catch(() => undefined));
    await new Promise((resolve) => setTimeout(resolve, 50));
    const refused = await c.call(`/v1/nodes?index=${index}&wait=10s`);
    expect(refused.status).toBe(429);
    controllers.forEach((ctl) => ctl.abort());
    await Promise.all(held);
  });

  it('refuses a bad filter at once, even on a blocking query', async () => {
    const index = Number((await c.call('/v1/jobs')).headers.get('X-Cluster-Index'));
    const res = await c.call(`/v1/jobs?index=${index}&wait=30s&filter=${encodeURIComponent('Status ==')}`);
    expect(res.status).toBe(400);
  });

  it('refuses a filter on an unknown field at once, before holding', async () => {
    for (const list of ['/v1/jobs', '/v1/allocations', '/v1/nodes']) {
      const index = Number((await c.call(list)).headers.get('X-Cluster-Index'));
      const started = Date.now();
      const res = await c.call(`${list}?index=${index}&wait=30s&filter=${encodeURIComponent('NoSuchField == "x"')}`);
      expect(res.status, list).toBe(400);
      expect(await res.text(), list).toMatch(/couldn't find key: struct field with name "NoSuchField"/);
      expect(Date.now() - started, list).toBeLessThan(5000);
    }
  });

  it('parses Go durations', () => {
    expect(parseGoDuration('5s')).toBe(5000);
    expect(parseGoDuration('1m30s')).toBe(90_000);
    expect(parseGoDuration('100ms')).toBe(100);
    expect(parseGoDuration('5 s')).toBeNull();
  });
});
