// Settings persistence for the desktop app: electron-store, the Electron flavour of `conf` with the same options
// (design.md, "connections: connection profiles (electron-store/conf)"). Only this folder may construct it:
// electron-store cannot be imported outside Electron.
import { ipcMain } from 'electron';
import Store from 'electron-store';
import type { SettingsBackend, SettingsBackendFactory } from '../connections/settings-store';

/**
 * The host core passes conf options. electron-store takes the same ones, except that conf's `configName` is
 * called `name` (electron-store maps it back). `projectVersion` is passed through on purpose: electron-store
 * only falls back to the app version when it is absent, and settings migrations are keyed to it.
 */
export const electronSettingsStore: SettingsBackendFactory = (options) => {
  const { configName, ...rest } = options;
  const store = new Store({ ...rest, ...(typeof configName === 'string' ? { name: configName } : {}) });
  // electron-store registers a sync IPC channel for renderer-side stores; this app has none, and keeps
  // exactly one IPC channel (design.md, invariant 3).
  ipcMain.removeAllListeners('electron-store-get-data');
  return store as unknown as SettingsBackend;
};
