// Authentication, the per-token rate limit, routing edges and the generated estates.
import { afterEach, describe, expect, it } from 'vitest';
import { RateLimiter } from '../auth';
import { createWorkspaceApi } from '../index';
import { eventually, expectError, startHarness, type Harness } from './harness';

let h: Harness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

describe('Authorization: Bearer', () => {
  it('answers 401 without a token, with an unknown token, or with another scheme', async () => {
    h = await startHarness();
    const path = `/api/v2/organizations/${h.org}/workspaces`;
    expectError(await h.withAuthorization(null).get(path), 401);
    expectError(await h.withAuthorization('Bearer not-a-real.atlasv1.token').get(path), 401);
    expectError(await h.withAuthorization(`Basic ${h.api.tokens.user}`).get(path), 401);
    const ok = await h.as('user').get(path);
    expect(ok.status).toBe(200);
  });

  it('issues tokens shaped like the real service\'s, deterministically from the seed', () => {
    const a = createWorkspaceApi({ seed: 42, scale: 'small', publicUrl: () => '' });
    const b = createWorkspaceApi({ seed: 42, scale: 'small', publicUrl: () => '' });
    const c = createWorkspaceApi({ seed: 43, scale: 'small', publicUrl: () => '' });
    for (const token of Object.values(a.tokens)) expect(token).toMatch(/^[A-Za-z0-9]{14}\.atlasv1\.[A-Za-z0-9]{64}$/);
    expect(a.tokens).toEqual(b.tokens);
    expect(a.tokens.user).not.toBe(c.tokens.user);
    expect([...a.store.workspaces.keys()]).toEqual([...b.store.workspaces.keys()]);
    for (const api of [a, b, c]) api.close();
  });
});

describe('rate limit: 30 requests per second per token', () => {
  it('answers 429 with X-RateLimit-Limit, X-RateLimit-Reset and Retry-After beyond the limit, per token', async () => {
    h = await startHarness({ rateLimit: 30 });
    const path = `/api/v2/organizations/${h.org}/projects`;
    const answers = await Promise.all(Array.from({ length: 35 }, () => h!.as('user').get(path)));
    const limited = answers.filter((answer) => answer.status === 429);
    expect(limited.length).toBeGreaterThanOrEqual(5);
    const first = limited[0];
    expectError(first, 429);
    expect(first.headers.get('x-ratelimit-limit')).toBe('30');
    expect(first.headers.get('x-ratelimit-reset')).toMatch(/^[01]\.\d{3}$/);
    expect(Number(first.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    const passed = answers.find((answer) => answer.status === 200)!;
    expect(passed.headers.get('x-ratelimit-limit')).toBe('30');
    expect(passed.headers.get('x-ratelimit-reset')).toMatch(/^\d\.\d{3}$/);
    // Another token has its own budget.
    expect((await h.as('otherUser').get(path)).status).toBe(200);
    // The window ends and the same token is served again.
    await eventually(async () => ((await h!.as('user').get(path)).status === 200 ? true : undefined), 3000);
  });

  it('uses a fixed one-second window whose reset counts down', () => {
    let now = 1_000;
    const limiter = new RateLimiter(2, 1000, () => now);
    expect(limiter.take('t').limited).toBe(false);
    now += 400;
    expect(limiter.take('t').headers['X-RateLimit-Reset']).toBe('0.600');
    const refused = limiter.take('t');
    expect(refused.limited).toBe(true);
    expect(refused.headers['Retry-After']).toBe('1');
    now += 600;
    expect(limiter.take('t').limited).toBe(false);
  });
});

describe('routing', () => {
  it('leaves paths outside /api/v2 to other modules and answers 405 for a wrong method', async () => {
    h = await startHarness();
    const outside = await fetch(`${h.url}/v1/jobs`, { headers: { Authorization: `Bearer ${h.api.tokens.user}` } });
    expect(((await outside.json()) as any).errors[0].detail).toBe('not owned by the workspace API');
    expectError(await h.as('user').raw('PUT', `/api/v2/workspaces/${h.workspace('sandbox').id}`, '{}'), 405);
    expectError(await h.as('user').get('/api/v2/nothing-here'), 404);
  });
});

describe('large scale', () => {
  it('generates 10,000 workspaces in ~50 projects with state histories, content built lazily and deterministically', async () => {
    h = await startHarness({ scale: 'large', seed: 3 });
    const store = h.api.store;
    expect(store.workspaces.size).toBe(10_000);
    expect(store.projects.size).toBe(50);
    expect(store.stateVersions.size).toBeGreaterThan(15_000);
    const withHistory = [...store.workspaces.values()].find((ws) => ws.stateVersionIds.length > 1)!;
    const current = store.stateVersions.get(withHistory.currentStateVersionId!)!;
    expect(current.content).toBeNull();
    const page = await h.as('user').get(`/api/v2/organizations/${h.org}/workspaces?page[size]=100&page[number]=100&sort=name`);
    expect(page.body.data).toHaveLength(100);
    expect(page.body.meta.pagination).toMatchObject({ 'total-count': 10_000, 'total-pages': 100, 'next-page': null });
    const shown = await h.as('user').get(`/api/v2/workspaces/${withHistory.id}/current-state-version`);
    const raw = Buffer.from(await (await fetch(shown.body.data.attributes['hosted-state-download-url'])).arrayBuffer());
    const twin = createWorkspaceApi({ seed: 3, scale: 'large', publicUrl: () => '' });
    expect(twin.store.content(twin.store.stateVersions.get(current.id)!)!.raw.equals(raw)).toBe(true);
    twin.close();
    const hidden = await h.as('readOnly').get(`/api/v2/organizations/${h.org}/workspaces?page[size]=1`);
    expect(hidden.body.meta.pagination['total-count']).toBeLessThan(10_000);
  });
});
