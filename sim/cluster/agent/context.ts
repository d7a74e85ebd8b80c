// What every agent route receives, and how `node_id` / `server_id` targeting resolves to an agent.
import type { Faults } from '../../faults';
import type { ClusterLookup } from '../../types';
import { findServer, RPC_PORT, selfMember, type AgentState, type Member } from './agent-state';
import type { IncomingMessage } from 'node:http';
import { CodedError, requirePermission } from './http-errors';
import type { LogStore } from './log-store';

export interface AgentContext {
  seed: number;
  state: AgentState;
  lookup: ClusterLookup;
  faults: Faults;
  clock: () => number;
  /** Interval of the empty `{}` frames that keep idle streams open (1 s on the real agent). */
  heartbeatMs: number;
  /** Agent log lines per second the monitor produces (all levels together). */
  monitorLinesPerSecond: number;
  logs: LogStore;
  /** Open streams and held profile responses, stopped by `close()`. */
  open: Set<() => void>;
}

/** Checks an ACL permission unless the simulated agent runs without ACLs. */
export function requireAcl(ctx: AgentContext, req: IncomingMessage, permission: string | null): void {
  if (ctx.state.aclsEnabled) requirePermission(ctx.lookup, req, permission);
}

export type NodeRef = { ID: string; Name: string; Address: string };

/** The agent a request is about: this server, another server of the gossip pool, or a client node. */
export type Target = { kind: 'server'; member: Member; local: boolean } | { kind: 'node'; node: NodeRef; local: boolean };

/** The local client node: the first node the cluster lists (this agent also runs a client). */
export function localNode(ctx: AgentContext): NodeRef {
  return ctx.lookup.listNodes()[0] ?? { ID: ctx.state.fallbackNodeId, Name: 'server-1', Address: selfMember(ctx.state).Addr };
}

export interface TargetErrors {
  /** Message when both `node_id` and `server_id` are given; each endpoint words it differently. */
  both: string;
  /** Status for an unknown `server_id`: the monitor answers 400, host data and profiles 500 (forwarding error). */
  unknownServerStatus: number;
}

export function resolveTarget(ctx: AgentContext, url: URL, errors: TargetErrors): Target {
  const nodeId = url.searchParams.get('node_id') ?? '';
  const serverId = url.searchParams.get('server_id') ?? '';
  if (nodeId && serverId) throw new CodedError(400, errors.both);
  if (nodeId) {
    const local = localNode(ctx);
    if (nodeId === local.ID) return { kind: 'node', node: local, local: true };
    const node = ctx.lookup.listNodes().find((n) => n.ID === nodeId);
    if (!node) throw new CodedError(404, `Unknown node "${nodeId}"`);
    return { kind: 'node', node, local: false };
  }
  if (serverId) {
    const member = findServer(ctx.state, serverId);
    if (!member) throw new CodedError(errors.unknownServerStatus, `unknown server ${serverId}`);
    if (member.Status !== 'alive') {
      // Forwarding to a dead server fails at the RPC dial, which the agent reports as an untyped 500.
      throw new CodedError(500, `rpc error: failed to get conn: dial tcp ${member.Addr}:${RPC_PORT}: connect: connection refused`);
    }
    return { kind: 'server', member, local: member === selfMember(ctx.state) };
  }
  return { kind: 'server', member: selfMember(ctx.state), local: true };
}

/** A short label for the agent a target names, used in generated logs and host data. */
export function targetName(target: Target): string {
  return target.kind === 'server' ? target.member.Name : target.node.Name;
}
