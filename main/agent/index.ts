// The agent service: every agent.* method over one AgentClient per cluster connection (cluster-api.md, Agent;
// issue 6, "Agent view"). Profiling captures are saved by main, with progress on the shared `transfers` stream.
import type { ConnectionService } from '../connections/connection-service';
import type { AgentMethods } from '../contract/agent';
import type { Fetched } from '../contract/lists';
import { HostError } from '../host/host-error';
import type { Logger } from '../host/logger';
import type { StreamFactory } from '../streams/subscription-registry';
import { TransferHub } from '../workspace/transfers';
import { AgentClients } from './agent-clients';
import { captureProfileToFile } from './profile-capture';

export { agentSchemas } from './schemas';

export type AgentHandlers = {
  [M in keyof AgentMethods]: (params: AgentMethods[M]['params']) => Promise<AgentMethods[M]['result']>;
};

export interface AgentServiceDeps {
  connections: ConnectionService;
  log: Logger;
  /** Where captures go when the shell cannot ask (browser mode). */
  downloadsDir: string;
  /** Desktop: a save dialog; null means the person cancelled. */
  chooseSavePath?: (suggestedName: string) => Promise<string | null>;
  /**
   * The host's one `transfers` hub, shared with the workspace downloads so the contract's single `transfers`
   * stream carries both. Without it the service keeps its own and offers it in `streams`.
   */
  transfers?: TransferHub;
}

export interface AgentService {
  handlers: AgentHandlers;
  /** `{ transfers }` only when the service owns its hub (no `deps.transfers`). */
  streams: Record<string, StreamFactory>;
  close(): Promise<void>;
}

/** Data straight from the agent; the offline cache (not this service) produces `source: 'cache'`. */
function live<T>(value: T): Fetched<T> {
  return { value, asOf: new Date().toISOString(), source: 'live' };
}

export function createAgentService(deps: AgentServiceDeps): AgentService {
  const clients = new AgentClients(deps.connections);
  const ownHub = deps.transfers ? null : new TransferHub();
  const transfers = deps.transfers ?? ownHub!;
  const agent = (connectionId: string) => clients.client(connectionId);

  const handlers: AgentHandlers = {
    'agent.members': async ({ connectionId }) => live(await agent(connectionId).members()),
    'agent.forceLeave': async ({ connectionId, node, prune, confirm }) => {
      // The schema checks this too; a handler called directly must not skip the confirmation (invariant 4).
      if (confirm !== node) throw new HostError('invalid_input', `Force-leave not sent: type the member name "${node}" to confirm.`, { details: [{ path: 'confirm', message: 'must repeat the member name' }] });
      await agent(connectionId).forceLeave(node, prune ?? false);
      deps.log.info('agent force-leave', { connectionId, node, prune: prune ?? false });
    },
    'agent.servers': async ({ connectionId }) => live(await agent(connectionId).servers()),
    'agent.setServers': async ({ connectionId, addresses }) => {
      await agent(connectionId).setServers(addresses);
      deps.log.info('agent servers replaced', { connectionId, count: addresses.length });
    },
    'agent.self': async ({ connectionId }) => live(await agent(connectionId).self()),
    'agent.join': async ({ connectionId, addresses }) => agent(connectionId).join(addresses),
    'agent.health': async ({ connectionId }) => live(await agent(connectionId).health()),
    'agent.host': async ({ connectionId, nodeId, serverId }) => live(await agent(connectionId).host({ nodeId, serverId })),
    'agent.schedulers': async ({ connectionId }) => live(await agent(connectionId).schedulers()),
    'agent.schedulerConfig': async ({ connectionId }) => live(await agent(connectionId).schedulerConfig()),
    'agent.setSchedulerConfig': async ({ connectionId, enabled_schedulers, num_schedulers }) =>
      agent(connectionId).setSchedulerConfig({ enabled_schedulers, num_schedulers }),
    'agent.profile': async (params) =>
      captureProfileToFile({ transfers, downloadsDir: deps.downloadsDir, chooseSavePath: deps.chooseSavePath, log: deps.log }, agent(params.connectionId), params),
  };

  return {
    handlers,
    streams: ownHub ? { transfers: ownHub.stream } : {},
    async close() {
      clients.close();
      ownHub?.close();
    },
  };
}
