// The request core of the workspace API client: base URL with `/api/v2`, Bearer token fetched per request,
// JSON:API media type, the per-token rate limit with a client-wide pause on 429, response validation and errors.
import { createHash } from 'node:crypto';
import type { z } from 'zod';
import { HostError } from '../../host/host-error';
import { HttpTransport, type HttpRequest, type StreamResponse, type TlsFiles } from '../http/transport';
import { errorFromResponse, unexpectedShape, type ErrorContext } from './errors';
import { hintedDelayMs, retryDelayMs, sharedBucket, systemClock, TokenBucket, type Clock } from './rate-limiter';

export const MEDIA_TYPE = 'application/vnd.api+json';
export const API_PREFIX = '/api/v2';

export type TokenKind = 'user' | 'team' | 'organization';

export interface WorkspaceClientOptions {
  /** Service address such as `https://app.example.io`; `/api/v2` is added here (a trailing `/api/v2` is tolerated). */
  baseUrl: string;
  organization: string;
  /** Read from the keychain on every request, so a replaced token takes effect at once and is never cached here. */
  token: () => Promise<string | null>;
  tls?: TlsFiles;
  /** The token kind when the connection knows it; used only to word refusals. */
  tokenKind?: TokenKind;
  /** Default: one bucket shared by every client using the same service and token. */
  bucket?: TokenBucket;
  clock?: Clock;
  /** How many 429 answers one request waits out before giving up (default 6). */
  maxRateLimitRetries?: number;
  timeoutMs?: number;
}

export type Query = HttpRequest['query'];

export interface ApiRequest extends ErrorContext {
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE';
  /** Relative to `/api/v2`, e.g. `/workspaces/ws-123`. */
  path: string;
  query?: Query;
  /** Serialized as JSON; undefined sends no body. */
  body?: unknown;
  signal?: AbortSignal;
}

export interface ApiResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  /** Parsed JSON, or null for an empty answer (204). */
  json: unknown;
}

/** Counters a test or a status bar can read; they never hold request contents. */
export interface ClientStats {
  requests: number;
  rateLimited: number;
}

const seg = (value: string): string => encodeURIComponent(value);

export class ApiCore {
  readonly organization: string;
  readonly tokenKind?: TokenKind;
  readonly stats: ClientStats = { requests: 0, rateLimited: 0 };
  readonly clock: Clock;
  private readonly transport: HttpTransport;
  private readonly capabilityTransports = new Map<string, HttpTransport>();

  constructor(private readonly options: WorkspaceClientOptions) {
    this.organization = options.organization;
    this.tokenKind = options.tokenKind;
    this.clock = options.clock ?? systemClock;
    const root = options.baseUrl.replace(/\/+$/, '').replace(/\/api\/v2$/, '');
    this.transport = new HttpTransport(`${root}${API_PREFIX}/`, options.tls ?? {});
  }

  get label(): string {
    return this.transport.label;
  }

  /** `/organizations/<org>` with the name encoded once. */
  orgPath(rest = ''): string {
    return `/organizations/${seg(this.organization)}${rest}`;
  }

  private async bearer(what: string): Promise<string> {
    const token = await this.options.token();
    if (!token) throw new HostError('unauthorized', `${what} failed: no token is set for this organization connection. Set one in the connection's settings.`);
    return token;
  }

  private bucketFor(token: string): TokenBucket {
    if (this.options.bucket) return this.options.bucket;
    // Keyed by a hash of service and token: the token itself is never kept as a map key.
    const key = createHash('sha256').update(`${this.transport.baseUrl.origin}\n${token}`).digest('hex');
    return sharedBucket(key, () => new TokenBucket({ clock: this.clock }));
  }

