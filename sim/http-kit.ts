// Small request/response helpers shared by both simulated APIs (plain node:http, no framework).
import type { IncomingMessage, ServerResponse } from 'node:http';

export const MAX_BODY_BYTES = 8 * 1024 * 1024;

export class BodyTooLargeError extends Error {}

const REFUSED = Symbol('body refused');

/**
 * Reads the whole request body; rejects bodies over MAX_BODY_BYTES rather than buffering without limit.
 * A refused body is left unread, and the answer then carries `Connection: close` (see `closeIfBodyRefused`), as
 * Go's MaxBytesReader does, so a client never reuses a connection that still holds the rest of that body.
 */
export function readBody(req: IncomingMessage, limit = MAX_BODY_BYTES): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const onData = (chunk: Buffer): void => {
      size += chunk.length;
      if (size > limit) {
        cleanup();
        req.pause();
        (req as IncomingMessage & { [REFUSED]?: boolean })[REFUSED] = true;
        reject(new BodyTooLargeError(`request body exceeds ${limit} bytes`));
        return;
      }
      chunks.push(chunk);
    };
    const onEnd = (): void => {
      cleanup();
      resolve(Buffer.concat(chunks));
    };
    const onError = (error: Error): void => {
      cleanup();
      reject(error);
    };
    const cleanup = (): void => {
      req.off('data', onData);
      req.off('end', onEnd);
      req.off('error', onError);
    };
    req.on('data', onData);
    req.on('end', onEnd);
    req.on('error', onError);
  });
}

/** Adds `Connection: close` when this response answers a request whose body was refused as too large. */
export function closeIfBodyRefused(res: ServerResponse, headers: Record<string, string>): Record<string, string> {
  const req = (res as ServerResponse & { req?: IncomingMessage & { [REFUSED]?: boolean } }).req;
  return req?.[REFUSED] ? { ...headers, Connection: 'close' } : headers;
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
  res.writeHead(status, closeIfBodyRefused(res, { 'Content-Type': contentType, 'Content-Length': String(Buffer.byteLength(payload)), ...headers }));
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
