// Settings on disk through conf (electron-store in the desktop app): atomic writes, schema-checked reads,
// migrations, and a corrupt file set aside as a backup and replaced with defaults, with a visible notice.
import { existsSync, readFileSync, renameSync } from 'node:fs';
import { join } from 'node:path';
import Conf from 'conf';
import type { AppSettings, ConnectionProfile } from '../contract';
import type { NoticeBoard } from '../host/notices';
import { DEFAULT_SETTINGS, SETTINGS_MIGRATIONS, SETTINGS_VERSION, settingsSchema, type PersistedSettings } from './settings-schema';

const CONFIG_NAME = 'settings';

/** The part of conf / electron-store that this store uses; lets the desktop shell pass electron-store. */
export interface SettingsBackend {
  store: Record<string, unknown>;
  readonly path: string;
}

export type SettingsBackendFactory = (options: Record<string, unknown>) => SettingsBackend;

export const confBackend: SettingsBackendFactory = (options) => new Conf(options as never) as unknown as SettingsBackend;

export class SettingsStore {
  private constructor(private readonly backend: SettingsBackend) {}

  static open(dataDir: string, notices: NoticeBoard, factory: SettingsBackendFactory = confBackend): SettingsStore {
    const file = join(dataDir, `${CONFIG_NAME}.json`);
    // conf throws on unparsable JSON; check first so the bad file is kept for the person, not lost.
    if (existsSync(file) && !isParsableJson(file)) setAside(file, notices, 'it is not valid JSON');

    const options = {
      cwd: dataDir,
      configName: CONFIG_NAME,
      projectName: 'quarterdeck',
      projectVersion: SETTINGS_VERSION,
      migrations: SETTINGS_MIGRATIONS,
      defaults: DEFAULT_SETTINGS,
      accessPropertiesByDotNotation: false,
      clearInvalidConfig: false,
    };
    let backend: SettingsBackend;
    try {
      backend = factory(options);
    } catch (error) {
      // A migration or read failed on a file we could parse: keep it aside and start clean.
      setAside(file, notices, `it could not be migrated (${(error as Error).message})`);
      backend = factory(options);
    }

    const { __internal__: internal, ...data } = backend.store;
    const parsed = settingsSchema.safeParse(data);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      setAside(file, notices, `${issue.path.join('.') || 'the file'} ${issue.message}`);
      backend.store = { ...(internal === undefined ? {} : { __internal__: internal }), ...DEFAULT_SETTINGS };
    }
    return new SettingsStore(backend);
  }

  get path(): string {
    return this.backend.path;
  }

  private read(): PersistedSettings {
    const { __internal__: _internal, ...data } = this.backend.store;
    return data as unknown as PersistedSettings;
  }

  private write(patch: Partial<PersistedSettings>): void {
    // One assignment = one atomic file write of the whole document.
    this.backend.store = { ...this.backend.store, ...patch };
  }

  connections(): ConnectionProfile[] {
    return structuredClone(this.read().connections) as ConnectionProfile[];
  }

  saveConnections(connections: ConnectionProfile[], activeId?: string | null): void {
    const patch: Partial<PersistedSettings> = { connections: connections as PersistedSettings['connections'] };
    if (activeId !== undefined) patch.activeId = activeId;
    this.write(patch);
  }

  activeId(): string | null {
    return this.read().activeId;
  }

  setActiveId(id: string | null): void {
    this.write({ activeId: id });
  }

  app(): AppSettings {
    return { ...this.read().app };
  }

  updateApp(patch: Partial<AppSettings>): AppSettings {
    const next = { ...this.read().app, ...patch };
    this.write({ app: next });
    return next;
  }
}

function isParsableJson(file: string): boolean {
  try {
    JSON.parse(readFileSync(file, 'utf8'));
    return true;
  } catch {
    return false;
  }
}

function setAside(file: string, notices: NoticeBoard, reason: string): void {
  const backup = file.replace(/\.json$/, `.corrupt-${new Date().toISOString().replace(/[:.]/g, '-')}.json`);
  try {
    if (existsSync(file)) renameSync(file, backup);
  } catch {
    // If even the rename fails the defaults below still apply; the notice says where we tried.
  }
  notices.add(
    'warning',
    'Settings were reset',
    `The settings file could not be used because ${reason}. It was kept as ${backup} and the defaults were loaded; your saved tokens in the OS keychain are untouched. Re-add your connections, or restore entries from the backup.`,
  );
}
