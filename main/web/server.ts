// Browser mode: serves the built renderer and the bridge over HTTP + WebSocket on 127.0.0.1 only, behind a
// random token, our own Host header and our own Origin (design.md, security invariant 5).
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Duplex } from 'node:stream';
import { readFile } from 'node:fs/promises';
import { WebSocketServer } from 'ws';
import type { HostApi } from '../host/session';
import {
  LOOPBACK,
  hasOwnHost,
  hasOwnOrigin,
  hasSessionCookie,
  hasTokenParam,
  newAccessToken,
  ownHosts,
  sessionCookie,
} from './access';
import { browserBridgeScript } from './bridge-script';
import { MAX_MESSAGE_BYTES, attachBridgeSocket } from './bridge-socket';
import { contentSecurityPolicy } from './content-security-policy';
import { BRIDGE_SCRIPT_PATH, contentTypeOf, readIndexHtml, resolveRendererFile } from './renderer-files';

export const SOCKET_PATH = '/__qd/ws';

export interface WebServerOptions {
  host: HostApi;
  /** The built renderer, normally out/renderer. */
  rendererDir: string;
  /** 0 (the default) picks a free port. */
  port?: number;
  /** Fixed token for tests; otherwise 32 random bytes. */
  token?: string;
  /** Source of /__qd/bridge.js; defaults to bundling browser-bridge-entry.ts. */
  bridgeScript?: () => Promise<string>;
}

export interface WebServer {
  /** The address to open, token included. */
  url: string;
  port: number;
  token: string;
  close(): Promise<void>;
}

const COMMON_HEADERS = {
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'no-referrer',
  'X-Frame-Options': 'DENY',
  'Cross-Origin-Resource-Policy': 'same-origin',
  'Cross-Origin-Opener-Policy': 'same-origin',
};

function reply(res: ServerResponse, status: number, body: string, headers: Record<string, string> = {}): void {
  res.writeHead(status, { ...COMMON_HEADERS, 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store', ...headers });
  res.end(res.req.method === 'HEAD' ? undefined : body);
}

/** Refuses a WebSocket handshake with a plain HTTP status, before any upgrade happens. */
function refuseUpgrade(socket: Duplex, status: 401 | 403 | 404, text: string): void {
  socket.end(`HTTP/1.1 ${status} ${text}\r\nConnection: close\r\nContent-Type: text/plain\r\nContent-Length: ${text.length}\r\n\r\n${text}`);
}

function isPageRequest(path: string): boolean {
  return path === '/' || path === '/index.html';
}

export async function startWebServer(opts: WebServerOptions): Promise<WebServer> {
  const token = opts.token ?? newAccessToken();
  const bridgeScript = opts.bridgeScript ?? browserBridgeScript;
  const wss = new WebSocketServer({ noServer: true, maxPayload: MAX_MESSAGE_BYTES });
  let port = 0;

  const handle = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    // A page on evil.example whose name resolves to 127.0.0.1 sends its own Host: refuse it (DNS rebinding).
    if (!hasOwnHost(req, port)) return reply(res, 403, 'Forbidden: unknown Host header.');
    if (req.method !== 'GET' && req.method !== 'HEAD') return reply(res, 405, 'Method not allowed.', { Allow: 'GET, HEAD' });
    const url = new URL(req.url ?? '/', `http://${LOOPBACK}:${port}`);
    const byToken = hasTokenParam(url, token);
    const byCookie = hasSessionCookie(req, port, token);

    if (isPageRequest(url.pathname)) {
      // The printed link carries the token; a reload (token already stripped from the address) uses the cookie.
      if (!byToken && !byCookie) return reply(res, 401, 'Unauthorized: open the link printed by `npm run web`, token included.');
      const html = await readIndexHtml(opts.rendererDir);
      const connect = ownHosts(port).map((host) => `ws://${host}`);
      return reply(res, 200, html, {
        'Content-Type': 'text/html; charset=utf-8',
        'Content-Security-Policy': contentSecurityPolicy({ connect }),
        'Set-Cookie': sessionCookie(port, token),
      });
    }
    if (!byCookie) return reply(res, 401, 'Unauthorized.');
    if (url.pathname === BRIDGE_SCRIPT_PATH) {
      return reply(res, 200, await bridgeScript(), { 'Content-Type': 'text/javascript; charset=utf-8' });
    }
    const file = await resolveRendererFile(opts.rendererDir, url.pathname);
    if (!file) {
      // Browsers ask for a favicon on their own; without one in the build, answer "nothing" instead of an error.
      if (url.pathname === '/favicon.ico') return reply(res, 204, '');
      return reply(res, 404, 'Not found.');
    }
    const body = await readFile(file);
    res.writeHead(200, { ...COMMON_HEADERS, 'Content-Type': contentTypeOf(file), 'Cache-Control': 'no-cache' });
    res.end(req.method === 'HEAD' ? undefined : body);
  };

  const server = createServer((req, res) => {
    handle(req, res).catch(() => {
      if (!res.headersSent) reply(res, 500, 'The browser-mode server failed to read the renderer build. Run `npm run build`.');
      else res.destroy();
    });
  });

  server.on('upgrade', (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    socket.on('error', () => undefined);
    const url = new URL(req.url ?? '/', `http://${LOOPBACK}:${port}`);
    if (url.pathname !== SOCKET_PATH) return refuseUpgrade(socket, 404, 'Not Found');
    if (!hasOwnHost(req, port)) return refuseUpgrade(socket, 403, 'Forbidden');
    // Browsers let any page open a WebSocket to 127.0.0.1; only our own page's Origin may (design.md, invariant 5).
    if (!hasOwnOrigin(req, port)) return refuseUpgrade(socket, 403, 'Forbidden');
    if (!hasSessionCookie(req, port, token) && !hasTokenParam(url, token)) return refuseUpgrade(socket, 401, 'Unauthorized');
    wss.handleUpgrade(req, socket, head, (ws) => attachBridgeSocket(ws, opts.host));
  });

  await new Promise<void>((resolveListen, reject) => {
    server.once('error', reject);
    server.listen(opts.port ?? 0, LOOPBACK, () => {
      server.off('error', reject);
      resolveListen();
    });
  });
  port = (server.address() as AddressInfo).port;

  return {
    url: `http://${LOOPBACK}:${port}/?token=${token}`,
    port,
    token,
    async close() {
      for (const client of wss.clients) client.terminate();
      wss.close();
      await new Promise<void>((done) => {
        server.close(() => done());
        server.closeAllConnections();
      });
    },
  };
}
