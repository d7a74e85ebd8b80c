// The keep-alive race: a server that has dropped an idle connection resets the next request sent on it. The transport
// sends that request again on a fresh socket, once, and only when the reset came on a reused socket.
import { createServer, type Server } from 'node:http';
import type { Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { HostError } from '../../host/host-error';
import { HttpTransport } from './transport';

let server: Server | null = null;
let transport: HttpTransport | null = null;

afterEach(async () => {
  transport?.close();
  await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  server = null;
  transport = null;
});

/** A server whose `drop(n)` decides, per connection's n-th request (0-based), to reset instead of answering. */
async function serve(drop: (requestOnConnection: number) => boolean): Promise<{ url: string; answered: string[] }> {
  const answered: string[] = [];
  const counts = new WeakMap<Socket, number>();
  server = createServer((req, res) => {
    const n = counts.get(req.socket) ?? 0;
    counts.set(req.socket, n + 1);
    if (drop(n)) {
      req.socket.resetAndDestroy();
      return;
    }
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    req.on('end', () => {
      answered.push(`${req.method} ${body}`);
      res.writeHead(200, { 'Content-Type': 'application/json' });
      res.end('{"ok":true}');
    });
  });
  // No Keep-Alive timeout hint, as some servers and proxies send none.
  server.keepAliveTimeout = 60_000;
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as { port: number }).port}`, answered };
}

describe('HttpTransport and stale kept-alive sockets', () => {
  it('sends a POST again on a fresh socket when the reused one was reset, and the server sees it once', async () => {
    const { url, answered } = await serve((n) => n === 1); // the second request on a kept-alive connection is reset
    transport = new HttpTransport(url);
    expect((await transport.request({ method: 'GET', path: '/warm' })).status).toBe(200);
    const answer = await transport.request({ method: 'POST', path: '/act', body: 'register' });
    expect(answer.status).toBe(200);
    expect(answered).toEqual(['GET ', 'POST register']);
  });

  it('does not retry a reset on a fresh socket: that server really refused the request', async () => {
    const { url, answered } = await serve(() => true);
    transport = new HttpTransport(url);
    const failure = await transport.request({ method: 'POST', path: '/act', body: 'x' }).then(
      () => null,
      (error: unknown) => error,
    );
    expect(failure).toBeInstanceOf(HostError);
    expect((failure as HostError).code).toBe('unreachable');
    expect(answered).toEqual([]);
  });
});
