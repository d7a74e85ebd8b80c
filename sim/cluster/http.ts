// HTTP conventions of the cluster API: plain-text error bodies with a status code (Nomad writes the error
// text as the body), query parsing, and the X-Cluster-* metadata headers.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { readJson, send } from '../http-kit';
import type { Acl, Token } from './acl';

export function sendError(res: ServerResponse, status: number, message: string): void {
  send(res, status, message, 'text/plain; charset=utf-8');
}

/**
 * Names the permission a 403 lacked. The body stays Nomad's exact `Permission denied`; the header is the
 * simulator's own addition so tests (and people reading a trace) can see which ACL refused (sim/README.md).
 */
export const MISSING_PERMISSION_HEADER = 'X-Sim-Missing-Permission';

export function sendDenied(res: ServerResponse, permission: string): void {
  send(res, 403, 'Permission denied', 'text/plain; charset=utf-8', { [MISSING_PERMISSION_HEADER]: permission });
}

export function sendJson(res: ServerResponse, body: unknown, index?: number): void {
  const headers: Record<string, string> = {};
  if (index !== undefined) Object.assign(headers, metaHeaders(index));
  send(res, 200, body, 'application/json', headers);
}

export function metaHeaders(index: number): Record<string, string> {
  return { 'X-Cluster-Index': String(Math.max(1, index)), 'X-Cluster-KnownLeader': 'true', 'X-Cluster-LastContact': '0' };
}

/** Booleans in query strings follow Go's strconv.ParseBool; anything else is a 400. */
export function queryBool(url: URL, name: string): boolean | { error: string } {
  const raw = url.searchParams.get(name);
  if (raw === null || raw === '') return false;
  if (['1', 't', 'T', 'true', 'TRUE', 'True'].includes(raw)) return true;
  if (['0', 'f', 'F', 'false', 'FALSE', 'False'].includes(raw)) return false;
  return { error: `Failed to parse value of "${name}" (${raw}) as a bool: strconv.ParseBool: parsing "${raw}": invalid syntax` };
}

export function namespaceOf(url: URL): string {
  return url.searchParams.get('namespace') || 'default';
}

export interface Ctx {
  req: IncomingMessage;
  res: ServerResponse;
  url: URL;
  params: Record<string, string>;
  token: Token | null;
}

/** Checks the token for a permission; answers 403 and returns false when missing (cluster-api.md, Authentication). */
export function requirePermission(ctx: Ctx, acl: Acl, permission: string, namespace = namespaceOf(ctx.url)): boolean {
  if (acl.allows(ctx.token, permission, namespace)) return true;
  sendDenied(ctx.res, permission);
  return false;
}

/** Reads a JSON object body; answers 400 with the decoder's message otherwise. */
export async function readObject(ctx: Ctx, required = true): Promise<Record<string, unknown> | null> {
  const body = await readJson(ctx.req);
  if (!body.ok) {
    sendError(ctx.res, 400, body.reason);
    return null;
  }
  if (body.value === undefined && !required) return {};
  if (typeof body.value !== 'object' || body.value === null || Array.isArray(body.value)) {
    sendError(ctx.res, 400, body.value === undefined ? 'Request body is empty' : 'Request body must be a JSON object');
    return null;
  }
  return body.value as Record<string, unknown>;
}

const HEX = /^[0-9a-fA-F-]*$/;

/** ID prefixes must be an even number of hex characters (cluster-api.md, Limits); dashes are allowed in UUIDs. */
export function checkPrefix(ctx: Ctx): string | null | false {
  const prefix = ctx.url.searchParams.get('prefix') ?? '';
  if (prefix === '') return null;
  if (!HEX.test(prefix) || prefix.replace(/-/g, '').length % 2 !== 0) {
    sendError(ctx.res, 400, 'Prefix must have an even number of hexadecimal characters');
    return false;
  }
  return prefix.toLowerCase();
}

export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
