// Test harness: the workspace API alone on a real loopback server, and a small fetch client per token kind.
import { createHash } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createWorkspaceApi, type WorkspaceSim } from '../index';
import type { Workspace } from '../model';

export type TokenKind = 'user' | 'organization' | 'team' | 'otherUser' | 'readOnly';

export interface Answer<T = any> {
  status: number;
  headers: Headers;
  body: T;
}

export interface Client {
  get(path: string): Promise<Answer>;
  post(path: string, body?: unknown): Promise<Answer>;
  patch(path: string, body?: unknown): Promise<Answer>;
  del(path: string, body?: unknown): Promise<Answer>;
  /** Sends a raw string body (for malformed-JSON cases). */
  raw(method: string, path: string, body: string): Promise<Answer>;
}

export interface Harness {
  url: string;
  api: WorkspaceSim;
  org: string;
  as(kind: TokenKind): Client;
  /** A client with an arbitrary Authorization header value (or none). */
  withAuthorization(value: string | null): Client;
  workspace(name: string): Workspace;
  close(): Promise<void>;
}

async function decode(response: Response): Promise<Answer> {
  const text = await response.text();
  let body: unknown = text;
  if (text.length > 0 && (response.headers.get('content-type') ?? '').includes('json')) body = JSON.parse(text);
  return { status: response.status, headers: response.headers, body };
}

function makeClient(base: string, authorization: string | null): Client {
  const send = async (method: string, path: string, body?: string): Promise<Answer> => {
    const headers: Record<string, string> = { 'Content-Type': 'application/vnd.api+json' };
    if (authorization !== null) headers.Authorization = authorization;
    return decode(await fetch(base + path, { method, headers, body }));
  };
  const json = (value: unknown) => (value === undefined ? undefined : JSON.stringify(value));
  return {
    get: (path) => send('GET', path),
    post: (path, body) => send('POST', path, json(body)),
    patch: (path, body) => send('PATCH', path, json(body)),
    del: (path, body) => send('DELETE', path, json(body)),
    raw: (method, path, body) => send(method, path, body),
  };
}

/** Starts a fresh simulator; the rate limit is lifted unless a test asks for the real one. */
export async function startHarness(options: { scale?: 'small' | 'large'; seed?: number; rateLimit?: number } = {}): Promise<Harness> {
  let base = '';
  const api = createWorkspaceApi({ seed: options.seed ?? 7, scale: options.scale ?? 'small', publicUrl: () => base, rateLimit: options.rateLimit ?? 100_000 });
  const server: Server = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    try {
      if (!(await api.handle(req, res, url))) {
        res.writeHead(404, { 'Content-Type': 'application/json' });
        res.end('{"errors":[{"status":"404","title":"not found","detail":"not owned by the workspace API"}]}');
      }
    } catch (error) {
      res.writeHead(500, { 'Content-Type': 'text/plain' });
      res.end(String((error as Error).stack));
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url: base,
    api,
    org: api.organization,
    as: (kind) => makeClient(base, `Bearer ${api.tokens[kind]}`),
    withAuthorization: (value) => makeClient(base, value),
    workspace: (name) => {
      const found = api.store.workspaceNamed(name);
      if (!found) throw new Error(`fixture workspace ${name} missing`);
      return found;
    },
    close: async () => {
      api.close();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** Polls `check` until it returns a value other than undefined (no fixed sleeps as synchronisation). */
export async function eventually<T>(check: () => Promise<T | undefined>, timeoutMs = 5000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

export const md5 = (bytes: Buffer): string => createHash('md5').update(bytes).digest('hex');

/** Raw engine state with `resources` managed null_resource blocks and one output. */
export function rawState(serial: number, lineage: string, resources = 1): Buffer {
  return Buffer.from(
    JSON.stringify({
      version: 4,
      terraform_version: '1.9.8',
      serial,
      lineage,
      outputs: { greeting: { value: 'hello', type: 'string' } },
      resources: Array.from({ length: resources }, (_, i) => ({
        mode: 'managed',
        type: 'null_resource',
        name: `n${i}`,
        provider: 'provider["registry.terraform.io/hashicorp/null"]',
        instances: [{ schema_version: 0, attributes: { id: String(i) } }],
      })),
    }),
  );
}

export function stateVersionBody(raw: Buffer, options: { serial?: number; md5?: string; lineage?: string; inline?: boolean; intermediate?: boolean } = {}) {
  const parsed = JSON.parse(raw.toString('utf8')) as { serial: number; lineage: string };
  const attributes: Record<string, unknown> = { serial: options.serial ?? parsed.serial, md5: options.md5 ?? md5(raw), lineage: options.lineage ?? parsed.lineage };
  if (options.inline !== false) attributes.state = raw.toString('base64');
  if (options.intermediate !== undefined) attributes.intermediate = options.intermediate;
  return { data: { type: 'state-versions', attributes } };
}

/** JSON:API error object check used by every error-case assertion. */
export function expectError(answer: Answer, status: number): string {
  if (answer.status !== status) throw new Error(`expected ${status}, got ${answer.status}: ${JSON.stringify(answer.body)}`);
  const error = answer.body?.errors?.[0];
  if (!error || error.status !== String(status) || typeof error.title !== 'string' || typeof error.detail !== 'string') {
    throw new Error(`not a JSON:API error object: ${JSON.stringify(answer.body)}`);
  }
  return error.detail as string;
}
