// The desktop IPC glue with fakes of ipcMain, webContents and frames (no Electron binary here).
import { EventEmitter } from 'node:events';
import { describe, expect, it } from 'vitest';
import type { StreamBatch } from '../contract';
import { FakeHost } from '../web/testing/fake-host';
import { INVOKE_CHANNEL, STREAM_CHANNEL } from './channels';
import { registerBridgeIpc, type BridgeContents, type FrameLike, type InvokeEventLike, type IpcMainLike } from './ipc';

const APP_URL = 'file:///opt/quarterdeck/out/renderer/index.html';

class FakeFrame implements FrameLike {
  constructor(
    public url: string,
    public parent: FakeFrame | null = null,
  ) {}
}

class FakeWebContents extends EventEmitter implements BridgeContents {
  static nextId = 1;
  readonly id = FakeWebContents.nextId++;
  readonly mainFrame: FakeFrame;
  readonly sent: Array<{ channel: string; batch: StreamBatch<unknown> }> = [];
  private destroyed = false;

  constructor(url = `${APP_URL}#/jobs`) {
    super();
    this.mainFrame = new FakeFrame(url);
  }
  isDestroyed(): boolean {
    return this.destroyed;
  }
  send(channel: string, batch: unknown): void {
    if (this.destroyed) throw new Error('Object has been destroyed'); // what Electron does
    this.sent.push({ channel, batch: batch as StreamBatch<unknown> });
  }
  destroy(): void {
    this.destroyed = true;
    this.emit('destroyed');
  }
  crash(): void {
    this.emit('render-process-gone', {}, { reason: 'crashed', exitCode: 139 });
  }
}

class FakeIpcMain implements IpcMainLike {
  readonly handlers = new Map<string, (event: InvokeEventLike, ...args: unknown[]) => unknown>();
  handle(channel: string, listener: (event: InvokeEventLike, ...args: unknown[]) => unknown): void {
    if (this.handlers.has(channel)) throw new Error('Attempted to register a second handler');
    this.handlers.set(channel, listener);
  }
  removeHandler(channel: string): void {
    this.handlers.delete(channel);
  }
  /** What Electron does for `ipcRenderer.invoke(INVOKE_CHANNEL, request)` from `frame` of `sender`. */
  call(sender: FakeWebContents, request: unknown, frame: FakeFrame | null = sender.mainFrame): Promise<unknown> {
    const handler = this.handlers.get(INVOKE_CHANNEL);
    if (!handler) throw new Error('no handler');
    return Promise.resolve(handler({ sender, senderFrame: frame }, request));
  }
}

function setup() {
  const ipcMain = new FakeIpcMain();
  const host = new FakeHost();
  const windows = new Set<BridgeContents>();
  const bridge = registerBridgeIpc({
    ipcMain,
    host,
    isAppWindow: (contents) => windows.has(contents),
    isAppUrl: (url) => url.split('#')[0] === APP_URL,
  });
  const openWindow = (url?: string) => {
    const contents = new FakeWebContents(url);
    windows.add(contents);
    return contents;
  };
  return { ipcMain, host, bridge, openWindow };
}

const invoke = { kind: 'invoke', method: 'connections.list', params: {} };
const subscribe = (subscriptionId: string) => ({
  kind: 'subscribe',
  stream: 'events.cluster',
  params: { connectionId: 'c1', topics: [], namespace: 'default' },
  subscriptionId,
});

