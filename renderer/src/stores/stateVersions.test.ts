// The state versions store against a fake host: the processed flag is re-read until the service has processed
// the version, then its outputs are fetched once; a slow answer for a version no longer selected is dropped.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createPinia, setActivePinia } from 'pinia';
import type { QuarterdeckBridge, StateVersion } from '../../../main/contract';
import { setBridge } from '@/bridge';
import { PROCESSING_POLL_MS, useStateVersionsStore } from './stateVersions';

function version(id: string, serial: number, processed: boolean): StateVersion {
  return {
    id,
    type: 'state-versions',
    attributes: { 'created-at': '2026-01-01T00:00:00.000Z', size: 10, status: 'finalized', intermediate: false, serial, 'resources-processed': processed },
  };
}

const fresh = { asOf: '2026-01-01T00:00:00.000Z', source: 'live' as const };

/** Answers `stateVersions.read` with "not processed" for the first `unprocessedReads` reads of sv-new. */
function fakeHost(unprocessedReads: number) {
  const calls: Array<{ method: string; params: Record<string, unknown> }> = [];
  let reads = 0;
  const bridge: QuarterdeckBridge = {
    invoke: (async (method: string, params: Record<string, unknown>) => {
      calls.push({ method, params });
      switch (method) {
        case 'stateVersions.list':
          return { ok: true, value: { ...fresh, value: { items: [version('sv-new', 2, false), version('sv-old', 1, true)], pagination: { currentPage: 1, pageSize: 20, prevPage: null, nextPage: null, totalPages: 1, totalCount: 2 } } } };
        case 'stateVersions.current':
          return { ok: true, value: { ...fresh, value: version('sv-new', 2, false) } };
        case 'workspaces.read':
          return { ok: true, value: { ...fresh, value: { workspace: { id: 'ws-1', attributes: { name: 'app-prod', locked: false } } } } };
        case 'stateVersions.read':
          if (params.stateVersionId === 'sv-old') return { ok: true, value: { ...fresh, value: version('sv-old', 1, true) } };
          reads++;
          return { ok: true, value: { ...fresh, value: version('sv-new', 2, reads > unprocessedReads) } };
        case 'stateVersions.outputs':
          return { ok: true, value: [{ name: 'url', type: '"string"', sensitive: false, value: `of ${String(params.stateVersionId)}` }] };
        default:
          return { ok: false, error: { code: 'internal', message: `unexpected ${method}` } };
      }
    }) as QuarterdeckBridge['invoke'],
    subscribe: () => () => {},
  };
  return { bridge, calls };
}

beforeEach(() => {
  setActivePinia(createPinia());
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
  setBridge(null);
});

describe('state versions store', () => {
  it('re-reads an unprocessed version until it is processed, updating the list row too, then loads its outputs once', async () => {
    const host = fakeHost(2);
    setBridge(host.bridge);
    const store = useStateVersionsStore();
    await store.open({ connectionId: 'c1', workspaceId: 'ws-1' });
    expect(store.currentId).toBe('sv-new');
    expect(store.workspaceName).toBe('app-prod');

    await store.select('sv-new');
    expect(store.detail?.attributes['resources-processed']).toBe(false);
    await vi.advanceTimersByTimeAsync(PROCESSING_POLL_MS);
    expect(store.detail?.attributes['resources-processed']).toBe(false);
    await vi.advanceTimersByTimeAsync(PROCESSING_POLL_MS);
    expect(store.detail?.attributes['resources-processed']).toBe(true);
    expect(store.items.find((v) => v.id === 'sv-new')?.attributes['resources-processed']).toBe(true);
    expect(store.outputs?.[0].value).toBe('of sv-new');

    // Processed: no more reads however long it stays open.
    const readsBefore = host.calls.filter((c) => c.method === 'stateVersions.read').length;
    await vi.advanceTimersByTimeAsync(PROCESSING_POLL_MS * 5);
    expect(host.calls.filter((c) => c.method === 'stateVersions.read').length).toBe(readsBefore);
  });

  it('stops polling the previous version when another is selected', async () => {
    const host = fakeHost(1000);
    setBridge(host.bridge);
    const store = useStateVersionsStore();
    await store.open({ connectionId: 'c1', workspaceId: 'ws-1' });
    await store.select('sv-new');
    await store.select('sv-old');
    const readsOfNew = () => host.calls.filter((c) => c.method === 'stateVersions.read' && c.params.stateVersionId === 'sv-new').length;
    const before = readsOfNew();
    await vi.advanceTimersByTimeAsync(PROCESSING_POLL_MS * 3);
    expect(readsOfNew()).toBe(before);
    expect(store.detail?.id).toBe('sv-old');
    expect(store.outputs?.[0].value).toBe('of sv-old');
  });

  it('keeps at most two versions ticked for a diff and compares older to newer', async () => {
    const host = fakeHost(0);
    setBridge(host.bridge);
    const store = useStateVersionsStore();
    await store.open({ connectionId: 'c1', workspaceId: 'ws-1' });
    store.toggleCompare(version('sv-new', 2, true));
    store.toggleCompare(version('sv-old', 1, true));
    store.toggleCompare(version('sv-third', 3, true));
    expect(store.compare.map((c) => c.id)).toEqual(['sv-old', 'sv-third']);
    await store.diff().catch(() => undefined);
    expect(host.calls.find((c) => c.method === 'stateVersions.diff')?.params).toMatchObject({ fromId: 'sv-old', toId: 'sv-third' });
  });

  it('asks the service for the chosen page and status, and a new status starts again at page 1', async () => {
    const host = fakeHost(0);
    setBridge(host.bridge);
    const store = useStateVersionsStore();
    await store.open({ connectionId: 'c1', workspaceId: 'ws-1' });
    await store.goToPage(3);
    expect(host.calls.filter((c) => c.method === 'stateVersions.list').at(-1)?.params).toMatchObject({ page: 3, pageSize: 20 });
    await store.filterStatus('discarded');
    expect(host.calls.filter((c) => c.method === 'stateVersions.list').at(-1)?.params).toMatchObject({ page: 1, status: 'discarded' });
    await store.filterStatus(null);
    expect(host.calls.filter((c) => c.method === 'stateVersions.list').at(-1)?.params).not.toHaveProperty('status');
  });
});
