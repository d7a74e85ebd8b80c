// The workspace management API simulator (JSON:API under /api/v2) plus the object storage for state content.
// Faults and latency are applied by sim/index.ts before a request reaches this module.
import type { SimModule } from '../types';
import { authenticate, RateLimiter } from './auth';
import { generateEstate, type Tokens } from './generate';
import { ApiError, API_PREFIX, errorReply, writeReply, type Reply } from './jsonapi';
import { handleObject, isObjectPath } from './objects';
import { findRoute, readJsonBody, type Route } from './router';
import { lockRoutes } from './routes/locks';
import { projectRoutes } from './routes/projects';
import { relationshipRoutes } from './routes/relationships';
import { stateActionRoutes } from './routes/state-actions';
import { stateVersionRoutes } from './routes/state-versions';
import { tagRoutes } from './routes/tags';
import { variableRoutes } from './routes/variables';
import { workspaceRoutes } from './routes/workspaces';
import { Store } from './store';

export interface WorkspaceSim extends SimModule {
  tokens: Tokens;
  organization: string;
  /** Direct access to the records, for tests and demos. */
  store: Store;
  /** The per-token rate limiter; tests may raise `limit` to keep long scenarios under it. */
  rateLimiter: RateLimiter;
}

export interface WorkspaceApiOptions {
  seed: number;
  scale: 'small' | 'large';
  publicUrl: () => string;
  organization?: string;
  /** Requests per second per token (default 30, as the real service). */
  rateLimit?: number;
}

// Specific paths first: `findRoute` takes the first pattern that matches.
const ROUTES: Route[] = [...projectRoutes, ...lockRoutes, ...variableRoutes, ...stateVersionRoutes, ...stateActionRoutes, ...tagRoutes, ...relationshipRoutes, ...workspaceRoutes];

export function createWorkspaceApi(opts: WorkspaceApiOptions): WorkspaceSim {
  const store = new Store(opts.organization ?? 'demo-org', opts.seed, opts.publicUrl);
  const tokens = generateEstate(store, opts.scale);
  const rateLimiter = new RateLimiter(opts.rateLimit ?? 30);

  async function respond(req: import('node:http').IncomingMessage, url: URL, rateHeaders: Record<string, string>): Promise<Reply> {
    const principal = authenticate(req, store.principals);
    const taken = rateLimiter.take(principal.token);
    Object.assign(rateHeaders, taken.headers);
    if (taken.limited) throw new ApiError(429, 'too many requests', `rate limit of ${rateLimiter.limit} requests per second exceeded; retry after ${taken.headers['X-RateLimit-Reset']} s`);
    const found = findRoute(ROUTES, req.method ?? 'GET', url.pathname);
    if (found === null) throw new ApiError(404, 'not found', `no route for ${req.method} ${url.pathname}`);
    if (found === 'method-not-allowed') throw new ApiError(405, 'method not allowed', `${req.method} is not allowed on ${url.pathname}`);
    let body: { value: unknown } | null = null;
    return found.route.handler({
      req,
      url,
      params: found.params,
      principal,
      store,
      json: async () => (body ??= { value: await readJsonBody(req) }).value,
    });
  }

  return {
    tokens,
    organization: store.organization,
    store,
    rateLimiter,
    async handle(req, res, url) {
      if (isObjectPath(url.pathname)) {
        await handleObject(store, req, res, url.pathname);
        return true;
      }
      if (url.pathname !== API_PREFIX && !url.pathname.startsWith(`${API_PREFIX}/`)) return false;
      const rateHeaders: Record<string, string> = {};
      let reply: Reply;
      try {
        reply = await respond(req, url, rateHeaders);
      } catch (error) {
        if (!(error instanceof ApiError)) throw error;
        reply = errorReply(error);
      }
      // Drain an unread body so keep-alive connections stay usable after early errors.
      if (!req.readableEnded) req.resume();
      writeReply(res, reply, rateHeaders);
      return true;
    },
    close() {
      store.close();
    },
  };
}
