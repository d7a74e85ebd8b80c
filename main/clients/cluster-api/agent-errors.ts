// The agent endpoints' permissions (cluster-api.md, Agent) and the errors a person sees when one is refused.
// The core's CLUSTER_ENDPOINTS table is closed over its own keys, so agent calls go through the core under a stand-in
// endpoint and any status error is rebuilt here from its status and (already token-scrubbed) detail.
import { HostError } from '../../host/host-error';
import type { EndpointInfo } from './errors';

/** Profiling with ACLs off is governed by `enable_debug` instead (cluster-api.md, Profiling availability). */
const PROFILING_HINT = ' On an agent without ACLs, profiling also needs enable_debug = true in its configuration.';

export const AGENT_ENDPOINTS = {
  agentMembers: { action: 'list the gossip members', acl: 'node:read' },
  agentServers: { action: "read the client's server list", acl: 'agent:read' },
  agentSetServers: { action: "replace the client's server list", acl: 'agent:write' },
  agentSelf: { action: "read the agent's configuration", acl: 'agent:read' },
  agentJoin: { action: 'join servers', acl: 'a valid token' },
  agentForceLeave: { action: 'force a member to leave', acl: 'agent:write' },
  agentHealth: { action: "check the agent's health", acl: 'a valid token' },
  agentHost: { action: 'read host data', acl: 'agent:read' },
  agentProfile: { action: 'capture a profile', acl: 'agent:write' },
  agentSchedulers: { action: 'list the scheduler workers', acl: 'agent:read' },
  agentSchedulerConfig: { action: "read the schedulers' configuration", acl: 'agent:read' },
  agentSetSchedulerConfig: { action: "change the schedulers' configuration", acl: 'agent:write' },
} as const satisfies Record<string, EndpointInfo>;

export type AgentEndpoint = keyof typeof AGENT_ENDPOINTS;

export interface AgentCallContext {
  endpoint: AgentEndpoint;
  /** What the call is about, e.g. `member "server-3.global"`. */
  target?: string;
  /** Origin of the cluster, never with credentials. */
  cluster: string;
}

function tail(detail: string): string {
  return detail ? `: ${detail.replace(/[.\s]+$/, '')}` : '';
}

/** Maps a non-2xx agent answer to a HostError that says what failed, why, and what to do. */
export function agentErrorForStatus(status: number, detail: string, ctx: AgentCallContext): HostError {
  const info = AGENT_ENDPOINTS[ctx.endpoint];
  const failed = `Could not ${info.action}${ctx.target ? ` (${ctx.target})` : ''}`;
  const extra = { status, detail: detail || undefined };
  if (status === 400) return new HostError('invalid_input', `${failed}: the agent rejected the request (400)${tail(detail)}. Correct the input and try again.`, extra);
  if (status === 401) return new HostError('unauthorized', `${failed}: ${ctx.cluster} did not accept the token (401). Replace the token in this connection.`, extra);
  if (status === 403 && /token not found|invalid token|token.*expired/i.test(detail)) {
    // The cluster answers 403 (not 401) for an unknown token; that needs a new token, not a new policy.
    return new HostError('unauthorized', `${failed}: ${ctx.cluster} does not know this token (403${tail(detail)}). Replace the token in this connection.`, extra);
  }
  if (status === 403) {
    const hint = ctx.endpoint === 'agentProfile' ? PROFILING_HINT : '';
    return new HostError('forbidden', `Permission denied: this token lacks ${info.acl} (needed to ${info.action}). Ask a cluster administrator to grant it, or use a token that has it.${hint}`, extra);
  }
  if (status === 404) return new HostError('not_found', `${failed}: not found (404)${tail(detail)}. Check the node, server or profile named, and refresh.`, extra);
  if (status === 405 || status === 501) {
    // Members, join and scheduler config are server-only; a client-only agent refuses them.
    return new HostError('invalid_input', `${failed}: this agent does not offer it (${status})${tail(detail)}. Some agent endpoints work only on servers, others only on clients.`, extra);
  }
  if (status === 429) return new HostError('rate_limited', `${failed}: ${ctx.cluster} is limiting requests (429)${tail(detail)}. Wait a moment and try again.`, extra);
  if (status >= 500) return new HostError('internal', `${failed}: the agent failed with ${status}${tail(detail)}. A targeted server may be down, or the cluster may be electing a leader; try again shortly.`, extra);
  return new HostError('internal', `${failed}: unexpected answer ${status} from ${ctx.cluster}${tail(detail)}.`, extra);
}

/** Rebuilds a status error thrown by the core for an agent call; network errors and input errors pass unchanged. */
export function asAgentError(error: unknown, ctx: AgentCallContext): unknown {
  if (!(error instanceof HostError) || error.status === undefined) return error;
  if (error.status < 300) {
    // A 2xx whose body is not JSON: the core's wording names its own endpoint, so say it for the agent call.
    if (error.code !== 'internal') return error;
    return new HostError('internal', `Could not ${AGENT_ENDPOINTS[ctx.endpoint].action}: the answer is not JSON. Check that the address points at the cluster API, not a proxy page.`, { status: error.status, cause: error });
  }
  if (error.code === 'unreachable' || error.code === 'timeout' || error.code === 'tls') return error;
  return agentErrorForStatus(error.status, error.detail ?? '', ctx);
}
