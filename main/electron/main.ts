// Desktop entry point: one instance, one secure window, the host core behind the single IPC channel.
// Everything Electron-specific lives in this folder; the host core never sees an Electron object (design.md).
import { app, BrowserWindow, dialog, ipcMain, session, shell } from 'electron';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createHost } from '../host/create-host';
import type { HostApi } from '../host/session';
import { contentSecurityPolicy } from '../web/content-security-policy';
import { appLocation } from './app-url';
import { openExternalSafely } from './external-links';
import { registerBridgeIpc } from './ipc';
import { electronSettingsStore } from './settings-store';
import { createMainWindow, guardSession } from './window';

const here = dirname(fileURLToPath(import.meta.url)); // out/main after the build
const preloadPath = join(here, '../preload/index.cjs');
const iconPath = join(here, '../../resources/icon.png');
// electron-vite sets ELECTRON_RENDERER_URL for `electron-vite dev`; a packaged app always loads from disk.
const devServerUrl = app.isPackaged ? undefined : process.env.ELECTRON_RENDERER_URL;
const appPage = appLocation({ rendererIndexFile: join(here, '../renderer/index.html'), devServerUrl });

const windows = new Set<BrowserWindow>();
let host: HostApi | null = null;
let bridge: ReturnType<typeof registerBridgeIpc> | null = null;
let shuttingDown = false;

async function openExternal(url: string): Promise<void> {
  const opened = await openExternalSafely(url, (safe) => shell.openExternal(safe));
  if (!opened) throw new Error('Only http and https links can be opened in the browser.');
}

async function openWindow(): Promise<void> {
  const window = createMainWindow({ BrowserWindow, preloadPath, app: appPage, openExternal, iconPath });
  windows.add(window);
  window.on('closed', () => windows.delete(window));
  await window.loadURL(appPage.url);
}

function focusExistingWindow(): void {
  const [window] = windows;
  if (!window) return;
  if (window.isMinimized()) window.restore();
  window.focus();
}

/** `--data-dir D` (end-to-end tests, several profiles side by side); the OS's per-user folder otherwise. */
function dataDirFromArgs(argv: readonly string[]): string {
  const at = argv.indexOf('--data-dir');
  return at >= 0 && argv[at + 1] ? argv[at + 1] : app.getPath('userData');
}

/** Downloads and profile captures: the person picks the file; null when they cancel. */
async function chooseSavePath(suggestedName: string): Promise<string | null> {
  const [window] = windows;
  const options = { defaultPath: join(app.getPath('downloads'), suggestedName) };
  const answer = window ? await dialog.showSaveDialog(window, options) : await dialog.showSaveDialog(options);
  return answer.canceled || !answer.filePath ? null : answer.filePath;
}

async function start(): Promise<void> {
  await app.whenReady();
  const devOrigin = devServerUrl ? new URL(devServerUrl) : null;
  // The dev server's HMR socket is the only extra connection, and only in development.
  const connect = devOrigin ? [`ws://${devOrigin.host}`] : [];
  guardSession(session.defaultSession, contentSecurityPolicy({ connect }));

  const core = await createHost({
    dataDir: dataDirFromArgs(process.argv),
    chooseSavePath,
    downloadsDir: app.getPath('downloads'),
    shell: { mode: 'desktop', openExternal },
    env: process.env,
    demo: process.argv.includes('--demo'),
    settingsStoreFactory: electronSettingsStore,
  });
  host = core;
  bridge = registerBridgeIpc({
    ipcMain,
    host: core,
    isAppUrl: (url) => appPage.isAppUrl(url),
    isAppWindow: (contents) => [...windows].some((window) => window.webContents === contents),
  });
  await openWindow();
}

if (!app.requestSingleInstanceLock()) {
  // Two instances would share one data dir and keychain entries; the second hands over to the first.
  app.quit();
} else {
  // Every renderer sandboxed, including any webContents this file did not create (design.md, invariant 3).
  app.enableSandbox();
  app.on('second-instance', focusExistingWindow);
  // No <webview> anywhere, including in webContents this file did not create (design.md, invariant 3).
  app.on('web-contents-created', (_event, contents) => {
    contents.on('will-attach-webview', (event) => event.preventDefault());
  });
  app.on('activate', () => {
    if (host && windows.size === 0) openWindow().catch((error: unknown) => console.error('Could not open a window:', error));
  });
  app.on('window-all-closed', () => {
    if (process.platform !== 'darwin') app.quit();
  });
  app.on('will-quit', (event) => {
    if (shuttingDown || !host) return;
    // Let the host close upstream streams and flush its stores before the process exits.
    event.preventDefault();
    shuttingDown = true;
    bridge?.dispose();
    void host.shutdown().finally(() => app.quit());
  });
  start().catch((error: unknown) => {
    console.error('Quarterdeck failed to start:', error instanceof Error ? error.message : error);
    app.exit(1);
  });
}
