// The request core of the cluster client: token per request, namespace and region, blocking queries, pagination,
// retries with capped backoff for idempotent reads, and typed errors. Endpoint methods live in the files that extend it.
import { HostError } from '../../host/host-error';
import { HttpTransport, type HttpRequest, type HttpResponse, type StreamResponse, type TlsFiles } from '../http/transport';
import { errorForStatus, type CallContext, type ClusterEndpoint } from './errors';

export interface RetryPolicy {
  /** Retries of a GET after a 5xx or a network failure. */
  maxRetries: number;
  /** Retries of a GET after 429; then the call fails with `rate_limited`. */
  maxRateLimitRetries: number;
  baseDelayMs: number;
  maxDelayMs: number;
  /** A longer Retry-After is not waited for: the call fails at once and says when to retry. */
  maxRetryAfterMs: number;
  /** Source of jitter (0..1); replaceable so tests can pin it. */
  random: () => number;
}

export const DEFAULT_RETRY: RetryPolicy = { maxRetries: 3, maxRateLimitRetries: 3, baseDelayMs: 200, maxDelayMs: 5_000, maxRetryAfterMs: 30_000, random: Math.random };

export interface ClusterClientOptions {
  /** Base address such as `https://cluster.example:4646`; paths carry `/v1` themselves. */
  address: string;
  region?: string;
  /** Default namespace; each call may override it, `*` meaning all the token may read. */
  namespace: string;
  tls: TlsFiles;
  /** Read from the keychain on every request so the client never holds the token in a field. */
  token: () => Promise<string | null>;
  retry?: Partial<RetryPolicy>;
  /** Default timeout of a non-blocking request. */
  timeoutMs?: number;
}

export interface ReadOptions {
  /** Overrides the client's namespace; `*` selects every namespace the token may read. */
  namespace?: string;
  signal?: AbortSignal;
}

/** Blocking query parameters (design.md, Live data): the answer waits until the index passes `index` or `waitMs` runs out. */
export interface BlockingOptions extends ReadOptions {
  index?: number;
  waitMs?: number;
}

/** A read's value with the index from `X-Cluster-Index`, to pass back as `index` for the next blocking query. */
export interface Indexed<T> {
  value: T;
  index: number;
}

export interface Page<T> extends Indexed<T[]> {
  /** Token for the next page, from `X-Cluster-NextToken`; null on the last page. */
  nextToken: string | null;
}

type QueryValue = string | number | boolean | string[] | undefined;
export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

export interface Call {
  endpoint: ClusterEndpoint;
  method: Method;
  path: string;
  query?: Record<string, QueryValue>;
  body?: unknown;
  /** `false` for cluster-wide resources (nodes, single allocations); otherwise the namespace override. */
  namespace?: string | false;
  target?: string;
  acl?: string;
  blocking?: BlockingOptions;
  signal?: AbortSignal;
}

export interface Answer {
  value: unknown;
  index: number;
  nextToken: string | null;
  status: number;
}

/** The server waits up to wait + wait/16 before answering a blocking query; the socket must outlast that. */
const DEFAULT_BLOCKING_WAIT_MS = 5 * 60_000;
const BLOCKING_MARGIN_MS = 10_000;
const RETRYABLE_5XX = new Set([500, 502, 503, 504]);

export function headerOf(response: { headers: HttpResponse['headers'] }, name: string): string | undefined {
  const value = response.headers[name.toLowerCase()];
  return Array.isArray(value) ? value[0] : value;
}

/** Retry-After in seconds or as an HTTP date; undefined when absent or unreadable. */
export function retryAfterMs(response: HttpResponse, now = Date.now()): number | undefined {
  const raw = headerOf(response, 'Retry-After');
  if (!raw) return undefined;
  const seconds = Number(raw);
  if (Number.isFinite(seconds) && seconds >= 0) return seconds * 1000;
  const date = Date.parse(raw);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal!.reason);
    };
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

/** Sends Go-style durations the server parses (`10s`, `250ms`). */
function waitParam(ms: number): string {
  return ms % 1000 === 0 ? `${ms / 1000}s` : `${Math.max(1, Math.round(ms))}ms`;
}

