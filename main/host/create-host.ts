// Builds the host core: settings, keychain, connections, demo and streams behind one validated router.
// Both shells (main/electron and main/web) call this; it knows nothing about either.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import type { BridgeResult, StreamBatch } from '../contract';
import { ConnectionService } from '../connections/connection-service';
import { SettingsStore, confBackend, type SettingsBackendFactory } from '../connections/settings-store';
import { openTokenVault, type KeychainApi } from '../connections/token-vault';
import { DemoService } from '../demo/demo-service';
import { SecretScrubber } from '../redaction/secret-scrubber';
import { SubscriptionRegistry, type StreamFactory } from '../streams/subscription-registry';
import { createStreamFactories } from '../streams/stream-factories';
import { ClusterTransportPool } from '../clients/http/transport-pool';
import { DatasetRegistry } from '../lists/dataset-registry';
import { createClusterService } from '../cluster';
import { createWorkspaceService } from '../workspace';
import { createAgentService } from '../agent';
import { TransferHub } from '../workspace/transfers';
import { createOfflineHost, type OfflineHostDeps } from '../cache/offline-host';
import { assertExternalUrl } from './external-url';
import { HostError, toBridgeError } from './host-error';
import { createLogger, type Logger } from './logger';
import { NoticeBoard } from './notices';
import { MethodRouter, type MethodHandlers } from './router';
import { methodSchemas } from './schemas/index';
import type { HostApi, Session, ShellServices } from './session';

export const APP_VERSION = '0.1.0';

export interface HostOptions {
  dataDir: string;
  shell: ShellServices;
  env?: NodeJS.ProcessEnv;
  /** Open the embedded demo at start-up (`--demo`). */
  demo?: boolean;
  settingsStoreFactory?: SettingsBackendFactory;
  /** Test seam: simulate a missing keychain. */
  loadKeychain?: () => Promise<KeychainApi>;
  keychainService?: string;
  /** Mirror log lines somewhere (stderr in browser mode). */
  echoLog?: (line: string) => void;
  /** Desktop: a save dialog for downloads and profiles; null means the person cancelled. Browser mode saves to downloadsDir. */
  chooseSavePath?: (suggestedName: string) => Promise<string | null>;
  /** Where downloads go without a save dialog; defaults to `<dataDir>/downloads`. */
  downloadsDir?: string;
  /** Test seams of the offline cache: re-test backoff and snapshot throttle. */
  offline?: Pick<OfflineHostDeps, 'availability' | 'snapshots' | 'cacheDisabled'>;
}

export interface Host extends HostApi {
  readonly log: Logger;
  readonly scrubber: SecretScrubber;
  /** For tests and shells: wait until start-up work (demo, first health checks) has settled. */
  ready: Promise<void>;
}

