// Raw HTTP and WebSocket clients for browser-mode server tests: they set Host, Origin and Cookie exactly as a
// hostile page or process could. Tests only.
import { request } from 'node:http';
import { WebSocket } from 'ws';

export interface RawResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

export function rawGet(port: number, path: string, headers: Record<string, string> = {}, host = '127.0.0.1'): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const req = request({ host, port, path, method: 'GET', headers: { Host: `127.0.0.1:${port}`, ...headers } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString('utf8') }));
    });
    req.on('error', reject);
    req.end();
  });
}

export type UpgradeOutcome = { socket: WebSocket } | { status: number };

/** Opens a WebSocket with exactly the given headers; resolves the refusal status instead of throwing. */
export function openSocket(port: number, opts: { path?: string; headers?: Record<string, string> } = {}): Promise<UpgradeOutcome> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(`ws://127.0.0.1:${port}${opts.path ?? '/__qd/ws'}`, { headers: opts.headers });
    socket.once('open', () => resolve({ socket }));
    socket.once('unexpected-response', (_req, res) => {
      resolve({ status: res.statusCode ?? 0 });
      socket.terminate();
    });
    socket.once('error', (error) => reject(error));
  });
}

/** Collects every JSON message of a socket, and waits for one matching a predicate (no sleeps). */
export function messageLog(socket: WebSocket) {
  const messages: Array<Record<string, unknown>> = [];
  const waiters: Array<{ match: (m: Record<string, unknown>) => boolean; resolve: (m: Record<string, unknown>) => void }> = [];
  socket.on('message', (data) => {
    const message = JSON.parse(data.toString()) as Record<string, unknown>;
    messages.push(message);
    for (const waiter of [...waiters]) {
      if (waiter.match(message)) {
        waiters.splice(waiters.indexOf(waiter), 1);
        waiter.resolve(message);
      }
    }
  });
  return {
    messages,
    next(match: (m: Record<string, unknown>) => boolean): Promise<Record<string, unknown>> {
      const found = messages.find(match);
      if (found) return Promise.resolve(found);
      return new Promise((resolve) => waiters.push({ match, resolve }));
    },
  };
}

export function closed(socket: WebSocket): Promise<void> {
  if (socket.readyState === socket.CLOSED) return Promise.resolve();
  return new Promise((resolve) => socket.once('close', () => resolve()));
}