export class ClusterCore {
  protected readonly transport: HttpTransport;
  readonly namespace: string;
  readonly region: string | undefined;
  protected readonly retry: RetryPolicy;
  private readonly timeoutMs: number;
  readonly #token: () => Promise<string | null>;

  constructor(options: ClusterClientOptions) {
    this.transport = new HttpTransport(options.address, options.tls);
    this.namespace = options.namespace || 'default';
    this.region = options.region || undefined;
    this.retry = { ...DEFAULT_RETRY, ...options.retry };
    this.timeoutMs = options.timeoutMs ?? 15_000;
    this.#token = options.token;
  }

  /** Origin of the cluster for messages; never carries credentials. */
  get label(): string {
    return this.transport.label;
  }

  close(): void {
    this.transport.close();
  }

  protected namespaceOf(call: Pick<Call, 'namespace'>): string | undefined {
    if (call.namespace === false) return undefined;
    return call.namespace || this.namespace;
  }

  protected context(call: Call): CallContext {
    return { endpoint: call.endpoint, acl: call.acl, target: call.target, namespace: this.namespaceOf(call), cluster: this.label };
  }

  private async token(): Promise<string | null> {
    try {
      return await this.#token();
    } catch (error) {
      if (error instanceof HostError) throw error;
      throw new HostError('unauthorized', `Could not read this cluster's token from the OS keychain: ${(error as Error)?.message ?? 'unknown error'}. Unlock the keychain, or set the token again.`, { cause: error });
    }
  }

  protected async buildRequest(call: Call): Promise<{ request: HttpRequest; token: string | null }> {
    const token = await this.token();
    const headers: Record<string, string> = {};
    if (token) headers['X-Cluster-Token'] = token;
    let body: string | undefined;
    if (call.body !== undefined) {
      body = JSON.stringify(call.body);
      headers['Content-Type'] = 'application/json';
    }
    const query: Record<string, QueryValue> = { ...call.query, namespace: this.namespaceOf(call), region: this.region };
    let timeoutMs = this.timeoutMs;
    const blocking = call.blocking;
    if (blocking?.index !== undefined && blocking.index > 0) {
      const wait = blocking.waitMs ?? DEFAULT_BLOCKING_WAIT_MS;
      query.index = blocking.index;
      if (blocking.waitMs !== undefined) query.wait = waitParam(blocking.waitMs);
      timeoutMs = wait + wait / 16 + BLOCKING_MARGIN_MS;
    }
    return { request: { method: call.method, path: call.path, query, headers, body, timeoutMs, signal: call.signal ?? blocking?.signal }, token };
  }

  private backoffMs(attempt: number): number {
    const capped = Math.min(this.retry.maxDelayMs, this.retry.baseDelayMs * 2 ** attempt);
    return Math.round(capped / 2 + (capped / 2) * this.retry.random()); // "equal jitter": spread retries, keep a floor
  }

  /** Sends a call and returns the decoded JSON body; retries only GETs, since a repeated write could apply twice. */
  protected async send(call: Call): Promise<Answer> {
    const ctx = this.context(call);
    const idempotent = call.method === 'GET';
    let failures = 0;
    let rateLimited = 0;
    for (;;) {
      const { request, token } = await this.buildRequest(call);
      let response: HttpResponse;
      try {
        response = await this.transport.request(request);
      } catch (error) {
        const hostError = error instanceof HostError ? error : new HostError('unreachable', String(error), { cause: error });
        const transient = hostError.code === 'unreachable' || hostError.code === 'timeout';
        if (idempotent && transient && !request.signal?.aborted && failures < this.retry.maxRetries) {
          await sleep(this.backoffMs(failures++), request.signal);
          continue;
        }
        throw this.wrapNetworkError(hostError, ctx);
      }
      if (response.status >= 200 && response.status < 300) return this.answer(response, ctx);
      if (response.status === 429) {
        const wait = retryAfterMs(response);
        if (idempotent && rateLimited < this.retry.maxRateLimitRetries && (wait ?? 0) <= this.retry.maxRetryAfterMs) {
          await sleep(wait ?? this.backoffMs(rateLimited), request.signal);
          rateLimited++;
          continue;
        }
        throw errorForStatus(response, ctx, token, wait);
      }
      if (idempotent && RETRYABLE_5XX.has(response.status) && failures < this.retry.maxRetries) {
        await sleep(this.backoffMs(failures++), request.signal);
        continue;
      }
      throw errorForStatus(response, ctx, token);
    }
  }

