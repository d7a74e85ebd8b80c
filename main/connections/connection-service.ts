// Connection profiles and their tokens: add, edit, duplicate, remove, switch, test, import.
// Profiles go to the settings file; tokens only to the vault. No method here returns a token.
import { randomUUID } from 'node:crypto';
import { accessSync, constants } from 'node:fs';
import type {
  ConnectionDraft,
  ConnectionHealth,
  ConnectionList,
  ConnectionPatch,
  ConnectionProfile,
  ConnectionSummary,
  ConnectionTestReport,
  DraftSettings,
  EnvImportResult,
  TokenStatus,
} from '../contract';
import { HostError } from '../host/host-error';
import type { Logger } from '../host/logger';
import type { SettingsStore } from './settings-store';
import type { TokenVault } from './token-vault';
import { testConnection } from './connection-tester';
import { clusterDraftFromEnv } from './env-import';

interface HealthRecord {
  health: ConnectionHealth;
  checkedAt: string;
  message: string;
}

const CLUSTER_FIELDS = ['address', 'region', 'namespace', 'tls'] as const;
const WORKSPACE_FIELDS = ['baseUrl', 'organization'] as const;

function checkTlsFiles(tls: { caFile?: string; clientCertFile?: string; clientKeyFile?: string } | undefined): void {
  if (!tls) return;
  const issues: { path: string; message: string }[] = [];
  if (!!tls.clientCertFile !== !!tls.clientKeyFile) {
    issues.push({ path: tls.clientCertFile ? 'tls.clientKeyFile' : 'tls.clientCertFile', message: 'is required when the other half of the mTLS pair is set' });
  }
  for (const [field, path] of [['tls.caFile', tls.caFile], ['tls.clientCertFile', tls.clientCertFile], ['tls.clientKeyFile', tls.clientKeyFile]] as const) {
    if (!path) continue;
    try {
      accessSync(path, constants.R_OK);
    } catch {
      issues.push({ path: field, message: `cannot be read: ${path} does not exist or is not readable` });
    }
  }
  if (issues.length) throw new HostError('invalid_input', `TLS settings: ${issues[0].path} ${issues[0].message}.`, { details: issues });
}

function normalizeTls(tls: Partial<{ caFile: string; clientCertFile: string; clientKeyFile: string; skipVerify: boolean }> | undefined) {
  const out: { caFile?: string; clientCertFile?: string; clientKeyFile?: string; skipVerify: boolean } = { skipVerify: tls?.skipVerify === true };
  if (tls?.caFile) out.caFile = tls.caFile;
  if (tls?.clientCertFile) out.clientCertFile = tls.clientCertFile;
  if (tls?.clientKeyFile) out.clientKeyFile = tls.clientKeyFile;
  return out;
}

/** Why a connection changed, so API clients and datasets built on its old settings or token can be dropped. */
export type ConnectionChange = { id: string; kind: 'updated' | 'removed' | 'token' };

export class ConnectionService {
  private readonly health = new Map<string, HealthRecord>();
  private readonly listeners = new Set<(change: ConnectionChange) => void>();

