// The workspaces store against a fake host: an action on the open workspace updates its detail (including who holds
// the lock, which needs a fresh read), actions on other workspaces leave it alone, and refusals reach the caller.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createPinia, setActivePinia } from 'pinia';
import type { QuarterdeckBridge, Workspace } from '../../../main/contract';
import { BridgeCallError, setBridge } from '@/bridge';
import { useWorkspacesStore } from './workspaces';

const doc = (id: string, locked: boolean): Workspace => ({
  id,
  type: 'workspaces',
  attributes: { name: id.replace('ws-', 'name-'), description: null, 'execution-mode': 'remote', permissions: {}, locked, 'created-at': '2025-01-01T00:00:00.000Z' },
});

function fakeHost(options: { refuse?: string } = {}) {
  const locked = new Set<string>();
  const calls: string[] = [];
  const bridge: QuarterdeckBridge = {
    invoke: (async (method: string, params: { workspaceId: string }) => {
      calls.push(method);
      if (method === options.refuse) return { ok: false, error: { code: 'conflict', message: 'Lock of workspace failed: it is already locked by jordan-ops (409).', status: 409 } };
      const id = params.workspaceId;
      switch (method) {
        case 'workspaces.read':
          return {
            ok: true,
            value: { value: { workspace: doc(id, locked.has(id)), project: null, currentStateVersion: null, lockedBy: locked.has(id) ? { id: 'user-1', type: 'users', username: 'quarterdeck-admin' } : null }, asOf: 'now', source: 'live' },
          };
        case 'workspaces.lock':
          locked.add(id);
          return { ok: true, value: doc(id, true) };
        default:
          return { ok: false, error: { code: 'internal', message: `unexpected ${method}` } };
      }
    }) as QuarterdeckBridge['invoke'],
    subscribe: () => () => undefined,
  };
  return { bridge, calls };
}

beforeEach(() => setActivePinia(createPinia()));
afterEach(() => setBridge(null));

describe('workspaces store', () => {
  it('locking the open workspace shows it locked and re-reads who holds the lock', async () => {
    const host = fakeHost();
    setBridge(host.bridge);
    const store = useWorkspacesStore();
    await store.read('c1', 'ws-a');
    expect(store.detail?.value.workspace.attributes.locked).toBe(false);
    await store.lock('c1', 'ws-a', 'maintenance');
    expect(store.detail?.value.workspace.attributes.locked).toBe(true);
    expect(store.detail?.value.lockedBy?.username).toBe('quarterdeck-admin');
    expect(host.calls).toEqual(['workspaces.read', 'workspaces.lock', 'workspaces.read']);
  });

  it('an action on another workspace leaves the open detail alone', async () => {
    setBridge(fakeHost().bridge);
    const store = useWorkspacesStore();
    await store.read('c1', 'ws-a');
    await store.lock('c1', 'ws-b', '');
    expect(store.detail?.value.workspace.id).toBe('ws-a');
    expect(store.detail?.value.workspace.attributes.locked).toBe(false);
  });

  it('a refusal reaches the caller with the host explanation and changes nothing', async () => {
    setBridge(fakeHost({ refuse: 'workspaces.lock' }).bridge);
    const store = useWorkspacesStore();
    await store.read('c1', 'ws-a');
    const refused = await store.lock('c1', 'ws-a', '').catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(BridgeCallError);
    expect((refused as BridgeCallError).message).toContain('already locked by jordan-ops');
    expect(store.detail?.value.workspace.attributes.locked).toBe(false);
  });
});
