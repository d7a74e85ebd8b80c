// The connections store against a fake host: it mirrors the host's answers and reports failures without throwing.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createPinia, setActivePinia } from 'pinia';
import type { ConnectionList, ConnectionSummary, QuarterdeckBridge } from '../../../main/contract';
import { setBridge } from '@/bridge';
import { useConnectionsStore } from './connections';

function summary(id: string): ConnectionSummary {
  return {
    profile: { id, name: id, kind: 'cluster', address: 'https://c', namespace: 'default', tls: { skipVerify: false }, createdAt: '', updatedAt: '' },
    hasToken: false,
    health: 'unknown',
  };
}

/** A fake host holding a connection list; `fail` makes one method answer with an error. */
function fakeHost(initial: ConnectionList, fail?: string) {
  const state = { ...initial };
  const calls: string[] = [];
  const bridge: QuarterdeckBridge = {
    invoke: (async (method: string, params: { id?: string | null }) => {
      calls.push(method);
      if (method === fail) return { ok: false, error: { code: 'unreachable', message: 'Host says no.' } };
      switch (method) {
        case 'connections.list':
          return { ok: true, value: state };
        case 'connections.setActive':
          state.activeId = params.id ?? null;
          return { ok: true, value: state };
        case 'connections.create': {
          const created = summary('new');
          state.connections = [...state.connections, created];
          return { ok: true, value: created };
        }
        case 'connections.test':
          // Like the host: the list it answers later carries the health of the last test.
          state.connections = state.connections.map((c) => (c.profile.id === params.id ? { ...c, health: 'ok' } : c));
          return { ok: true, value: { health: 'ok', summary: 'Reachable; the token is accepted.' } };
        default:
          return { ok: false, error: { code: 'internal', message: `unexpected ${method}` } };
      }
    }) as QuarterdeckBridge['invoke'],
    subscribe: () => () => {},
  };
  return { bridge, calls, state };
}

beforeEach(() => setActivePinia(createPinia()));
afterEach(() => {
  setBridge(null);
  vi.restoreAllMocks();
});

describe('connections store', () => {
  it('loads the list and the active connection', async () => {
    setBridge(fakeHost({ connections: [summary('a'), summary('b')], activeId: 'b' }).bridge);
    const store = useConnectionsStore();
    await store.load();
    expect(store.list.map((c) => c.profile.id)).toEqual(['a', 'b']);
    expect(store.active?.profile.id).toBe('b');
    expect(store.isEmpty).toBe(false);
  });

  it('keeps a load failure for the page to show, instead of throwing', async () => {
    setBridge(fakeHost({ connections: [], activeId: null }, 'connections.list').bridge);
    const store = useConnectionsStore();
    await store.load();
    expect(store.loaded).toBe(false);
    expect(store.loadError).toMatchObject({ code: 'unreachable' });
  });

  it('cycles through connections with wrap-around', async () => {
    setBridge(fakeHost({ connections: [summary('a'), summary('b'), summary('c')], activeId: 'c' }).bridge);
    const store = useConnectionsStore();
    await store.load();
    await store.cycle(1);
    expect(store.activeId).toBe('a');
    await store.cycle(-1);
    expect(store.activeId).toBe('c');
  });

  it('makes the first connection created the active one', async () => {
    const host = fakeHost({ connections: [], activeId: null });
    setBridge(host.bridge);
    const store = useConnectionsStore();
    await store.load();
    await store.create({ kind: 'cluster', name: 'new', address: 'https://c', namespace: 'default' });
    expect(store.activeId).toBe('new');
    expect(host.calls).toContain('connections.setActive');
  });

  it('reports a failed switch and keeps the previous active connection', async () => {
    setBridge(fakeHost({ connections: [summary('a'), summary('b')], activeId: 'a' }, 'connections.setActive').bridge);
    const store = useConnectionsStore();
    await store.load();
    // Without naive-ui's providers (as here) the feedback module reports on the console.
    const reported = vi.spyOn(console, 'error').mockImplementation(() => {});
    await expect(store.setActive('b')).resolves.toBe(false);
    expect(store.activeId).toBe('a');
    expect(reported).toHaveBeenCalledWith(expect.stringContaining('Switching to “b” failed: Host says no.'));
  });

  it('tests a new connection in the background, so the switcher shows its health instead of "Not tested"', async () => {
    const host = fakeHost({ connections: [], activeId: null });
    setBridge(host.bridge);
    const store = useConnectionsStore();
    await store.load();
    await store.create({ kind: 'cluster', name: 'new', address: 'https://c', namespace: 'default' });
    await vi.waitFor(() => expect(store.byId('new')?.health).toBe('ok'));
    expect(host.calls).toContain('connections.test');
  });
});
