// The desktop window and its guards: isolated, sandboxed, no Node, strict CSP, no navigation, no new windows,
// no webviews, no permissions (design.md, security invariant 3). Electron objects are injected (narrow shapes
// below) so the rules are unit-tested without an Electron binary.
import { contentSecurityPolicy } from '../web/content-security-policy';
import { isSafeExternalUrl } from './external-links';
import type { AppLocation } from './app-url';

interface PreventableEvent {
  preventDefault(): void;
}

/** The parts of `WebContents` the guards use. */
export interface GuardedContents {
  on(event: 'will-navigate', listener: (event: PreventableEvent, url: string) => void): unknown;
  on(event: 'will-redirect', listener: (event: PreventableEvent, url: string) => void): unknown;
  on(event: 'will-attach-webview', listener: (event: PreventableEvent) => void): unknown;
  setWindowOpenHandler(handler: (details: { url: string }) => { action: 'deny' }): void;
}

/** The parts of `Session` the guards use. */
export interface GuardedSession {
  webRequest: {
    onHeadersReceived(
      listener: (
        details: { url: string; responseHeaders?: Record<string, string[]> },
        callback: (response: { responseHeaders?: Record<string, string[] | string> }) => void,
      ) => void,
    ): void;
  };
  setPermissionRequestHandler(
    handler: (contents: unknown, permission: string, callback: (granted: boolean) => void) => void,
  ): void;
  setPermissionCheckHandler(handler: (contents: unknown, permission: string) => boolean): void;
}

export interface AppWindow {
  readonly webContents: GuardedContents;
  once(event: 'ready-to-show', listener: () => void): unknown;
  show(): void;
}

export type WindowConstructor<W extends AppWindow> = new (options: ReturnType<typeof mainWindowOptions>) => W;

/** The renderer gets no Node, its own JS world, Chromium's sandbox and same-origin rules. */
export function secureWebPreferences(preloadPath: string) {
  return {
    preload: preloadPath,
    contextIsolation: true,
    sandbox: true,
    nodeIntegration: false,
    nodeIntegrationInWorker: false,
    nodeIntegrationInSubFrames: false,
    webSecurity: true,
    allowRunningInsecureContent: false,
    webviewTag: false,
    navigateOnDragDrop: false,
    safeDialogs: true,
  } as const;
}

export function mainWindowOptions(preloadPath: string, iconPath?: string) {
  return {
    ...(iconPath ? { icon: iconPath } : {}),
    width: 1440,
    height: 900,
    minWidth: 960,
    minHeight: 600,
    show: false,
    title: 'Quarterdeck',
    webPreferences: secureWebPreferences(preloadPath),
  };
}

/**
 * Per-window guards. Navigation away from the app page is refused; a link that tries to open a window is
 * refused too, and if it is a plain http(s) link it goes to the OS browser instead.
 */
export function guardWebContents(
  contents: GuardedContents,
  app: AppLocation,
  openExternal: (url: string) => Promise<unknown>,
): void {
  contents.on('will-navigate', (event, url) => {
    if (!app.isAppUrl(url)) event.preventDefault();
  });
  contents.on('will-redirect', (event, url) => {
    if (!app.isAppUrl(url)) event.preventDefault();
  });
  contents.on('will-attach-webview', (event) => event.preventDefault());
  contents.setWindowOpenHandler(({ url }) => {
    if (isSafeExternalUrl(url)) void openExternal(url).catch(() => undefined);
    return { action: 'deny' };
  });
}

const GRANTED_PERMISSIONS: ReadonlySet<string> = new Set(['clipboard-sanitized-write']);

export function isGrantedPermission(permission: string): boolean {
  return GRANTED_PERMISSIONS.has(permission);
}

/** Session-wide guards: the CSP header on every response, and every permission refused. */
export function guardSession(session: GuardedSession, csp: string = contentSecurityPolicy()): void {
  session.webRequest.onHeadersReceived((details, callback) => {
    const headers = { ...(details.responseHeaders ?? {}) };
    // Drop any policy a response brought along (any casing) so ours is the one that applies.
    for (const name of Object.keys(headers)) {
      if (name.toLowerCase() === 'content-security-policy') delete headers[name];
    }
    callback({ responseHeaders: { ...headers, 'Content-Security-Policy': [csp] } });
  });
  // The console needs no camera, location, notifications, clipboard reading, USB, ... ; refuse them all,
  // except writing plain text to the clipboard (copy an allocation ID), which reads nothing back.
  session.setPermissionRequestHandler((_contents, permission, callback) => callback(isGrantedPermission(permission)));
  session.setPermissionCheckHandler((_contents, permission) => isGrantedPermission(permission));
}

/**
 * Creates the main window with the secure preferences and guards. It does not load the page: the caller first
 * records the window as one of the app's own (the IPC sender check asks), then calls `loadURL(app.url)`.
 */
export function createMainWindow<W extends AppWindow>(deps: {
  BrowserWindow: WindowConstructor<W>;
  preloadPath: string;
  app: AppLocation;
  openExternal: (url: string) => Promise<unknown>;
  /** The window icon (Linux and Windows; macOS takes the bundle's). */
  iconPath?: string;
}): W {
  const window = new deps.BrowserWindow(mainWindowOptions(deps.preloadPath, deps.iconPath));
  guardWebContents(window.webContents, deps.app, deps.openExternal);
  window.once('ready-to-show', () => window.show());
  return window;
}
