// The desktop bridge: one ipcMain.handle channel whose every call must come from the top frame of one of the
// app's own windows showing the app's own page, and stream batches sent only to the window that subscribed
// (design.md, security invariant 3 and "Streams ... closed when its window goes away").
import type { BridgeResult, StreamBatch } from '../contract';
import type { HostApi, Session } from '../host/session';
import { dispatchBridgeRequest } from '../web/bridge-request';
import { INVOKE_CHANNEL, STREAM_CHANNEL } from './channels';

/** The parts of `WebFrameMain` the sender check reads. */
export interface FrameLike {
  readonly url: string;
  readonly parent: FrameLike | null;
}

/** The parts of `WebContents` the bridge uses. */
export interface BridgeContents {
  readonly id: number;
  readonly mainFrame: FrameLike;
  isDestroyed(): boolean;
  send(channel: string, ...args: unknown[]): void;
  on(event: 'destroyed', listener: () => void): unknown;
  on(event: 'render-process-gone', listener: () => void): unknown;
  on(event: 'did-navigate', listener: () => void): unknown;
}

export interface InvokeEventLike {
  readonly sender: BridgeContents;
  readonly senderFrame: FrameLike | null;
}

export interface IpcMainLike {
  handle(channel: string, listener: (event: InvokeEventLike, ...args: unknown[]) => unknown): void;
  removeHandler(channel: string): void;
}

export interface BridgeIpcOptions {
  ipcMain: IpcMainLike;
  host: HostApi;
  /** True for the webContents of a window this app created. */
  isAppWindow(contents: BridgeContents): boolean;
  /** True for the app page's URL (built file or dev server). */
  isAppUrl(url: string): boolean;
}

const FORBIDDEN: BridgeResult<never> = {
  ok: false,
  error: {
    code: 'forbidden',
    message: 'Refused: this request did not come from the Quarterdeck window itself (sub-frame or foreign page).',
  },
};

/** The sender must be the top frame of an app window, currently showing the app page. */
export function isTrustedSender(event: InvokeEventLike, opts: Pick<BridgeIpcOptions, 'isAppWindow' | 'isAppUrl'>): boolean {
  try {
    const frame = event.senderFrame;
    if (frame === null || frame === undefined) return false; // the frame navigated away or was destroyed
    if (!opts.isAppWindow(event.sender)) return false;
    if (frame !== event.sender.mainFrame || frame.parent !== null) return false;
    return opts.isAppUrl(frame.url);
  } catch {
    // Reading a disposed WebFrameMain throws; a frame we cannot inspect is not trusted.
    return false;
  }
}

interface WindowSession {
  session: Session;
  closed: boolean;
}

/** Registers the invoke handler. `dispose()` removes it and ends every window's session. */
export function registerBridgeIpc(opts: BridgeIpcOptions): { dispose(): void; sessionCount(): number } {
  const { ipcMain, host } = opts;
  const sessions = new Map<number, WindowSession>();
  const watched = new WeakSet<BridgeContents>();
  let counter = 0;

  const endSession = (contentsId: number): void => {
    const current = sessions.get(contentsId);
    if (!current) return;
    sessions.delete(contentsId);
    current.closed = true;
    host.closeSession(current.session);
  };

  const sessionFor = (contents: BridgeContents): WindowSession => {
    let current = sessions.get(contents.id);
    if (current) return current;
    current = { session: { id: `window-${contents.id}-${++counter}` }, closed: false };
    sessions.set(contents.id, current);
    if (!watched.has(contents)) {
      watched.add(contents);
      const id = contents.id; // read now: a destroyed webContents may not answer later
      contents.on('destroyed', () => endSession(id));
      contents.on('render-process-gone', () => endSession(id));
      // A reload or crash recovery starts a new page that knows none of the old subscriptions.
      contents.on('did-navigate', () => endSession(id));
    }
    return current;
  };

  ipcMain.handle(INVOKE_CHANNEL, async (event, request) => {
    if (!isTrustedSender(event, opts)) return FORBIDDEN;
    const contents = event.sender;
    const windowSession = sessionFor(contents);
    const deliver = (batch: StreamBatch<unknown>): void => {
      // Batches go to this one window, and stop the moment it is gone.
      if (windowSession.closed || contents.isDestroyed()) return;
      contents.send(STREAM_CHANNEL, batch);
    };
    const result = await dispatchBridgeRequest(host, request, windowSession.session, deliver);
    // A subscribe that finished after its window went away must not leave an orphan upstream behind.
    if (windowSession.closed) host.closeSession(windowSession.session);
    return result;
  });

  return {
    dispose() {
      ipcMain.removeHandler(INVOKE_CHANNEL);
      for (const id of [...sessions.keys()]) endSession(id);
    },
    sessionCount: () => sessions.size,
  };
}
