// Small request/response helpers shared by both simulated APIs (plain node:http, no framework).
import type { IncomingMessage, ServerResponse } from 'node:http';

export const MAX_BODY_BYTES = 8 * 1024 * 1024;

export class BodyTooLargeError extends Error {}

/** Reads the whole request body; rejects bodies over MAX_BODY_BYTES rather than buffering without limit. */
export async function readBody(req: IncomingMessage, limit = MAX_BODY_BYTES): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > limit) throw new BodyTooLargeError(`request body exceeds ${limit} bytes`);
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

/** Parses a JSON body; returns `{ ok: false }` for an empty or malformed body so callers answer with the API's own error shape. */
export async function readJson(req: IncomingMessage): Promise<{ ok: true; value: unknown } | { ok: false; reason: string }> {
  let raw: Buffer;
  try {
    raw = await readBody(req);
  } catch (error) {
    return { ok: false, reason: (error as Error).message };
  }
  if (raw.length === 0) return { ok: true, value: undefined };
  try {
    return { ok: true, value: JSON.parse(raw.toString('utf8')) };
  } catch {
    return { ok: false, reason: 'request body is not valid JSON' };
  }
}

export function send(res: ServerResponse, status: number, body: unknown, contentType = 'application/json', headers: Record<string, string> = {}): void {
  const payload = body === undefined ? '' : typeof body === 'string' || Buffer.isBuffer(body) ? body : JSON.stringify(body);
  res.writeHead(status, { 'Content-Type': contentType, 'Content-Length': Buffer.byteLength(payload), ...headers });
  res.end(payload);
}

/** Matches `/v1/job/:job_id/versions`-style patterns; returns the decoded params or null. */
export function matchPath(pattern: string, path: string): Record<string, string> | null {
  const want = pattern.split('/');
  const got = path.split('/');
  if (want.length !== got.length) return null;
  const params: Record<string, string> = {};
  for (let i = 0; i < want.length; i++) {
    if (want[i].startsWith(':')) {
      if (got[i] === '') return null;
      try {
        params[want[i].slice(1)] = decodeURIComponent(got[i]);
      } catch {
        return null;
      }
    } else if (want[i] !== got[i]) return null;
  }
  return params;
}
