// The embedded demo: the simulator in-process on a random loopback port, behind a Demo cluster and a Demo organization.
import type { ConnectionList, ConnectionProfile } from '../contract';
import type { ConnectionService } from '../connections/connection-service';
import type { SettingsStore } from '../connections/settings-store';
import type { Logger } from '../host/logger';

interface RunningSimulator {
  url: string;
  clusterToken: string;
  workspaceToken: string;
  organization: string;
  close(): Promise<void>;
}

export const DEMO_CLUSTER_NAME = 'Demo cluster';
export const DEMO_ORGANIZATION_NAME = 'Demo organization';

export class DemoService {
  private simulator: Promise<RunningSimulator> | null = null;

  constructor(
    private readonly connections: ConnectionService,
    private readonly settings: SettingsStore,
    private readonly log: Logger,
  ) {}

  hasDemoConnections(): boolean {
    return this.settings.connections().some((entry) => entry.demo);
  }

  private startSimulator(): Promise<RunningSimulator> {
    this.simulator ??= import('../../sim/index').then(({ startSimulator }) => startSimulator({ seed: 1, scale: 'small' }));
    return this.simulator;
  }

  /**
   * Starts the simulator and points the demo connections at it. The port is new on every start, so existing
   * demo profiles are updated in place (keeping their ids, and so the person's selection) rather than re-created.
   */
  async start(): Promise<ConnectionList> {
    const sim = await this.startSimulator();
    const existing = this.settings.connections().filter((entry) => entry.demo);
    const cluster = existing.find((entry): entry is Extract<ConnectionProfile, { kind: 'cluster' }> => entry.kind === 'cluster');
    const workspace = existing.find((entry): entry is Extract<ConnectionProfile, { kind: 'workspace' }> => entry.kind === 'workspace');

    let clusterId: string;
    if (cluster) {
      await this.connections.update(cluster.id, { address: sim.url });
      await this.connections.setToken(cluster.id, sim.clusterToken);
      clusterId = cluster.id;
    } else {
      clusterId = (await this.connections.create({ kind: 'cluster', name: DEMO_CLUSTER_NAME, address: sim.url, namespace: 'default', token: sim.clusterToken }, { demo: true })).profile.id;
    }
    let workspaceId: string;
    if (workspace) {
      await this.connections.update(workspace.id, { baseUrl: sim.url, organization: sim.organization });
      await this.connections.setToken(workspace.id, sim.workspaceToken);
      workspaceId = workspace.id;
    } else {
      workspaceId = (await this.connections.create({ kind: 'workspace', name: DEMO_ORGANIZATION_NAME, baseUrl: sim.url, organization: sim.organization, token: sim.workspaceToken }, { demo: true })).profile.id;
    }
    this.log.info('demo simulator running', { url: sim.url });
    // Test both at once so the switcher shows them healthy rather than "Not tested" (loopback: a few ms).
    await Promise.all([clusterId, workspaceId].map((id) => this.connections.test(id).catch(() => undefined)));
    const list = await this.connections.list();
    return list.activeId ? list : this.connections.setActive(clusterId);
  }

  async stop(): Promise<void> {
    const running = this.simulator;
    this.simulator = null;
    if (running) await (await running).close();
  }
}
