// The jobs store against a fake host: the list query it builds for main, its state per cluster, and the
// check-and-set and confirmation it sends with register and purge.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createPinia, setActivePinia } from 'pinia';
import type { ConnectionList, ConnectionSummary, QuarterdeckBridge } from '../../../main/contract';
import { setBridge } from '@/bridge';
import { useConnectionsStore } from './connections';
import { useJobsStore } from './jobs';

function cluster(id: string, namespace = 'default'): ConnectionSummary {
  return {
    profile: { id, name: id, kind: 'cluster', address: 'https://c', namespace, tls: { skipVerify: false }, createdAt: '', updatedAt: '' },
    hasToken: true,
    health: 'ok',
  };
}

const calls: { method: string; params: Record<string, unknown> }[] = [];
const list: ConnectionList = { connections: [cluster('a', 'ops'), cluster('b')], activeId: 'a' };
const bridge: QuarterdeckBridge = {
  invoke: (async (method: string, params: Record<string, unknown>) => {
    calls.push({ method, params });
    if (method === 'connections.list') return { ok: true, value: list };
    if (method === 'connections.setActive') return { ok: true, value: { ...list, activeId: params.id } };
    return { ok: true, value: { EvalID: 'e1', EvalCreateIndex: 1, JobModifyIndex: 2 } };
  }) as QuarterdeckBridge['invoke'],
  subscribe: () => () => undefined,
};

beforeEach(async () => {
  calls.length = 0;
  setBridge(bridge);
  setActivePinia(createPinia());
  await useConnectionsStore().load();
});
afterEach(() => setBridge(null));

describe('jobs list query', () => {
  it("starts in the connection's own namespace, sorted by name", () => {
    const jobs = useJobsStore();
    expect(jobs.query).toMatchObject({ connectionId: 'a', namespace: 'ops', sort: { key: 'Name', order: 'asc' }, facets: {} });
    expect(jobs.query?.search).toBeUndefined();
    expect(jobs.query?.expression).toBeUndefined();
  });

  it('turns filters into facets and leaves blank text out', () => {
    const jobs = useJobsStore();
    jobs.patchList({ types: ['batch'], statuses: ['running', 'pending'], hideChildren: true, search: '  ', expression: ' Type == "batch" ' });
    expect(jobs.query?.facets).toEqual({ Type: ['batch'], Status: ['running', 'pending'], Kind: ['plain', 'periodic', 'parameterized'] });
    expect(jobs.query?.search).toBeUndefined();
    expect(jobs.query?.expression).toBe('Type == "batch"');
  });

  it('keeps each cluster its own filters', async () => {
    const jobs = useJobsStore();
    const connections = useConnectionsStore();
    jobs.patchList({ namespace: '*', search: 'web' });
    await connections.setActive('b');
    expect(jobs.query).toMatchObject({ connectionId: 'b', namespace: 'default' });
    expect(jobs.query?.search).toBeUndefined();
    await connections.setActive('a');
    expect(jobs.query).toMatchObject({ connectionId: 'a', namespace: '*', search: 'web' });
  });
});

describe('jobs actions', () => {
  it('registers with EnforceIndex and the index the edit started from (0 = must be new)', async () => {
    const jobs = useJobsStore();
    const job = { ID: 'web' } as never;
    await jobs.register('a', 'default', job, 0);
    await jobs.register('a', 'default', job, 42);
    const registers = calls.filter((c) => c.method === 'jobs.register').map((c) => c.params);
    expect(registers).toEqual([
      expect.objectContaining({ enforceIndex: true, jobModifyIndex: 0 }),
      expect.objectContaining({ enforceIndex: true, jobModifyIndex: 42 }),
    ]);
  });

  it('purges only with purge and the typed confirmation; stop never purges', async () => {
    const jobs = useJobsStore();
    const target = { connectionId: 'a', namespace: 'default', jobId: 'web' };
    await jobs.stop(target);
    await jobs.purge(target, 'web');
    const stops = calls.filter((c) => c.method === 'jobs.stop').map((c) => c.params);
    expect(stops[0]).toMatchObject({ purge: false });
    expect(stops[0].confirm).toBeUndefined();
    expect(stops[1]).toMatchObject({ purge: true, confirm: 'web' });
  });

  it('reverts with the prior-version check', async () => {
    const jobs = useJobsStore();
    await jobs.revert({ connectionId: 'a', namespace: 'default', jobId: 'web' }, 1, 3);
    expect(calls.find((c) => c.method === 'jobs.revert')?.params).toMatchObject({ version: 1, enforcePriorVersion: 3 });
  });
});
