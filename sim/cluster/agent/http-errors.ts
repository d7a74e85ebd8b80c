// How the agent answers errors and parses query values: the real agent writes its errors as plain text with a
// status code (never JSON), and parses booleans and integers with Go's strconv rules, so the simulator does too.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { send } from '../../http-kit';
import type { ClusterLookup } from '../../types';

/** An error carrying the HTTP status the agent answers with (Go's CodedError). */
export class CodedError extends Error {
  constructor(readonly status: number, message: string, readonly headers: Record<string, string> = {}) {
    super(message);
  }
}

export const TEXT = 'text/plain; charset=utf-8';

/** The agent's catch-all for a wrong method on a known path. */
export const invalidMethod = (): CodedError => new CodedError(405, 'Invalid method');

export function sendText(res: ServerResponse, status: number, message: string): void {
  send(res, status, message, TEXT);
}

/** Answers a thrown CodedError, or a 500 for anything unexpected, without ever throwing itself. */
export function sendError(res: ServerResponse, error: unknown): void {
  if (res.headersSent) {
    res.destroy();
    return;
  }
  if (error instanceof CodedError) send(res, error.status, error.message, TEXT, error.headers);
  else sendText(res, 500, (error as Error)?.message ?? String(error));
}

/** Throws the refusal of the cluster's ACL check, which the caller's catch turns into status + text. */
export function requirePermission(lookup: ClusterLookup, req: IncomingMessage, permission: string | null): void {
  const verdict = lookup.authorize(req, permission);
  // The simulator names the permission a 403 lacked (sim/README.md); the body stays the agent's own text.
  if (!verdict.ok) throw new CodedError(verdict.status, verdict.message, verdict.missing ? { 'X-Sim-Missing-Permission': verdict.missing } : {});
}

/** Go's strconv.ParseBool: exactly these spellings; anything else is an error the agent reports as 400. */
export function parseGoBool(raw: string | null, name: string, fallback = false): boolean {
  if (raw === null || raw === '') return fallback;
  if (['1', 't', 'T', 'TRUE', 'true', 'True'].includes(raw)) return true;
  if (['0', 'f', 'F', 'FALSE', 'false', 'False'].includes(raw)) return false;
  throw new CodedError(400, `failed to parse ${name} field to boolean: strconv.ParseBool: parsing "${raw}": invalid syntax`);
}

/** Go's strconv.ParseInt(raw, 10, 64) for query values; returns the fallback for an absent or empty value. */
export function parseGoInt(raw: string | null, name: string, fallback: number): number {
  if (raw === null || raw === '') return fallback;
  if (!/^[+-]?\d+$/.test(raw)) throw new CodedError(400, `error parsing ${name}: strconv.ParseInt: parsing "${raw}": invalid syntax`);
  const value = Number(raw);
  if (!Number.isSafeInteger(value)) throw new CodedError(400, `error parsing ${name}: strconv.ParseInt: parsing "${raw}": value out of range`);
  return value;
}

/** `ip:port` (IPv4, or `[IPv6]:port`) with a port 1-65535; the simulator has no DNS, so host names are refused. */
export function isIpPort(value: string): boolean {
  const v4 = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3}):(\d{1,5})$/.exec(value);
  const v6 = /^\[([0-9a-fA-F:.]+)\]:(\d{1,5})$/.exec(value);
  if (v4) return v4.slice(1, 5).every((octet) => Number(octet) <= 255) && validPort(v4[5]);
  if (v6) return v6[1].includes(':') && validPort(v6[2]);
  return false;
}

function validPort(raw: string): boolean {
  const port = Number(raw);
  return Number.isInteger(port) && port >= 1 && port <= 65535;
}
