// Browser mode over real HTTP and WebSocket on 127.0.0.1 with a fake host (design.md, security invariant 5).
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { networkInterfaces, tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { WebSocket } from 'ws';
import { sessionCookieName } from './access';
import { startWebServer, type WebServer } from './server';
import { FakeHost } from './testing/fake-host';
import { closed, messageLog, openSocket, rawGet, type UpgradeOutcome } from './testing/http-client';

const TOKEN = 'test-token-0123456789abcdefghijklmnopqrstuvwxyz';
const INDEX = `<!doctype html>
<html><head><meta charset="UTF-8" /><meta http-equiv="Content-Security-Policy" content="default-src 'self'">
<script type="module" crossorigin src="./assets/index-abc.js"></script></head><body><div id="app"></div></body></html>`;

let rendererDir: string;
let host: FakeHost;
let server: WebServer;
const sockets: WebSocket[] = [];

beforeEach(async () => {
  rendererDir = mkdtempSync(join(tmpdir(), 'qd-renderer-'));
  mkdirSync(join(rendererDir, 'assets'));
  writeFileSync(join(rendererDir, 'index.html'), INDEX);
  writeFileSync(join(rendererDir, 'assets', 'index-abc.js'), 'console.log("app")');
  host = new FakeHost();
  server = await startWebServer({ host, rendererDir, token: TOKEN, bridgeScript: async () => '/* bridge */' });
});

afterEach(async () => {
  for (const socket of sockets.splice(0)) socket.terminate();
  await server.close();
  rmSync(rendererDir, { recursive: true, force: true });
});

const cookie = () => `${sessionCookieName(server.port)}=${TOKEN}`;
const origin = () => `http://127.0.0.1:${server.port}`;

function accepted(outcome: UpgradeOutcome): WebSocket {
  if (!('socket' in outcome)) throw new Error(`upgrade refused with ${outcome.status}`);
  sockets.push(outcome.socket);
  return outcome.socket;
}

async function appSocket(): Promise<WebSocket> {
  return accepted(await openSocket(server.port, { headers: { Origin: origin(), Cookie: cookie() } }));
}

function refusedConnection(host: string, port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ host, port });
    socket.once('connect', () => {
      socket.destroy();
      resolve(false);
    });
    socket.once('error', () => resolve(true));
  });
}