export async function createHost(options: HostOptions): Promise<Host> {
  mkdirSync(options.dataDir, { recursive: true });
  const env = options.env ?? process.env;
  const scrubber = new SecretScrubber();
  const log = createLogger(options.dataDir, scrubber, options.echoLog);
  const notices = new NoticeBoard();
  const settings = SettingsStore.open(options.dataDir, notices, options.settingsStoreFactory ?? confBackend);
  const vault = await openTokenVault({ scrubber, loadKeychain: options.loadKeychain, service: options.keychainService });
  if (vault.storage === 'memory') notices.add('warning', 'No OS keychain', vault.message);
  const connections = new ConnectionService(settings, vault, log);
  const demo = new DemoService(connections, settings, log);
  const subscriptions = new SubscriptionRegistry();
  const transports = new ClusterTransportPool(connections);
  const clusterStreams = createStreamFactories({
    transportFor: (connectionId) => transports.transportFor(connectionId),
    tokenFor: (connectionId) => connections.tokenFor(connectionId),
    scrub: (text) => scrubber.scrub(text),
  });
  const datasets = new DatasetRegistry();
  const offline = createOfflineHost({
    dataDir: options.dataDir,
    scrubber,
    notices,
    log,
    datasets,
    connections,
    profiles: () => settings.connections(),
    maxMB: settings.app().cacheMaxMB,
    ...options.offline,
  });
  const transfers = new TransferHub();
  const downloadsDir = options.downloadsDir ?? join(options.dataDir, 'downloads');
  const restorer = offline.snapshots ?? undefined;
  const cluster = createClusterService({ connections, datasets, log, streams: clusterStreams.manager, offline: restorer });
  const workspace = createWorkspaceService({ connections, datasets, log, downloadsDir, chooseSavePath: options.chooseSavePath, transfers, offline: restorer });
  // Back online: cluster lists still showing cached rows or a failed refresh fetch again (workspace lists refill on
  // the re-query that follows, since their failed fill counts as stale).
  offline.onRecovered((connectionId) => {
    const runtime = cluster.runtimeOf(connectionId);
    for (const resource of runtime?.data.active ?? []) {
      const dataset = runtime!.data.existing(resource);
      if (dataset && (dataset.refreshError || dataset.source !== 'live')) void runtime!.data.refetch(resource);
    }
  });
  /** Every health test also tells the availability tracker what it learned. */
  const testConnection = async (id: string) => {
    const report = await connections.test(id);
    offline.availability.reportTest(id, report);
    return report;
  };
  /** lists.changes status: a stream that drops is a hint to test the server now instead of at the next failed call. */
  const liveStatusProbed = (connectionId: string) => {
    const live = cluster.liveStatus(connectionId);
    return {
      get status() {
        return live.status;
      },
      get message() {
        return live.message;
      },
      subscribe(onStatus: () => void) {
        return live.subscribe(() => {
          if (live.status === 'reconnecting' || live.status === 'offline') offline.availability.probe(connectionId);
          onStatus();
        });
      },
    };
  };
  const agent = createAgentService({ connections, log, downloadsDir, chooseSavePath: options.chooseSavePath, transfers });
  const streams: Record<string, StreamFactory> = {
    ...clusterStreams.factories,
    'lists.changes': datasets.changesStream(liveStatusProbed),
    'connections.availability': offline.availabilityStream,
    transfers: transfers.stream,
  };

  const handlers: MethodHandlers = {
    'app.info': async () => ({
      mode: options.shell.mode,
      version: APP_VERSION,
      platform: process.platform,
      keychain: { available: vault.storage === 'keychain', storage: vault.storage, message: vault.message },
      demoAvailable: true,
      dataDir: options.dataDir,
    }),
    'app.notices': async () => notices.list(),
    'app.dismissNotice': async ({ id }) => notices.dismiss(id),
    'app.openExternal': async ({ url }) => {
      const safe = assertExternalUrl(url);
      await options.shell.openExternal(safe);
      return { opened: options.shell.mode === 'desktop' };
    },
    'settings.get': async () => settings.app(),
    'settings.update': async (patch) => {
      const next = settings.updateApp(patch);
      if ('cacheMaxMB' in patch) await offline.setMaxMB(next.cacheMaxMB);
      return next;
    },
    'connections.list': () => connections.list(),
    'connections.create': (draft) => connections.create(draft),
    'connections.update': ({ id, patch }) => connections.update(id, patch),
    'connections.duplicate': ({ id, name }) => connections.duplicate(id, name),
    'connections.remove': ({ id }) => connections.remove(id),
    'connections.setActive': async ({ id }) => {
      const list = await connections.setActive(id);
      // Switching shows what is held at once; a quick test in the background finds out whether it is still live.
      if (id) offline.availability.probe(id);
      return list;
    },
    'connections.test': ({ id }) => testConnection(id),
    'connections.testDraft': ({ settings: draft, token }) => connections.testDraft(draft, token),
    'connections.importFromEnv': () => connections.importFromEnv(env),
    'tokens.set': async ({ connectionId, token }) => {
      connections.profile(connectionId);
      return connections.setToken(connectionId, token);
    },
    'tokens.clear': ({ connectionId }) => connections.clearToken(connectionId),
    'tokens.status': ({ connectionId }) => connections.tokenStatus(connectionId),
    'demo.start': () => demo.start(),
    ...cluster.handlers,
    ...workspace.handlers,
    ...agent.handlers,
    ...offline.handlers,
  };
  const router = new MethodRouter(methodSchemas, offline.wrap(handlers), log);

  const startup = async () => {
    if (options.demo || demo.hasDemoConnections()) {
      // Demo profiles from an earlier run point at a port that is gone: restart the simulator behind them.
      await demo.start().catch((error) => {
        log.error('demo failed to start', { error: (error as Error).message });
        notices.add('error', 'Demo unavailable', `The embedded demo could not start: ${(error as Error).message}`);
      });
    }
    const { connections: list } = await connections.list();
    await Promise.all(list.map((entry) => testConnection(entry.profile.id).catch(() => undefined)));
  };
  const ready = startup();
  log.info('host started', { mode: options.shell.mode, keychain: vault.storage });

  return {
    log,
    scrubber,
    ready,
    invoke: (method, params, session) => router.invoke(method, params, { session }),
    async subscribe(stream, params, subscriptionId, session: Session, deliver: (batch: StreamBatch<unknown>) => void): Promise<BridgeResult<{ subscriptionId: string }>> {
      try {
        const id = typeof subscriptionId === 'string' && /^[\w-]{8,64}$/.test(subscriptionId) ? subscriptionId : null;
        if (!id) throw new HostError('invalid_input', 'A subscription needs an id of 8-64 letters, digits, "_" or "-".');
        const factory = typeof stream === 'string' && Object.prototype.hasOwnProperty.call(streams, stream) ? streams[stream] : null;
        if (!factory) throw new HostError('invalid_input', `Unknown stream "${String(stream).slice(0, 60)}".`);
        subscriptions.open(session.id, id, factory, params, deliver);
        return { ok: true, value: { subscriptionId: id } };
      } catch (error) {
        return { ok: false, error: toBridgeError(error) };
      }
    },
    unsubscribe: (subscriptionId, session) => {
      if (typeof subscriptionId === 'string') subscriptions.close(subscriptionId, session.id);
    },
    closeSession: (session) => subscriptions.closeSession(session.id),
    subscriptionCount: (session) => subscriptions.count(session?.id),
    async shutdown() {
      subscriptions.closeAll();
      clusterStreams.manager.closeAll();
      transports.close();
      await Promise.all([cluster.close(), workspace.close(), agent.close()]);
      transfers.close();
      await offline.close();
      await ready.catch(() => undefined);
      await demo.stop();
      log.info('host stopped');
    },
  };
}

export function newSessionId(): string {
  return randomUUID();
}
