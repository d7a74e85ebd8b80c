// The persisted settings file: its schema, defaults and migrations. Tokens are never part of it.
import { z } from 'zod';

export const SETTINGS_VERSION = '2.0.0';

const timestamp = z.string().min(1);

const clusterProfile = z.object({
  kind: z.literal('cluster'),
  id: z.string().min(1),
  name: z.string().min(1),
  demo: z.boolean().optional(),
  createdAt: timestamp,
  updatedAt: timestamp,
  address: z.string().min(1),
  region: z.string().optional(),
  namespace: z.string().min(1),
  tls: z.object({
    caFile: z.string().optional(),
    clientCertFile: z.string().optional(),
    clientKeyFile: z.string().optional(),
    skipVerify: z.boolean(),
  }),
});

const workspaceProfile = z.object({
  kind: z.literal('workspace'),
  id: z.string().min(1),
  name: z.string().min(1),
  demo: z.boolean().optional(),
  createdAt: timestamp,
  updatedAt: timestamp,
  baseUrl: z.string().min(1),
  organization: z.string().min(1),
});

export const profileSchema = z.discriminatedUnion('kind', [clusterProfile, workspaceProfile]);

export const settingsSchema = z.object({
  connections: z.array(profileSchema),
  activeId: z.string().nullable(),
  app: z.object({
    theme: z.enum(['system', 'light', 'dark']),
    sidebarCollapsed: z.boolean(),
    cacheMaxMB: z.number().int().min(10).max(1_000_000).optional(),
  }),
});

export type PersistedSettings = z.infer<typeof settingsSchema>;

export const DEFAULT_SETTINGS: PersistedSettings = {
  connections: [],
  activeId: null,
  app: { theme: 'system', sidebarCollapsed: false },
};

/** The subset of conf's store API the migrations use. */
export interface MigrationStore {
  get(key: string): unknown;
  set(key: string, value: unknown): void;
  delete(key: string): void;
  has(key: string): boolean;
}

/**
 * Keyed by the settings version that introduces the change (conf runs each once, in order).
 * 2.0.0: 1.x kept `theme` at the top level and cluster TLS as flat `skipVerify`/`caFile` fields.
 */
export const SETTINGS_MIGRATIONS: Record<string, (store: MigrationStore) => void> = {
  '2.0.0': (store) => {
    if (store.has('theme')) {
      const app = (store.get('app') as Record<string, unknown> | undefined) ?? {};
      store.set('app', { ...DEFAULT_SETTINGS.app, ...app, theme: store.get('theme') });
      store.delete('theme');
    }
    const connections = store.get('connections');
    if (Array.isArray(connections)) {
      store.set(
        'connections',
        connections.map((entry: Record<string, unknown>) => {
          if (entry?.kind !== 'cluster' || typeof entry.tls === 'object') return entry;
          const { skipVerify, caFile, ...rest } = entry;
          return { ...rest, tls: { skipVerify: skipVerify === true, ...(typeof caFile === 'string' ? { caFile } : {}) } };
        }),
      );
    }
  },
};