describe('desktop IPC bridge', () => {
  it('registers exactly one invoke channel', () => {
    const { ipcMain } = setup();
    expect([...ipcMain.handlers.keys()]).toEqual([INVOKE_CHANNEL]);
  });

  it('dispatches a call from the app window top frame to the host', async () => {
    const { ipcMain, host, openWindow } = setup();
    const window = openWindow();
    const result = await ipcMain.call(window, invoke);
    expect(result).toEqual({ ok: true, value: { method: 'connections.list', params: {} } });
    expect(host.invokes).toHaveLength(1);
  });

  it('refuses a call from a sub-frame of the app window and runs nothing', async () => {
    const { ipcMain, host, openWindow } = setup();
    const window = openWindow();
    const iframe = new FakeFrame(APP_URL, window.mainFrame); // even with the app's own URL
    const result = await ipcMain.call(window, invoke, iframe);
    expect(result).toMatchObject({ ok: false, error: { code: 'forbidden' } });
    expect(host.invokes).toHaveLength(0);
  });

  it('refuses a call from a top frame showing a foreign page', async () => {
    const { ipcMain, host, openWindow } = setup();
    for (const url of ['https://evil.example/', 'file:///tmp/evil.html', 'file:///opt/quarterdeck/out/renderer/other.html']) {
      const window = openWindow(url);
      const result = await ipcMain.call(window, invoke);
      expect(result, url).toMatchObject({ ok: false, error: { code: 'forbidden' } });
    }
    expect(host.invokes).toHaveLength(0);
  });

  it('refuses a call whose sender frame is gone, or from a webContents that is not an app window', async () => {
    const { ipcMain, host, openWindow } = setup();
    const window = openWindow();
    expect(await ipcMain.call(window, invoke, null)).toMatchObject({ ok: false, error: { code: 'forbidden' } });
    const stranger = new FakeWebContents(); // e.g. a devtools or other webContents we did not create
    expect(await ipcMain.call(stranger, invoke)).toMatchObject({ ok: false, error: { code: 'forbidden' } });
    // A frame that is not the sender's main frame, even if parentless, is not trusted either.
    expect(await ipcMain.call(window, invoke, new FakeFrame(APP_URL))).toMatchObject({ ok: false, error: { code: 'forbidden' } });
    expect(host.invokes).toHaveLength(0);
  });

  it('answers a malformed request with invalid_input and never calls the host', async () => {
    const { ipcMain, host, openWindow } = setup();
    const window = openWindow();
    for (const bad of [null, 'x', 42, [], { kind: 'eval', code: '1' }, { kind: 'invoke' }, { kind: 'subscribe', stream: 's' }]) {
      expect(await ipcMain.call(window, bad)).toMatchObject({ ok: false, error: { code: 'invalid_input' } });
    }
    expect(host.invokes).toHaveLength(0);
    expect(host.subscriptions).toHaveLength(0);
  });

  it('turns a throwing host into an internal error instead of a rejected invoke', async () => {
    const { ipcMain, openWindow } = setup();
    const result = await ipcMain.call(openWindow(), { kind: 'invoke', method: 'test.throw', params: {} });
    expect(result).toMatchObject({ ok: false, error: { code: 'internal' } });
  });

  it('sends stream batches only to the window that subscribed', async () => {
    const { ipcMain, host, openWindow } = setup();
    const first = openWindow();
    const second = openWindow();
    await ipcMain.call(first, subscribe('sub-first-0001'));
    await ipcMain.call(second, subscribe('sub-second-001'));
    host.push('sub-first-0001', ['a']);
    host.push('sub-second-001', ['b']);
    expect(first.sent).toEqual([{ channel: STREAM_CHANNEL, batch: expect.objectContaining({ subscriptionId: 'sub-first-0001', items: ['a'] }) }]);
    expect(second.sent).toEqual([{ channel: STREAM_CHANNEL, batch: expect.objectContaining({ subscriptionId: 'sub-second-001', items: ['b'] }) }]);
    // Each window is its own session.
    expect(host.subscriptions[0].session.id).not.toEqual(host.subscriptions[1].session.id);
  });

  it('passes unsubscribe to the host for the calling window session', async () => {
    const { ipcMain, host, openWindow } = setup();
    const window = openWindow();
    await ipcMain.call(window, subscribe('sub-0000000001'));
    expect(await ipcMain.call(window, { kind: 'unsubscribe', subscriptionId: 'sub-0000000001' })).toEqual({ ok: true, value: undefined });
    expect(host.unsubscribed).toEqual([{ subscriptionId: 'sub-0000000001', session: host.subscriptions[0].session }]);
  });

  it('closes the session when the window is destroyed, and sends nothing afterwards', async () => {
    const { ipcMain, host, openWindow } = setup();
    const window = openWindow();
    const other = openWindow();
    await ipcMain.call(window, subscribe('sub-0000000001'));
    await ipcMain.call(other, subscribe('sub-0000000002'));
    window.destroy();
    expect(host.closedSessions).toEqual([host.subscriptions[0].session]);
    expect(() => host.push('sub-0000000001')).not.toThrow();
    expect(window.sent).toHaveLength(0);
    host.push('sub-0000000002');
    expect(other.sent).toHaveLength(1); // the other window is unaffected
  });

  it('closes the session when the renderer crashes, and a reloaded page gets a fresh session', async () => {
    const { ipcMain, host, openWindow } = setup();
    const window = openWindow();
    await ipcMain.call(window, subscribe('sub-0000000001'));
    window.crash();
    expect(host.closedSessions).toEqual([host.subscriptions[0].session]);
    host.push('sub-0000000001');
    expect(window.sent).toHaveLength(0);

    await ipcMain.call(window, subscribe('sub-0000000002'));
    expect(host.subscriptions[1].session.id).not.toEqual(host.subscriptions[0].session.id);
    host.push('sub-0000000002');
    expect(window.sent).toHaveLength(1);
  });

  it('ends the old page session when the window navigates (reload)', async () => {
    const { ipcMain, host, openWindow } = setup();
    const window = openWindow();
    await ipcMain.call(window, subscribe('sub-0000000001'));
    window.emit('did-navigate', {}, APP_URL);
    expect(host.closedSessions).toHaveLength(1);
    host.push('sub-0000000001');
    expect(window.sent).toHaveLength(0);
  });

  it('a subscribe that completes after its window is gone does not leave an orphan subscription', async () => {
    const { ipcMain, host, openWindow } = setup();
    const window = openWindow();
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const subscribeNow = host.subscribe.bind(host);
    host.subscribe = async (...args) => {
      await gate;
      return subscribeNow(...args);
    };
    const pending = ipcMain.call(window, subscribe('sub-0000000001'));
    window.destroy();
    release();
    await pending;
    const session = host.subscriptions[0].session;
    expect(host.closedSessions.filter((closed) => closed === session).length).toBeGreaterThanOrEqual(2);
    host.push('sub-0000000001');
    expect(window.sent).toHaveLength(0);
  });

  it('dispose removes the handler and closes every open session', async () => {
    const { ipcMain, host, bridge, openWindow } = setup();
    await ipcMain.call(openWindow(), subscribe('sub-0000000001'));
    await ipcMain.call(openWindow(), subscribe('sub-0000000002'));
    bridge.dispose();
    expect(ipcMain.handlers.size).toBe(0);
    expect(host.closedSessions).toHaveLength(2);
  });
});