  /** Sends one request; waits out 429s by pausing the whole bucket, then throws HostError for any other failure. */
  async request(req: ApiRequest): Promise<ApiResponse> {
    const token = await this.bearer(req.what);
    const bucket = this.bucketFor(token);
    const maxRetries = this.options.maxRateLimitRetries ?? 6;
    const body = req.body === undefined ? undefined : Buffer.from(JSON.stringify(req.body));
    let resets = 0;
    for (let attempt = 0; ; attempt++) {
      await bucket.take(req.signal);
      this.stats.requests++;
      const headers: Record<string, string> = { Authorization: `Bearer ${token}`, 'Content-Type': MEDIA_TYPE, Accept: MEDIA_TYPE };
      // Node sends a DELETE body neither chunked nor sized unless told its length (DELETE relationship bodies).
      if (body !== undefined) headers['Content-Length'] = String(body.length);
      let response;
      try {
        response = await this.transport.request({
          method: req.method,
          path: req.path.replace(/^\//, ''),
          query: req.query,
          headers,
          body,
          timeoutMs: this.options.timeoutMs,
          signal: req.signal,
        });
      } catch (error) {
        // A reused keep-alive socket that the server closed meanwhile fails with ECONNRESET/EPIPE before any answer;
        // a read is safe to send again (writes never are: they could act twice).
        if (req.method === 'GET' && resets < MAX_RESET_RETRIES && isConnectionReset(error)) {
          resets++;
          continue;
        }
        throw error;
      }
      const announced = Number(firstHeader(response.headers, 'x-ratelimit-limit'));
      if (Number.isInteger(announced)) bucket.adaptTo(announced);
      const json = parseJson(response.body);
      if (response.status === 429) {
        this.stats.rateLimited++;
        if (attempt < maxRetries) {
          // Pause everyone sharing the token until the window resets; a small margin absorbs clock skew.
          bucket.pauseUntil(this.clock.now() + retryDelayMs(response.headers, this.clock.now()) + 25);
          continue;
        }
      }
      if (response.status >= 400) {
        const hinted = response.status === 429 || response.status === 503 ? (hintedDelayMs(response.headers, this.clock.now()) ?? undefined) : undefined;
        throw errorFromResponse(response.status, json, req, hinted);
      }
      if (json === undefined) throw unexpectedShape(req.what, 'the answer is not JSON');
      return { status: response.status, headers: response.headers, json };
    }
  }

  /** A request whose answer must match `schema`. */
  async document<S extends z.ZodType>(req: ApiRequest, schema: S): Promise<z.infer<S>> {
    const response = await this.request(req);
    return validate(schema, response.json, req.what);
  }

  /**
   * Opens a capability URL (state upload or download): no Authorization header, since the URL itself is the
   * credential (workspace-api.md, State versions: Upload). It may live on another host than the API.
   */
  openCapability(url: string, init: { method: 'GET' | 'PUT'; body?: Buffer; headers?: Record<string, string>; signal?: AbortSignal }): Promise<StreamResponse> {
    const target = new URL(url);
    let transport = this.capabilityTransports.get(target.origin);
    if (!transport) {
      transport = new HttpTransport(`${target.origin}/`, this.options.tls ?? {});
      this.capabilityTransports.set(target.origin, transport);
    }
    return transport.open({
      method: init.method,
      path: `${target.pathname}${target.search}`,
      // Object stores want a sized upload rather than a chunked one.
      headers: { Accept: '*/*', ...(init.body ? { 'Content-Length': String(init.body.length) } : {}), ...init.headers },
      body: init.body,
      timeoutMs: this.options.timeoutMs,
      signal: init.signal,
    });
  }

  close(): void {
    this.transport.close();
    for (const transport of this.capabilityTransports.values()) transport.close();
    this.capabilityTransports.clear();
  }
}

/** Reads retried after a connection reset: enough for a keep-alive race, not enough to hide a dead server. */
const MAX_RESET_RETRIES = 2;

function isConnectionReset(error: unknown): boolean {
  return error instanceof HostError && error.code === 'unreachable' && (error.detail === 'ECONNRESET' || error.detail === 'EPIPE');
}

function firstHeader(headers: Record<string, string | string[] | undefined>, name: string): string | undefined {
  const value = headers[name];
  return Array.isArray(value) ? value[0] : value;
}

/** undefined when the body is not JSON; null when empty (204). */
function parseJson(body: Buffer): unknown {
  if (body.length === 0) return null;
  try {
    return JSON.parse(body.toString('utf8'));
  } catch {
    return undefined;
  }
}

export function validate<S extends z.ZodType>(schema: S, value: unknown, what: string): z.infer<S> {
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  throw unexpectedShape(what, issue ? `${issue.path.join('.') || '(root)'}: ${issue.message}` : 'invalid document');
}

export { seg };
