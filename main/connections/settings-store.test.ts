// Settings survive restarts, migrate, and a corrupt file is set aside with a notice instead of crashing the app.
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { NoticeBoard } from '../host/notices';
import { SettingsStore } from './settings-store';
import type { ConnectionProfile } from '../contract';

const profile: ConnectionProfile = {
  kind: 'cluster',
  id: 'c1',
  name: 'prod',
  address: 'https://prod:4646',
  namespace: 'default',
  tls: { skipVerify: false },
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
};

function freshDir() {
  return mkdtempSync(join(tmpdir(), 'qd-settings-'));
}

describe('SettingsStore', () => {
  it('persists connections and the active id across reopen', () => {
    const dir = freshDir();
    const first = SettingsStore.open(dir, new NoticeBoard());
    first.saveConnections([profile], 'c1');
    first.updateApp({ theme: 'dark' });
    const second = SettingsStore.open(dir, new NoticeBoard());
    expect(second.connections()).toEqual([profile]);
    expect(second.activeId()).toBe('c1');
    expect(second.app().theme).toBe('dark');
  });

  it('sets a file that is not JSON aside as a backup and loads defaults with a notice', () => {
    const dir = freshDir();
    writeFileSync(join(dir, 'settings.json'), '{"connections": [ truncated');
    const notices = new NoticeBoard();
    const store = SettingsStore.open(dir, notices);
    expect(store.connections()).toEqual([]);
    const backups = readdirSync(dir).filter((name) => name.startsWith('settings.corrupt-'));
    expect(backups).toHaveLength(1);
    expect(readFileSync(join(dir, backups[0]), 'utf8')).toBe('{"connections": [ truncated');
    expect(notices.list()).toEqual([expect.objectContaining({ level: 'warning', title: 'Settings were reset' })]);
    expect(notices.list()[0].message).toContain(backups[0]);
  });

  it('sets aside a JSON file whose content breaks the schema', () => {
    const dir = freshDir();
    writeFileSync(join(dir, 'settings.json'), JSON.stringify({ connections: [{ kind: 'cluster', id: 7 }], activeId: null, app: { theme: 'dark', sidebarCollapsed: false } }));
    const notices = new NoticeBoard();
    const store = SettingsStore.open(dir, notices);
    expect(store.connections()).toEqual([]);
    expect(readdirSync(dir).some((name) => name.startsWith('settings.corrupt-'))).toBe(true);
    expect(notices.list()[0].message).toMatch(/connections\.0/);
    // The fresh file is valid and usable afterwards.
    store.saveConnections([profile], null);
    expect(SettingsStore.open(dir, new NoticeBoard()).connections()).toEqual([profile]);
  });

  it('migrates a 1.x file (top-level theme, flat TLS fields)', () => {
    const dir = freshDir();
    const { tls: _tls, ...flat } = profile;
    writeFileSync(
      join(dir, 'settings.json'),
      JSON.stringify({ theme: 'light', connections: [{ ...flat, skipVerify: true, caFile: '/etc/ca.pem' }], activeId: 'c1', app: { sidebarCollapsed: true }, __internal__: { migrations: { version: '1.0.0' } } }),
    );
    const notices = new NoticeBoard();
    const store = SettingsStore.open(dir, notices);
    expect(notices.list()).toEqual([]);
    expect(store.app()).toEqual({ theme: 'light', sidebarCollapsed: true });
    expect(store.connections()[0]).toMatchObject({ tls: { skipVerify: true, caFile: '/etc/ca.pem' } });
  });

  it('leaves no temporary files behind after writes (atomic rename)', () => {
    const dir = freshDir();
    const store = SettingsStore.open(dir, new NoticeBoard());
    for (let i = 0; i < 20; i++) store.saveConnections([{ ...profile, name: `n${i}` }], 'c1');
    expect(readdirSync(dir)).toEqual(['settings.json']);
    expect(JSON.parse(readFileSync(join(dir, 'settings.json'), 'utf8')).connections[0].name).toBe('n19');
  });
});
