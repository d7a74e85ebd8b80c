// Gossip pool endpoints: list members, force a failed server out, join other servers (cluster-api.md, Agent and
// "Gossip member" transitions).
import type { IncomingMessage, ServerResponse } from 'node:http';
import { send } from '../../http-kit';
import { selfMember, SERF_PORT, type Member } from './agent-state';
import { requireAcl, type AgentContext } from './context';
import { CodedError, invalidMethod, parseGoBool } from './http-errors';

export function membersRoute(ctx: AgentContext, req: IncomingMessage, res: ServerResponse): void {
  if (req.method !== 'GET') throw invalidMethod();
  requireAcl(ctx, req, 'node:read');
  const self = selfMember(ctx.state);
  send(res, 200, { ServerName: self.Name, ServerRegion: ctx.state.region, ServerDC: ctx.state.datacenter, Members: ctx.state.members });
}

/**
 * failed → left; with `prune` the member leaves the list at once. Like the real agent (which only broadcasts a
 * leave intent), an unknown name and an alive member are accepted without effect: an alive member refutes the intent.
 */
export function forceLeaveRoute(ctx: AgentContext, req: IncomingMessage, res: ServerResponse, url: URL): void {
  if (req.method !== 'PUT' && req.method !== 'POST') throw invalidMethod();
  requireAcl(ctx, req, 'agent:write');
  const name = url.searchParams.get('node') ?? '';
  // The spec marks `node` required; the real agent would silently broadcast a leave for "", which helps nobody.
  if (name === '') throw new CodedError(400, 'missing node name: pass ?node=<member name> as listed by /v1/agent/members');
  const prune = parseGoBool(url.searchParams.get('prune'), 'prune');
  const { state } = ctx;
  const member = state.members.find((m) => m.Name === name);
  if (member && member !== selfMember(state) && member.Status !== 'alive') {
    member.Status = 'left';
    if (prune) {
      state.members = state.members.filter((m) => m !== member);
      state.pruned.push(member);
    }
  }
  res.writeHead(200, { 'Content-Length': '0' });
  res.end();
}

/**
 * Joins the given gossip addresses. As the gossip library does, errors are reported in the body (status 200) and
 * only when no address could be joined at all.
 */
export function joinRoute(ctx: AgentContext, req: IncomingMessage, res: ServerResponse, url: URL): void {
  if (req.method !== 'PUT' && req.method !== 'POST') throw invalidMethod();
  requireAcl(ctx, req, null);
  const addresses = url.searchParams.getAll('address').filter((a) => a !== '');
  if (addresses.length === 0) throw new CodedError(400, 'missing address to join');
  let joined = 0;
  const errors: string[] = [];
  for (const address of addresses) {
    const failure = tryJoin([...ctx.state.members, ...ctx.state.pruned], address);
    if (failure === null) joined++;
    else errors.push(failure);
  }
  const error = joined > 0 ? '' : `${errors.length} error${errors.length === 1 ? '' : 's'} occurred:\n${errors.map((e) => `\t* ${e}`).join('\n')}\n\n`;
  send(res, 200, { error, num_joined: joined });
}

/** Returns null when the address answers as a live server, else the gossip library's error text. */
function tryJoin(known: Member[], address: string): string | null {
  const parsed = splitHostPort(address);
  if (!parsed) return `Failed to resolve ${address}: address ${address}: missing port in address or invalid host`;
  const { host, port } = parsed;
  if (!/^\d{1,3}(\.\d{1,3}){3}$/.test(host) && !host.includes(':')) return `Failed to resolve ${address}: lookup ${host}: no such host`;
  const target = `${host}:${port}`;
  const member = known.find((m) => m.Addr === host && m.Port === port);
  if (member?.Status === 'alive') return null;
  if (member) return `Failed to join ${target}: dial tcp ${target}: connect: connection refused`;
  return `Failed to join ${target}: dial tcp ${target}: i/o timeout`;
}

/** Accepts `host`, `host:port` and `[v6]:port`; the gossip port is the default as in the gossip library. */
function splitHostPort(address: string): { host: string; port: number } | null {
  const v6 = /^\[([^\]]+)\](?::(\d+))?$/.exec(address);
  if (v6) return withPort(v6[1], v6[2]);
  const parts = address.split(':');
  if (parts.length === 1) return withPort(parts[0], undefined);
  if (parts.length === 2) return withPort(parts[0], parts[1]);
  return null;
}

function withPort(host: string, rawPort: string | undefined): { host: string; port: number } | null {
  const port = rawPort === undefined ? SERF_PORT : Number(rawPort);
  if (host === '' || !Number.isInteger(port) || port < 1 || port > 65535) return null;
  return { host, port };
}
