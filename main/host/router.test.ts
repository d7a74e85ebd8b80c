// The router validates before anything runs, and keeps error meaning across the bridge.
import { describe, expect, it, vi } from 'vitest';
import { MethodRouter, type MethodHandlers } from './router';
import { methodSchemas } from './schemas/index';
import { HostError } from './host-error';

function routerWith(overrides: Partial<MethodHandlers>) {
  const handlers = new Proxy(overrides as MethodHandlers, {
    get: (target, key: string) => target[key as keyof MethodHandlers] ?? vi.fn(async () => 'unexpected call'),
  });
  const log = { error: vi.fn() };
  return { router: new MethodRouter(methodSchemas, handlers, log), log };
}

const session = { id: 's1' };

describe('MethodRouter', () => {
  it('refuses an unknown method with invalid_input and runs nothing', async () => {
    const { router } = routerWith({});
    const result = await router.invoke('jobs.nuke', {}, { session });
    expect(result).toMatchObject({ ok: false, error: { code: 'invalid_input' } });
    expect(await router.invoke({ toString: () => 'x' }, {}, { session })).toMatchObject({ ok: false, error: { code: 'invalid_input' } });
  });

  it('refuses invalid params with the failing field and does not call the handler', async () => {
    const create = vi.fn();
    const { router } = routerWith({ 'connections.create': create });
    const result = await router.invoke('connections.create', { kind: 'cluster', name: 'x', address: 'ftp://x', namespace: 'default' }, { session });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.error.code).toBe('invalid_input');
    expect(result.error.details).toEqual([expect.objectContaining({ path: 'address' })]);
    expect(create).not.toHaveBeenCalled();
  });

  it('refuses a token with a line break (header injection)', async () => {
    const set = vi.fn();
    const { router } = routerWith({ 'tokens.set': set });
    const result = await router.invoke('tokens.set', { connectionId: 'c', token: 'abc\r\nX-Evil: 1' }, { session });
    expect(result).toMatchObject({ ok: false, error: { code: 'invalid_input' } });
    expect(set).not.toHaveBeenCalled();
  });

  it('refuses unexpected extra keys rather than ignoring them', async () => {
    const { router } = routerWith({});
    const result = await router.invoke('connections.remove', { id: 'a', purge: true }, { session });
    expect(result).toMatchObject({ ok: false, error: { code: 'invalid_input' } });
  });

  it('passes HostError codes, status and detail through', async () => {
    const { router } = routerWith({
      'connections.test': async () => {
        throw new HostError('conflict', 'Unlock failed: locked by another user (409).', { status: 409, detail: 'locked' });
      },
    });
    const result = await router.invoke('connections.test', { id: 'a' }, { session });
    expect(result).toEqual({ ok: false, error: { code: 'conflict', message: 'Unlock failed: locked by another user (409).', status: 409, detail: 'locked' } });
  });

  it('hides unexpected errors behind internal and logs them', async () => {
    const { router, log } = routerWith({
      'connections.list': async () => {
        throw new TypeError('secret stack detail');
      },
    });
    const result = await router.invoke('connections.list', {}, { session });
    expect(result).toMatchObject({ ok: false, error: { code: 'internal' } });
    expect(JSON.stringify(result)).not.toContain('secret stack detail');
    expect(log.error).toHaveBeenCalled();
  });

  it('returns the handler value on success', async () => {
    const { router } = routerWith({ 'settings.get': async () => ({ theme: 'dark', sidebarCollapsed: false }) });
    expect(await router.invoke('settings.get', {}, { session })).toEqual({ ok: true, value: { theme: 'dark', sidebarCollapsed: false } });
  });
});
