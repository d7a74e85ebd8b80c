// The preload's window.quarterdeck over a fake ipcRenderer: one invoke channel, batches routed by subscription.
import { describe, expect, it } from 'vitest';
import type { StreamBatch } from '../main/contract';
import { INVOKE_CHANNEL, STREAM_CHANNEL } from '../main/electron/channels';
import { createIpcBridge, type IpcRendererLike } from './bridge-api';

class FakeIpcRenderer implements IpcRendererLike {
  readonly invoked: Array<{ channel: string; request: Record<string, unknown> }> = [];
  readonly listeners = new Map<string, Array<(event: unknown, ...args: unknown[]) => void>>();
  answer: (request: Record<string, unknown>) => unknown = () => ({ ok: true, value: 'done' });

  async invoke(channel: string, request: unknown): Promise<unknown> {
    this.invoked.push({ channel, request: request as Record<string, unknown> });
    return this.answer(request as Record<string, unknown>);
  }
  on(channel: string, listener: (event: unknown, ...args: unknown[]) => void): void {
    this.listeners.set(channel, [...(this.listeners.get(channel) ?? []), listener]);
  }
  /** What main's webContents.send(STREAM_CHANNEL, batch) looks like on this side. */
  emitBatch(batch: unknown): void {
    for (const listener of this.listeners.get(STREAM_CHANNEL) ?? []) listener({}, batch);
  }
}

const batch = (subscriptionId: string, items: unknown[]): StreamBatch<unknown> => ({
  subscriptionId,
  status: 'live',
  items,
  dropped: 0,
  malformed: 0,
});

function ids() {
  let n = 0;
  return () => `sub-${String(++n).padStart(8, '0')}`;
}

const params = { connectionId: 'c1', topics: [], namespace: 'default' };

describe('preload bridge', () => {
  it('exposes exactly invoke and subscribe', () => {
    expect(Object.keys(createIpcBridge(new FakeIpcRenderer())).sort()).toEqual(['invoke', 'subscribe']);
  });

  it('sends invoke through the one invoke channel and returns the host result', async () => {
    const ipc = new FakeIpcRenderer();
    const bridge = createIpcBridge(ipc);
    await expect(bridge.invoke('connections.list', {})).resolves.toEqual({ ok: true, value: 'done' });
    expect(ipc.invoked).toEqual([{ channel: INVOKE_CHANNEL, request: { kind: 'invoke', method: 'connections.list', params: {} } }]);
  });

  it('turns a failed IPC call into an error result instead of a rejection', async () => {
    const ipc = new FakeIpcRenderer();
    ipc.answer = () => {
      throw new Error('Error invoking remote method');
    };
    await expect(createIpcBridge(ipc).invoke('app.info', {})).resolves.toMatchObject({ ok: false, error: { code: 'internal' } });
  });

  it('subscribes with its own id through the invoke channel and routes batches by that id', async () => {
    const ipc = new FakeIpcRenderer();
    const bridge = createIpcBridge(ipc, ids());
    const first: unknown[] = [];
    const second: unknown[] = [];
    bridge.subscribe('events.cluster', params, (b) => first.push(...b.items));
    bridge.subscribe('logs.alloc', params as never, (b) => second.push(...b.items));
    expect(ipc.invoked.map((call) => call.request)).toEqual([
      { kind: 'subscribe', stream: 'events.cluster', params, subscriptionId: 'sub-00000001' },
      { kind: 'subscribe', stream: 'logs.alloc', params, subscriptionId: 'sub-00000002' },
    ]);
    ipc.emitBatch(batch('sub-00000002', ['b1']));
    ipc.emitBatch(batch('sub-00000001', ['a1']));
    ipc.emitBatch(batch('sub-unknown', ['x']));
    ipc.emitBatch(null); // garbage on the channel is ignored
    expect(first).toEqual(['a1']);
    expect(second).toEqual(['b1']);
    expect(ipc.listeners.get(STREAM_CHANNEL)).toHaveLength(1); // one listener for all streams
  });

  it('unsubscribe stops delivery and tells main once', async () => {
    const ipc = new FakeIpcRenderer();
    const bridge = createIpcBridge(ipc, ids());
    const seen: unknown[] = [];
    const unsubscribe = bridge.subscribe('events.cluster', params, (b) => seen.push(...b.items));
    unsubscribe();
    unsubscribe();
    ipc.emitBatch(batch('sub-00000001', ['late']));
    expect(seen).toEqual([]);
    expect(ipc.invoked.filter((call) => call.request.kind === 'unsubscribe').map((call) => call.request)).toEqual([
      { kind: 'unsubscribe', subscriptionId: 'sub-00000001' },
    ]);
  });

  it('reports a refused subscription as a final ended batch carrying the reason', async () => {
    const ipc = new FakeIpcRenderer();
    ipc.answer = () => ({ ok: false, error: { code: 'invalid_input', message: 'Unknown stream "nope".' } });
    const bridge = createIpcBridge(ipc, ids());
    const batches = await new Promise<StreamBatch<unknown>>((resolve) => bridge.subscribe('nope' as never, {} as never, resolve));
    expect(batches).toMatchObject({ subscriptionId: 'sub-00000001', status: 'ended', message: 'Unknown stream "nope".' });
  });
});
