// A small route table: method + path pattern → handler, with the request context each handler needs.
import type { IncomingMessage } from 'node:http';
import { BodyTooLargeError, matchPath, readBody } from '../http-kit';
import { ApiError, unprocessable, type Reply } from './jsonapi';
import type { Principal } from './model';
import type { Store } from './store';

export interface Ctx {
  req: IncomingMessage;
  url: URL;
  params: Record<string, string>;
  principal: Principal;
  store: Store;
  /** The parsed JSON body; undefined when empty. Malformed JSON is a 422. */
  json(): Promise<unknown>;
}

export type Handler = (ctx: Ctx) => Promise<Reply> | Reply;

export interface Route {
  method: string;
  pattern: string;
  handler: Handler;
}

export function route(method: string, pattern: string, handler: Handler): Route {
  return { method, pattern, handler };
}

/** Finds the route; a known path with another method is a 405, an unknown path falls through (null). */
export function findRoute(routes: readonly Route[], method: string, path: string): { route: Route; params: Record<string, string> } | 'method-not-allowed' | null {
  let pathKnown = false;
  for (const candidate of routes) {
    const params = matchPath(candidate.pattern, path);
    if (!params) continue;
    if (candidate.method === method) return { route: candidate, params };
    pathKnown = true;
  }
  return pathKnown ? 'method-not-allowed' : null;
}

export async function readJsonBody(req: IncomingMessage): Promise<unknown> {
  let raw: Buffer;
  try {
    raw = await readBody(req);
  } catch (error) {
    if (error instanceof BodyTooLargeError) throw new ApiError(413, 'payload too large', error.message);
    throw error;
  }
  if (raw.length === 0) return undefined;
  try {
    return JSON.parse(raw.toString('utf8'));
  } catch {
    throw unprocessable('the request body is not valid JSON');
  }
}
