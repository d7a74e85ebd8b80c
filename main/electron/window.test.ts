// The window's security settings and guards with a fake BrowserWindow (design.md, invariant 3).
import { EventEmitter } from 'node:events';
import { describe, expect, it, vi } from 'vitest';
import { appLocation } from './app-url';
import {
  createMainWindow,
  guardSession,
  mainWindowOptions,
  type AppWindow,
  type GuardedContents,
  type GuardedSession,
} from './window';

const app = appLocation({ rendererIndexFile: '/opt/qd/out/renderer/index.html' });

class FakeContents extends EventEmitter implements GuardedContents {
  openHandler: ((details: { url: string }) => { action: 'deny' }) | null = null;
  setWindowOpenHandler(handler: (details: { url: string }) => { action: 'deny' }): void {
    this.openHandler = handler;
  }
  /** Emits like Electron and reports whether a listener called preventDefault(). */
  attempt(event: 'will-navigate' | 'will-redirect' | 'will-attach-webview', url?: string): boolean {
    let prevented = false;
    this.emit(event, { preventDefault: () => (prevented = true) }, url);
    return prevented;
  }
}

class FakeBrowserWindow extends EventEmitter implements AppWindow {
  static created: FakeBrowserWindow[] = [];
  readonly webContents = new FakeContents();
  shown = false;
  constructor(readonly options: ReturnType<typeof mainWindowOptions>) {
    super();
    FakeBrowserWindow.created.push(this);
  }
  show(): void {
    this.shown = true;
  }
}

function openWindow() {
  const openExternal = vi.fn(async () => undefined);
  const window = createMainWindow({ BrowserWindow: FakeBrowserWindow, preloadPath: '/opt/qd/out/preload/index.cjs', app, openExternal });
  return { window, openExternal };
}

describe('main window', () => {
  it('runs the renderer isolated, sandboxed, without Node and with web security', () => {
    const { window } = openWindow();
    expect(window.options.webPreferences).toMatchObject({
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      webviewTag: false,
      preload: '/opt/qd/out/preload/index.cjs',
    });
  });

  it('shows itself once ready', () => {
    const { window } = openWindow();
    expect(window.shown).toBe(false);
    window.emit('ready-to-show');
    expect(window.shown).toBe(true);
  });

  it('refuses navigation and redirects away from the app page, allows in-app routes', () => {
    const { window } = openWindow();
    expect(window.webContents.attempt('will-navigate', 'https://evil.example/')).toBe(true);
    expect(window.webContents.attempt('will-navigate', 'file:///etc/passwd')).toBe(true);
    expect(window.webContents.attempt('will-redirect', 'https://evil.example/')).toBe(true);
    expect(window.webContents.attempt('will-navigate', 'file:///opt/qd/out/renderer/index.html#/jobs')).toBe(false);
  });

  it('denies every new window; http(s) links go to the OS browser instead, others nowhere', () => {
    const { window, openExternal } = openWindow();
    const handler = window.webContents.openHandler!;
    expect(handler({ url: 'https://docs.example.com/' })).toEqual({ action: 'deny' });
    expect(handler({ url: 'javascript:alert(1)' })).toEqual({ action: 'deny' });
    expect(handler({ url: 'file:///etc/passwd' })).toEqual({ action: 'deny' });
    expect(handler({ url: 'file:///opt/qd/out/renderer/index.html' })).toEqual({ action: 'deny' });
    expect(openExternal.mock.calls).toEqual([['https://docs.example.com/']]);
  });

  it('refuses to attach a <webview>', () => {
    const { window } = openWindow();
    expect(window.webContents.attempt('will-attach-webview')).toBe(true);
  });
});

describe('session guards', () => {
  type HeadersListener = Parameters<GuardedSession['webRequest']['onHeadersReceived']>[0];
  type RequestHandler = Parameters<GuardedSession['setPermissionRequestHandler']>[0];
  type CheckHandler = Parameters<GuardedSession['setPermissionCheckHandler']>[0];

  /** A fake Electron session that keeps the handlers guardSession installs. */
  function fakeSession() {
    const installed: { headers?: HeadersListener; request?: RequestHandler; check?: CheckHandler } = {};
    const session: GuardedSession = {
      webRequest: { onHeadersReceived: (listener) => void (installed.headers = listener) },
      setPermissionRequestHandler: (handler) => void (installed.request = handler),
      setPermissionCheckHandler: (handler) => void (installed.check = handler),
    };
    guardSession(session);
    return installed;
  }

  it('puts a strict CSP on every response and replaces any the response brought', () => {
    const session = fakeSession();
    let headers: Record<string, string[] | string> | undefined;
    session.headers!({ url: 'http://localhost:5173/', responseHeaders: { 'content-security-policy': ["default-src *"], 'X-Other': ['1'] } }, (r) => {
      headers = r.responseHeaders;
    });
    expect(Object.keys(headers!).filter((name) => name.toLowerCase() === 'content-security-policy')).toHaveLength(1);
    const csp = String(headers!['Content-Security-Policy']);
    for (const directive of [
      "default-src 'self'",
      "script-src 'self'",
      "style-src 'self' 'unsafe-inline'",
      "img-src 'self' data:",
      "connect-src 'self'",
      "object-src 'none'",
      "base-uri 'none'",
      "frame-ancestors 'none'",
      "form-action 'none'",
    ]) {
      expect(csp).toContain(directive);
    }
    expect(csp).not.toMatch(/unsafe-eval/);
    expect(headers!['X-Other']).toEqual(['1']);
  });

  it('denies permission requests and checks (camera, geolocation, notifications, clipboard reading, ...)', () => {
    const session = fakeSession();
    for (const permission of ['media', 'geolocation', 'notifications', 'clipboard-read', 'openExternal', 'usb', 'unknown']) {
      const callback = vi.fn();
      session.request!({}, permission, callback);
      expect(callback, permission).toHaveBeenCalledWith(false);
      expect(session.check!({}, permission), permission).toBe(false);
    }
  });

  it('allows only writing text to the clipboard (copy an ID), which reads nothing back', () => {
    const session = fakeSession();
    const callback = vi.fn();
    session.request!({}, 'clipboard-sanitized-write', callback);
    expect(callback).toHaveBeenCalledWith(true);
  });
});
