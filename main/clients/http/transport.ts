// Real HTTP(S) over TCP with per-connection TLS (CA, mTLS, skip-verify), keep-alive, timeouts and cancellation.
// Both API clients and the connection tester go through here; it knows nothing of either API's shapes.
import http, { type IncomingMessage } from 'node:http';
import https from 'node:https';
import { readFileSync } from 'node:fs';
import { HostError } from '../../host/host-error';
import { classifyNetworkError } from './network-errors';

export interface TlsFiles {
  caFile?: string;
  clientCertFile?: string;
  clientKeyFile?: string;
  skipVerify?: boolean;
}

export interface HttpRequest {
  method: string;
  /** Path (and optional query) appended to the base URL, e.g. `/v1/jobs`. */
  path: string;
  query?: Record<string, string | number | boolean | string[] | undefined>;
  headers?: Record<string, string>;
  body?: string | Buffer;
  timeoutMs?: number;
  signal?: AbortSignal;
}

export interface HttpResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

export interface StreamResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: IncomingMessage;
}

const DEFAULT_TIMEOUT_MS = 15_000;
const MAX_RESPONSE_BYTES = 256 * 1024 * 1024;

function readTlsFile(path: string | undefined, what: string): Buffer | undefined {
  if (!path) return undefined;
  try {
    return readFileSync(path);
  } catch (error) {
    throw new HostError('tls', `Cannot read the ${what} file ${path}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}. Fix the path in the connection's TLS settings.`);
  }
}

export class HttpTransport {
  readonly baseUrl: URL;
  private readonly agent: http.Agent;
  /** Same TLS settings, no keep-alive: for the one retry after a stale kept-alive socket. */
  private readonly oneShotAgent: http.Agent;

  constructor(baseUrl: string, tls: TlsFiles = {}, private readonly userAgent = 'Quarterdeck') {
    this.baseUrl = new URL(baseUrl.endsWith('/') ? baseUrl : `${baseUrl}/`);
    if (this.baseUrl.protocol === 'https:') {
      if (!!tls.clientCertFile !== !!tls.clientKeyFile) {
        throw new HostError('invalid_input', 'Mutual TLS needs both a client certificate and its key; set both files or neither.');
      }
      const tlsOptions = {
        ca: readTlsFile(tls.caFile, 'CA certificate'),
        cert: readTlsFile(tls.clientCertFile, 'client certificate'),
        key: readTlsFile(tls.clientKeyFile, 'client key'),
        rejectUnauthorized: !tls.skipVerify,
      };
      this.agent = new https.Agent({ keepAlive: true, maxSockets: 16, ...tlsOptions });
      this.oneShotAgent = new https.Agent({ keepAlive: false, ...tlsOptions });
    } else {
      this.agent = new http.Agent({ keepAlive: true, maxSockets: 16 });
      this.oneShotAgent = new http.Agent({ keepAlive: false });
    }
  }

  get isTls(): boolean {
    return this.baseUrl.protocol === 'https:';
  }

  /** The origin shown in messages: never includes a token (tokens travel in headers). */
  get label(): string {
    return this.baseUrl.origin;
  }

  urlFor(path: string, query?: HttpRequest['query']): URL {
    const url = new URL(path.replace(/^\//, ''), this.baseUrl);
    for (const [key, value] of Object.entries(query ?? {})) {
      if (value === undefined) continue;
      if (Array.isArray(value)) for (const item of value) url.searchParams.append(key, item);
      else url.searchParams.set(key, String(value));
    }
    return url;
  }

  async request(req: HttpRequest): Promise<HttpResponse> {
    const { status, headers, body } = await this.open(req);
    const chunks: Buffer[] = [];
    let size = 0;
    try {
      for await (const chunk of body) {
        size += (chunk as Buffer).length;
        if (size > MAX_RESPONSE_BYTES) {
          body.destroy();
          throw new HostError('internal', `The answer from ${this.label} is larger than ${MAX_RESPONSE_BYTES} bytes; refusing to buffer it.`);
        }
        chunks.push(chunk as Buffer);
      }
    } catch (error) {
      throw classifyNetworkError(error, this.label);
    }
    return { status, headers, body: Buffer.concat(chunks) };
  }

  /**
   * Opens a request and hands back the live body, for NDJSON streams and downloads.
   * A request that died with ECONNRESET on a reused keep-alive socket before any answer is sent once more on a fresh
   * socket, whatever its method: the server had closed the idle connection, so it never saw the request (Node's
   * documented keep-alive race, `request.reusedSocket`). A loaded event loop makes the idle timer fire late enough
   * for this to happen in practice.
   */
  async open(req: HttpRequest): Promise<StreamResponse> {
    try {
      return await this.openOnce(req);
    } catch (error) {
      if (error instanceof StaleSocketError) return this.openOnce(req, true);
      throw error;
    }
  }

  private openOnce(req: HttpRequest, freshSocket = false): Promise<StreamResponse> {
    const url = this.urlFor(req.path, req.query);
    const transport = url.protocol === 'https:' ? https : http;
    const timeoutMs = req.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    return new Promise((resolve, reject) => {
      const request = transport.request(
        url,
        {
          method: req.method,
          // A fresh socket for the retry after a stale one; the pool's sockets may all be equally stale.
          agent: freshSocket ? this.oneShotAgent : this.agent,
          // An explicit length: Node sends a DELETE body with neither Content-Length nor chunking, which servers drop.
          headers: {
            'User-Agent': this.userAgent,
            Accept: 'application/json',
            ...(req.body !== undefined ? { 'Content-Length': String(Buffer.byteLength(req.body)) } : {}),
            ...req.headers,
          },
          signal: req.signal,
        },
        (response) => {
          request.setTimeout(0); // the response arrived; streams may now stay quiet between frames
          resolve({ status: response.statusCode ?? 0, headers: response.headers, body: response });
        },
      );
      request.setTimeout(timeoutMs, () => {
        const error = Object.assign(new Error('timed out'), { code: 'ETIMEDOUT' });
        request.destroy(error);
      });
      request.on('error', (error) => {
        const code = (error as NodeJS.ErrnoException).code;
        if (!freshSocket && request.reusedSocket && (code === 'ECONNRESET' || code === 'EPIPE')) reject(new StaleSocketError());
        else reject(classifyNetworkError(error, this.label));
      });
      if (req.body !== undefined) request.end(req.body);
      else request.end();
    });
  }

  close(): void {
    this.agent.destroy();
    this.oneShotAgent.destroy();
  }
}

/** The kept-alive socket a request went out on had been closed by the server; see HttpTransport.open. */
class StaleSocketError extends Error {}