  onChange(listener: (change: ConnectionChange) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private emit(change: ConnectionChange): void {
    for (const listener of this.listeners) listener(change);
  }

  constructor(
    private readonly settings: SettingsStore,
    private readonly vault: TokenVault,
    private readonly log: Logger,
  ) {}

  profile(id: string): ConnectionProfile {
    const profile = this.settings.connections().find((entry) => entry.id === id);
    if (!profile) throw new HostError('not_found', `Connection ${id} does not exist (it may have been removed in another window). Reload the list.`);
    return profile;
  }

  async summary(profile: ConnectionProfile): Promise<ConnectionSummary> {
    const record = this.health.get(profile.id);
    return {
      profile,
      hasToken: await this.vault.has(profile.id),
      health: record?.health ?? 'unknown',
      ...(record ? { checkedAt: record.checkedAt, healthMessage: record.message } : {}),
    };
  }

  async list(): Promise<ConnectionList> {
    const connections = await Promise.all(this.settings.connections().map((profile) => this.summary(profile)));
    return { connections, activeId: this.settings.activeId() };
  }

  async create(draft: ConnectionDraft, extra: { demo?: boolean } = {}): Promise<ConnectionSummary> {
    const now = new Date().toISOString();
    const id = randomUUID();
    const { token, ...settings } = draft;
    let profile: ConnectionProfile;
    if (settings.kind === 'cluster') {
      checkTlsFiles(settings.tls);
      profile = { ...settings, tls: normalizeTls(settings.tls), id, createdAt: now, updatedAt: now, ...(extra.demo ? { demo: true } : {}) };
    } else {
      profile = { ...settings, id, createdAt: now, updatedAt: now, ...(extra.demo ? { demo: true } : {}) };
    }
    // Token first: if the keychain refuses, no profile is left behind without the token the person typed.
    if (token) await this.setToken(id, token);
    try {
      const connections = this.settings.connections();
      this.settings.saveConnections([...connections, profile], this.settings.activeId() ?? id);
    } catch (error) {
      if (token) await this.vault.delete(id).catch(() => undefined);
      throw error;
    }
    this.log.info('connection created', { id, kind: profile.kind });
    return this.summary(profile);
  }

  async update(id: string, patch: ConnectionPatch): Promise<ConnectionSummary> {
    const current = this.profile(id);
    const allowed: readonly string[] = current.kind === 'cluster' ? CLUSTER_FIELDS : WORKSPACE_FIELDS;
    const foreign = Object.keys(patch).filter((key) => key !== 'name' && !allowed.includes(key));
    if (foreign.length) {
      throw new HostError('invalid_input', `A ${current.kind} connection has no ${foreign.join(', ')} setting.`, {
        details: foreign.map((path) => ({ path, message: `does not apply to a ${current.kind} connection` })),
      });
    }
    let next: ConnectionProfile;
    if (current.kind === 'cluster') {
      const tls = patch.tls ? normalizeTls({ ...current.tls, ...patch.tls }) : current.tls;
      checkTlsFiles(tls);
      next = {
        ...current,
        ...(patch.name !== undefined ? { name: patch.name } : {}),
        ...(patch.address !== undefined ? { address: patch.address } : {}),
        ...(patch.namespace !== undefined ? { namespace: patch.namespace } : {}),
        ...(patch.region !== undefined ? { region: patch.region || undefined } : {}),
        tls,
        updatedAt: new Date().toISOString(),
      };
    } else {
      next = {
        ...current,
        ...(patch.name !== undefined ? { name: patch.name } : {}),
        ...(patch.baseUrl !== undefined ? { baseUrl: patch.baseUrl } : {}),
        ...(patch.organization !== undefined ? { organization: patch.organization } : {}),
        updatedAt: new Date().toISOString(),
      };
    }
    this.settings.saveConnections(this.settings.connections().map((entry) => (entry.id === id ? next : entry)));
    this.health.delete(id); // the old result described other settings
    this.emit({ id, kind: 'updated' });
    return this.summary(next);
  }

  async duplicate(id: string, name?: string): Promise<ConnectionSummary> {
    const source = this.profile(id);
    const now = new Date().toISOString();
    const copy: ConnectionProfile = { ...structuredClone(source), id: randomUUID(), name: name ?? `${source.name} (copy)`, createdAt: now, updatedAt: now };
    delete copy.demo;
    // The copy gets its own keychain entry, so removing either later leaves the other's token intact.
    const token = await this.vault.get(id);
    if (token) await this.vault.set(copy.id, token);
    this.settings.saveConnections([...this.settings.connections(), copy]);
    return this.summary(copy);
  }

  async remove(id: string): Promise<void> {
    this.profile(id);
    const remaining = this.settings.connections().filter((entry) => entry.id !== id);
    const activeId = this.settings.activeId();
    this.settings.saveConnections(remaining, activeId === id ? (remaining[0]?.id ?? null) : activeId);
    this.health.delete(id);
    await this.vault.delete(id);
    this.emit({ id, kind: 'removed' });
    this.log.info('connection removed', { id });
  }

  async setActive(id: string | null): Promise<ConnectionList> {
    if (id !== null) this.profile(id);
    this.settings.setActiveId(id);
    return this.list();
  }

  async tokenStatus(connectionId: string): Promise<TokenStatus> {
    this.profile(connectionId);
    return { connectionId, hasToken: await this.vault.has(connectionId), storage: this.vault.storage };
  }

  async setToken(connectionId: string, token: string): Promise<TokenStatus> {
    try {
      await this.vault.set(connectionId, token);
    } catch (error) {
      throw new HostError('internal', `The OS keychain refused to store the token: ${(error as Error).message}. Unlock the keychain and try again.`);
    }
    this.health.delete(connectionId);
    this.emit({ id: connectionId, kind: 'token' });
    return { connectionId, hasToken: true, storage: this.vault.storage };
  }

  async clearToken(connectionId: string): Promise<TokenStatus> {
    this.profile(connectionId);
    await this.vault.delete(connectionId);
    this.health.delete(connectionId);
    this.emit({ id: connectionId, kind: 'token' });
    return { connectionId, hasToken: false, storage: this.vault.storage };
  }

  /** The token for the host's own requests; never handed to the renderer. */
  async tokenFor(connectionId: string): Promise<string | null> {
    return this.vault.get(connectionId);
  }

  async test(id: string): Promise<ConnectionTestReport> {
    const profile = this.profile(id);
    const report = await testConnection(profile, await this.vault.get(id));
    this.health.set(id, { health: report.health, checkedAt: new Date().toISOString(), message: report.summary });
    return report;
  }

  async testDraft(settings: DraftSettings, token: string | undefined): Promise<ConnectionTestReport> {
    return testConnection(settings, token ?? null);
  }

  async importFromEnv(env: NodeJS.ProcessEnv): Promise<EnvImportResult> {
    const found = clusterDraftFromEnv(env);
    if (!found) return { found: false, variables: [] };
    const { draft, variables } = found;
    const existing = this.settings.connections().find((entry) => entry.kind === 'cluster' && entry.address === (draft as { address: string }).address && !entry.demo);
    if (existing && draft.kind === 'cluster') {
      // Importing twice refreshes the same connection instead of piling up copies.
      const { token, name: _name, kind: _kind, ...patch } = draft;
      await this.update(existing.id, { ...patch, region: patch.region ?? '' });
      if (token) await this.setToken(existing.id, token);
      return { found: true, variables, connection: await this.summary(this.profile(existing.id)) };
    }
    return { found: true, variables, connection: await this.create(draft) };
  }

  recordHealth(id: string, health: ConnectionHealth, message: string): void {
    this.health.set(id, { health, checkedAt: new Date().toISOString(), message });
  }
}
