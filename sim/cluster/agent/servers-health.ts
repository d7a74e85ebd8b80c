// The client's server list (GET/replace) and the agent health check, which depends on that list and on the leader.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { send } from '../../http-kit';
import { requireAcl, type AgentContext } from './context';
import { CodedError, invalidMethod, isIpPort, TEXT } from './http-errors';

export function serversRoute(ctx: AgentContext, req: IncomingMessage, res: ServerResponse, url: URL): void {
  if (req.method === 'GET') {
    requireAcl(ctx, req, 'agent:read');
    send(res, 200, [...ctx.state.clientServers].sort());
    return;
  }
  if (req.method !== 'PUT' && req.method !== 'POST') throw invalidMethod();
  requireAcl(ctx, req, 'agent:write');
  const addresses = url.searchParams.getAll('address');
  if (addresses.length === 0) throw new CodedError(400, 'missing server address');
  const bad = addresses.filter((a) => !isIpPort(a));
  if (bad.length > 0) {
    throw new CodedError(400, `invalid server address ${bad.map((a) => JSON.stringify(a)).join(', ')}: expected ip:port such as 10.0.0.11:4647`);
  }
  ctx.state.clientServers = [...new Set(addresses)];
  // The real agent answers a successful replace with an empty body.
  res.writeHead(200, { 'Content-Length': '0' });
  res.end();
}

/**
 * `{client, server}` each `{message, ok}`. When either is unhealthy the agent answers 500 whose body is the same
 * JSON document, written as plain text like every agent error (cluster-api.md, Errors).
 */
export function healthRoute(ctx: AgentContext, req: IncomingMessage, res: ServerResponse): void {
  if (req.method !== 'GET') throw invalidMethod();
  const client = ctx.state.clientServers.length > 0 ? { message: 'ok', ok: true } : { message: 'no known servers', ok: false };
  const server = { message: ctx.state.serverHealth.message, ok: ctx.state.serverHealth.ok };
  const body = { client, server };
  if (client.ok && server.ok) send(res, 200, body);
  else send(res, 500, JSON.stringify(body), TEXT);
}
