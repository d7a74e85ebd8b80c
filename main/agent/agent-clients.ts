// One AgentClient per cluster connection, built from its profile and dropped when the profile or token changes
// (ConnectionService.onChange), so no agent request goes out with an old address, CA file or token.
import type { ConnectionService } from '../connections/connection-service';
import { AgentClient } from '../clients/cluster-api/agent-client';
import { HostError } from '../host/host-error';

export class AgentClients {
  private readonly clients = new Map<string, AgentClient>();
  private readonly unsubscribe: () => void;

  constructor(private readonly connections: ConnectionService) {
    this.unsubscribe = connections.onChange((change) => this.drop(change.id));
  }

  /** The agent client of a cluster connection; a workspace connection is refused with a message that says so. */
  client(connectionId: string): AgentClient {
    const existing = this.clients.get(connectionId);
    if (existing) return existing;
    const profile = this.connections.profile(connectionId);
    if (profile.kind !== 'cluster') {
      throw new HostError('invalid_input', `Connection "${profile.name}" is a workspace connection; the agent view needs a cluster connection. Pick a cluster in the connection switcher.`);
    }
    const client = new AgentClient({
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

  close(): void {
    this.unsubscribe();
    for (const id of [...this.clients.keys()]) this.drop(id);
  }
}