  private wrapNetworkError(error: HostError, ctx: CallContext): HostError {
    const what = ctx.target ? ` (${ctx.target})` : '';
    return new HostError(error.code, `Request failed${what}: ${error.message}`, { status: error.status, detail: error.detail, details: error.details, cause: error });
  }

  private answer(response: HttpResponse, ctx: CallContext): Answer {
    const text = response.body.toString('utf8');
    let value: unknown = null;
    if (text.trim() !== '') {
      try {
        value = JSON.parse(text);
      } catch {
        throw new HostError('internal', `The cluster answered with an unexpected shape for ${ctx.endpoint}: the body is not JSON. Check that the address points at the cluster API, not a proxy page.`, { status: response.status });
      }
    }
    const rawIndex = Number(headerOf(response, 'X-Cluster-Index'));
    const nextToken = headerOf(response, 'X-Cluster-NextToken');
    return { value, index: Number.isInteger(rawIndex) && rawIndex >= 0 ? rawIndex : 0, nextToken: nextToken ? nextToken : null, status: response.status };
  }

  /** A read: the decoded value with the index the server reported. */
  protected async read<T>(call: Call, decodeValue: (value: unknown) => T): Promise<Indexed<T>> {
    const answer = await this.send(call);
    return { value: decodeValue(answer.value), index: answer.index };
  }

  /** Opens a streaming GET; a refusal is read (bounded) and mapped like any other error. */
  protected async openStreaming(call: Call): Promise<StreamResponse> {
    const ctx = this.context(call);
    const { request, token } = await this.buildRequest(call);
    let stream: StreamResponse;
    try {
      stream = await this.transport.open(request);
    } catch (error) {
      throw this.wrapNetworkError(error instanceof HostError ? error : new HostError('unreachable', String(error), { cause: error }), ctx);
    }
    if (stream.status >= 200 && stream.status < 300) return stream;
    const chunks: Buffer[] = [];
    let size = 0;
    try {
      for await (const chunk of stream.body) {
        chunks.push(chunk as Buffer);
        size += (chunk as Buffer).length;
        if (size > 64 * 1024) break;
      }
    } catch {
      // the error body is a courtesy; the status alone still says what happened
    }
    stream.body.destroy();
    const response: HttpResponse = { status: stream.status, headers: stream.headers, body: Buffer.concat(chunks) };
    throw errorForStatus(response, ctx, token, stream.status === 429 ? retryAfterMs(response) : undefined);
  }

  /** Follows `X-Cluster-NextToken` until the last page (cluster-api.md, GET /v1/jobs `next_token`). */
  protected async *pages<T>(fetchPage: (nextToken: string | undefined) => Promise<Page<T>>): AsyncGenerator<Page<T>, void, undefined> {
    const seen = new Set<string>();
    let nextToken: string | undefined;
    for (;;) {
      const page = await fetchPage(nextToken);
      yield page;
      if (!page.nextToken) return;
      if (seen.has(page.nextToken)) {
        throw new HostError('internal', `The cluster returned the same page token twice ("${page.nextToken}"); stopped paging to avoid a loop. Report it to the cluster operators.`);
      }
      seen.add(page.nextToken);
      nextToken = page.nextToken;
    }
  }
}

/** A path segment from an ID or name; an empty one would silently address the collection instead. */
export function segment(value: string, what: string): string {
  if (typeof value !== 'string' || value.trim() === '') throw new HostError('invalid_input', `The ${what} is empty; choose one and try again.`);
  return encodeURIComponent(value);
}
