// One AgentClient per cluster connection, built from its profile and dropped when the profile or token changes
// (ConnectionService.onChange), so no agent request goes out with an old address, CA file or token.
import type { ConnectionService } from '../connections/connection-service';
import { ClusterClientCache } from '../connections/cluster-client-cache';
import { AgentClient } from '../clients/cluster-api/agent-client';

export class AgentClients extends ClusterClientCache<AgentClient> {
  private readonly unsubscribe: () => void;

  constructor(connections: ConnectionService) {
    super(connections, (options) => new AgentClient(options), 'the agent view needs');
    this.unsubscribe = connections.onChange((change) => this.drop(change.id));
  }

  close(): void {
    this.unsubscribe();
    this.closeAll();
  }
}