describe('browser-mode server: HTTP', () => {
  it('listens on 127.0.0.1 only and prints a token URL', async () => {
    expect(server.url).toBe(`http://127.0.0.1:${server.port}/?token=${TOKEN}`);
    expect(await refusedConnection('127.0.0.1', server.port)).toBe(false);
    expect(await refusedConnection('::1', server.port)).toBe(true);
    const external = Object.values(networkInterfaces())
      .flat()
      .filter((entry) => entry && !entry.internal && entry.family === 'IPv4');
    for (const entry of external) expect(await refusedConnection(entry!.address, server.port), entry!.address).toBe(true);
  });

  it('generates a 32-byte random token when none is given', async () => {
    const other = await startWebServer({ host, rendererDir });
    try {
      expect(Buffer.from(other.token, 'base64url')).toHaveLength(32);
      expect(other.token).not.toEqual(server.token);
    } finally {
      await other.close();
    }
  });

  it('refuses the page without a token or with a wrong one', async () => {
    expect((await rawGet(server.port, '/')).status).toBe(401);
    expect((await rawGet(server.port, `/?token=${TOKEN.slice(0, -1)}x`)).status).toBe(401);
    expect((await rawGet(server.port, '/?token=')).status).toBe(401);
    expect((await rawGet(server.port, '/index.html')).status).toBe(401);
  });

  it('serves the page for the token: HttpOnly SameSite=Strict cookie, strict CSP, bridge script before the app', async () => {
    const res = await rawGet(server.port, `/?token=${TOKEN}`);
    expect(res.status).toBe(200);
    expect(res.headers['set-cookie']).toEqual([`${sessionCookieName(server.port)}=${TOKEN}; HttpOnly; SameSite=Strict; Path=/`]);
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain(`connect-src 'self' ws://127.0.0.1:${server.port} ws://localhost:${server.port}`);
    expect(res.body.indexOf('<script src="/__qd/bridge.js"></script>')).toBeGreaterThan(-1);
    expect(res.body.indexOf('/__qd/bridge.js')).toBeLessThan(res.body.indexOf('./assets/index-abc.js'));
    // The desktop build's <meta> CSP (no WebSocket origin) is replaced by the header.
    expect(res.body).not.toMatch(/http-equiv="Content-Security-Policy"/);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  it('serves the page again on reload with the cookie alone (token already stripped from the address)', async () => {
    expect((await rawGet(server.port, '/', { Cookie: cookie() })).status).toBe(200);
  });

  it('refuses assets and the bridge script without the cookie, serves them with it', async () => {
    expect((await rawGet(server.port, '/assets/index-abc.js')).status).toBe(401);
    expect((await rawGet(server.port, '/__qd/bridge.js')).status).toBe(401);
    expect((await rawGet(server.port, '/assets/index-abc.js', { Cookie: `${sessionCookieName(server.port)}=wrong` })).status).toBe(401);
    const asset = await rawGet(server.port, '/assets/index-abc.js', { Cookie: cookie() });
    expect(asset).toMatchObject({ status: 200, body: 'console.log("app")' });
    expect(asset.headers['content-type']).toMatch(/^text\/javascript/);
    expect(await rawGet(server.port, '/__qd/bridge.js', { Cookie: cookie() })).toMatchObject({ status: 200, body: '/* bridge */' });
    expect((await rawGet(server.port, '/missing.js', { Cookie: cookie() })).status).toBe(404);
    // The browser's own favicon request gets "no content", not an error in the console.
    expect((await rawGet(server.port, '/favicon.ico', { Cookie: cookie() })).status).toBe(204);
  });

  it('does not serve files outside the renderer folder', async () => {
    writeFileSync(join(rendererDir, '..', 'qd-secret.txt'), 'secret');
    try {
      for (const path of ['/../qd-secret.txt', '/%2e%2e/qd-secret.txt', '/assets/..%2f..%2fqd-secret.txt', '/%00']) {
        const res = await rawGet(server.port, path, { Cookie: cookie() });
        expect(res.status, path).not.toBe(200);
        expect(res.body).not.toContain('secret');
      }
    } finally {
      rmSync(join(rendererDir, '..', 'qd-secret.txt'), { force: true });
    }
  });

  it('refuses a foreign Host header even with the token (DNS rebinding)', async () => {
    for (const hostHeader of ['evil.example', `evil.example:${server.port}`, '127.0.0.1', `127.0.0.1:${server.port + 1}`]) {
      const res = await rawGet(server.port, `/?token=${TOKEN}`, { Host: hostHeader });
      expect(res.status, hostHeader).toBe(403);
    }
    expect((await rawGet(server.port, `/?token=${TOKEN}`, { Host: `localhost:${server.port}` })).status).toBe(200);
  });
});

describe('browser-mode server: WebSocket', () => {
  it('refuses an upgrade without cookie or token', async () => {
    expect(await openSocket(server.port, { headers: { Origin: origin() } })).toEqual({ status: 401 });
  });

  it('refuses a foreign Origin even with the cookie', async () => {
    for (const foreign of ['https://evil.example', `http://127.0.0.1:${server.port + 1}`, 'null', `https://127.0.0.1:${server.port}`]) {
      expect(await openSocket(server.port, { headers: { Origin: foreign, Cookie: cookie() } }), foreign).toEqual({ status: 403 });
    }
  });

  it('refuses an upgrade with no Origin at all', async () => {
    expect(await openSocket(server.port, { headers: { Cookie: cookie() } })).toEqual({ status: 403 });
  });

  it('refuses an upgrade with a foreign Host header', async () => {
    expect(await openSocket(server.port, { headers: { Host: 'evil.example', Origin: origin(), Cookie: cookie() } })).toEqual({ status: 403 });
  });

  it('refuses other upgrade paths', async () => {
    expect(await openSocket(server.port, { path: '/ws', headers: { Origin: origin(), Cookie: cookie() } })).toEqual({ status: 404 });
  });

  it('accepts the token query parameter instead of the cookie, and the localhost spelling', async () => {
    accepted(await openSocket(server.port, { path: `/__qd/ws?token=${TOKEN}`, headers: { Origin: origin() } }));
    accepted(
      await openSocket(server.port, {
        headers: { Host: `localhost:${server.port}`, Origin: `http://localhost:${server.port}`, Cookie: cookie() },
      }),
    );
    expect(await openSocket(server.port, { path: '/__qd/ws?token=wrong', headers: { Origin: origin() } })).toEqual({ status: 401 });
  });

  it('round-trips an invoke', async () => {
    const socket = await appSocket();
    const log = messageLog(socket);
    socket.send(JSON.stringify({ id: 7, kind: 'invoke', method: 'connections.list', params: {} }));
    expect(await log.next((m) => m.id === 7)).toEqual({ id: 7, result: { ok: true, value: { method: 'connections.list', params: {} } } });
    socket.send(JSON.stringify({ id: 'eight', kind: 'invoke', method: 'test.fail', params: {} }));
    expect(await log.next((m) => m.id === 'eight')).toEqual({ id: 'eight', result: { ok: false, error: { code: 'not_found', message: 'No such thing.' } } });
  });

  it('answers malformed messages with invalid_input and keeps the socket open', async () => {
    const socket = await appSocket();
    const log = messageLog(socket);
    for (const bad of ['not json', '[]', '{"kind":"invoke","method":"x"}', JSON.stringify({ id: 1, kind: 'nope' }), JSON.stringify({ id: 2, kind: 'invoke' })]) {
      socket.send(bad);
    }
    socket.send(Buffer.from([1, 2, 3]), { binary: true });
    socket.send(JSON.stringify({ id: 3, kind: 'invoke', method: 'app.info', params: {} }));
    await log.next((m) => m.id === 3);
    const errors = log.messages.filter((m) => m.id !== 3);
    expect(errors).toHaveLength(6);
    for (const error of errors) expect(error).toMatchObject({ result: { ok: false, error: { code: 'invalid_input' } } });
    expect(host.invokes.map((call) => call.method)).toEqual(['app.info']);
  });

  it('closes a socket that sends a message over the size cap, without crashing the server', async () => {
    const socket = await appSocket();
    socket.send('x'.repeat(1024 * 1024 + 1));
    await closed(socket);
    const again = await appSocket();
    const log = messageLog(again);
    again.send(JSON.stringify({ id: 1, kind: 'invoke', method: 'app.info', params: {} }));
    expect(await log.next((m) => m.id === 1)).toMatchObject({ result: { ok: true } });
  });

  it('sends batches only to the socket that subscribed', async () => {
    const first = await appSocket();
    const second = await appSocket();
    const firstLog = messageLog(first);
    const secondLog = messageLog(second);
    first.send(JSON.stringify({ id: 1, kind: 'subscribe', stream: 'events.cluster', params: {}, subscriptionId: 'sub-first-0001' }));
    second.send(JSON.stringify({ id: 1, kind: 'subscribe', stream: 'events.cluster', params: {}, subscriptionId: 'sub-second-001' }));
    expect(await firstLog.next((m) => m.id === 1)).toEqual({ id: 1, result: { ok: true, value: { subscriptionId: 'sub-first-0001' } } });
    await secondLog.next((m) => m.id === 1);
    host.push('sub-first-0001', ['for-first']);
    host.push('sub-second-001', ['for-second']);
    expect(await firstLog.next((m) => m.type === 'batch')).toMatchObject({ batch: { subscriptionId: 'sub-first-0001', items: ['for-first'] } });
    expect(await secondLog.next((m) => m.type === 'batch')).toMatchObject({ batch: { subscriptionId: 'sub-second-001', items: ['for-second'] } });
    // A round trip after the pushes proves nothing else was queued for either socket.
    first.send(JSON.stringify({ id: 2, kind: 'invoke', method: 'app.info', params: {} }));
    second.send(JSON.stringify({ id: 2, kind: 'invoke', method: 'app.info', params: {} }));
    await firstLog.next((m) => m.id === 2);
    await secondLog.next((m) => m.id === 2);
    expect(firstLog.messages.filter((m) => m.type === 'batch')).toHaveLength(1);
    expect(secondLog.messages.filter((m) => m.type === 'batch')).toHaveLength(1);
    expect(host.subscriptions[0].session.id).not.toEqual(host.subscriptions[1].session.id);
  });

  it('closes the host session when the socket closes, and sends nothing afterwards', async () => {
    const socket = await appSocket();
    const log = messageLog(socket);
    socket.send(JSON.stringify({ id: 1, kind: 'subscribe', stream: 'events.cluster', params: {}, subscriptionId: 'sub-0000000001' }));
    await log.next((m) => m.id === 1);
    const session = host.subscriptions[0].session;
    socket.close();
    await closed(socket);
    await expect.poll(() => host.closedSessions).toEqual([session]);
    expect(() => host.push('sub-0000000001')).not.toThrow();
  });

  it('closes every session when the server closes', async () => {
    const socket = await appSocket();
    const log = messageLog(socket);
    socket.send(JSON.stringify({ id: 1, kind: 'invoke', method: 'app.info', params: {} }));
    await log.next((m) => m.id === 1);
    await server.close();
    await closed(socket);
    expect(host.closedSessions).toHaveLength(1);
    server = await startWebServer({ host, rendererDir, token: TOKEN }); // for afterEach
  });
});
