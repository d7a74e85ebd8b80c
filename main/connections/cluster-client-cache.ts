// One client per cluster connection, built from its profile on first use and kept until `drop` (the owners drop
// on ConnectionService.onChange, so no request goes out with an old address, CA file or token). Shared by the
// cluster service's ClientPool and the agent service's AgentClients.
import type { ClusterClientOptions } from '../clients/cluster-api/client';
import { HostError } from '../host/host-error';
import type { ConnectionService } from './connection-service';

export class ClusterClientCache<C extends { close(): void }> {
  private readonly clients = new Map<string, C>();

  /**
   * @param build makes the client from the connection's settings.
   * @param purpose completes the refusal of a workspace connection, e.g. "the agent view needs".
   */
  constructor(
    protected readonly connections: ConnectionService,
    private readonly build: (options: ClusterClientOptions) => C,
    private readonly purpose: string,
  ) {}

  /** The client of a cluster connection; a workspace connection is refused with a message that says so. */
  client(connectionId: string): C {
    const existing = this.clients.get(connectionId);
    if (existing) return existing;
    const profile = this.connections.profile(connectionId);
    if (profile.kind !== 'cluster') {
      throw new HostError('invalid_input', `Connection "${profile.name}" is a workspace connection; ${this.purpose} a cluster connection. Pick a cluster in the connection switcher.`);
    }
    const client = this.build({
      address: profile.address,
      region: profile.region,
      namespace: profile.namespace,
      tls: profile.tls,
      // Read from the keychain per request: the client never holds the token.
      token: () => this.connections.tokenFor(connectionId),
    });
    this.clients.set(connectionId, client);
    return client;
  }

  drop(connectionId: string): void {
    this.clients.get(connectionId)?.close();
    this.clients.delete(connectionId);
  }

  closeAll(): void {
    for (const id of [...this.clients.keys()]) this.drop(id);
  }
}
