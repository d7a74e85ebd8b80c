// App-level facts and preferences: mode, keychain availability, notices, theme.

export type ThemePreference = 'system' | 'light' | 'dark';

export interface Notice {
  id: string;
  level: 'info' | 'warning' | 'error';
  title: string;
  message: string;
  createdAt: string;
}

export interface AppInfo {
  mode: 'desktop' | 'web';
  version: string;
  platform: string;
  keychain: { available: boolean; storage: 'keychain' | 'memory'; message: string };
  demoAvailable: boolean;
  dataDir: string;
}

export interface AppSettings {
  theme: ThemePreference;
  sidebarCollapsed: boolean;
  /** Upper bound of the offline cache on disk, in MB (default 500); least recently used entries go first. */
  cacheMaxMB?: number;
}
