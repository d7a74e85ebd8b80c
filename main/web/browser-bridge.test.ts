// window.quarterdeck in browser mode: the socket bridge against the real server (with the `ws` client standing
// in for the browser's WebSocket), its reconnect behaviour with fake sockets, and the bundled script itself.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runInNewContext } from 'node:vm';
import { afterEach, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import type { StreamBatch } from '../contract';
import { sessionCookieName } from './access';
import { browserBridgeScript } from './bridge-script';
import { createSocketBridge, type SocketLike } from './browser-bridge';
import { startWebServer, type WebServer } from './server';
import { FakeHost } from './testing/fake-host';

type AnyBatch = StreamBatch<unknown>;
const params = { connectionId: 'c1', topics: [], namespace: 'default' };

function ids() {
  let n = 0;
  return () => `sub-${String(++n).padStart(8, '0')}`;
}

describe('socket bridge against the browser-mode server', () => {
  let dir: string;
  let server: WebServer;
  let bridge: ReturnType<typeof createSocketBridge> | null = null;

  afterEach(async () => {
    bridge?.close();
    await server.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('invokes, subscribes, receives its batches and unsubscribes', async () => {
    dir = mkdtempSync(join(tmpdir(), 'qd-renderer-'));
    writeFileSync(join(dir, 'index.html'), '<html><head></head></html>');
    const host = new FakeHost();
    server = await startWebServer({ host, rendererDir: dir });
    const origin = `http://127.0.0.1:${server.port}`;
    bridge = createSocketBridge({
      newId: ids(),
      connect: () =>
        new WebSocket(`ws://127.0.0.1:${server.port}/__qd/ws`, {
          headers: { Origin: origin, Cookie: `${sessionCookieName(server.port)}=${server.token}` },
        }) as unknown as SocketLike,
    });

    expect(await bridge.invoke('connections.list', {})).toEqual({ ok: true, value: { method: 'connections.list', params: {} } });

    const received: AnyBatch[] = [];
    let gotBatch!: () => void;
    const firstBatch = new Promise<void>((resolve) => (gotBatch = resolve));
    const unsubscribe = bridge.subscribe('events.cluster', params, (batch) => {
      received.push(batch as AnyBatch);
      gotBatch();
    });
    await expect.poll(() => host.subscriptions.length).toBe(1);
    expect(host.subscriptions[0]).toMatchObject({ stream: 'events.cluster', params, subscriptionId: 'sub-00000001' });
    host.push('sub-00000001', [{ Index: 5 }]);
    await firstBatch;
    expect(received).toEqual([{ subscriptionId: 'sub-00000001', status: 'live', items: [{ Index: 5 }], dropped: 0, malformed: 0 }]);

    unsubscribe();
    await expect.poll(() => host.unsubscribed.map((u) => u.subscriptionId)).toEqual(['sub-00000001']);
  });
});

/** A socket the test opens, answers and drops by hand. */
class FakeSocket implements SocketLike {
  readyState = 0;
  readonly sent: Array<Record<string, unknown>> = [];
  onopen: ((event: unknown) => void) | null = null;
  onmessage: ((event: { data: unknown }) => void) | null = null;
  onclose: ((event: unknown) => void) | null = null;
  onerror: ((event: unknown) => void) | null = null;
  send(data: string): void {
    this.sent.push(JSON.parse(data) as Record<string, unknown>);
  }
  close(): void {
    this.drop();
  }
  open(): void {
    this.readyState = 1;
    this.onopen?.({});
  }
  drop(): void {
    this.readyState = 3;
    this.onclose?.({});
  }
  answer(id: unknown, result: unknown): void {
    this.onmessage?.({ data: JSON.stringify({ id, result }) });
  }
  batch(batch: AnyBatch): void {
    this.onmessage?.({ data: JSON.stringify({ type: 'batch', batch }) });
  }
}

function fakeBridge() {
  const sockets: FakeSocket[] = [];
  const timers: Array<{ run: () => void; ms: number }> = [];
  const bridge = createSocketBridge({
    newId: ids(),
    connect: () => {
      const socket = new FakeSocket();
      sockets.push(socket);
      return socket;
    },
    schedule: (run, ms) => timers.push({ run, ms }),
    random: () => 1,
  });
  return { bridge, sockets, timers };
}

describe('socket bridge reconnects', () => {
  it('queues invokes until the socket opens', async () => {
    const { bridge, sockets } = fakeBridge();
    const answer = bridge.invoke('app.info', {});
    expect(sockets[0].sent).toEqual([]);
    sockets[0].open();
    expect(sockets[0].sent).toEqual([{ id: 1, kind: 'invoke', method: 'app.info', params: {} }]);
    sockets[0].answer(1, { ok: true, value: 'info' });
    expect(await answer).toEqual({ ok: true, value: 'info' });
  });

  it('fails in-flight invokes as unreachable, tells subscribers it is reconnecting, and resubscribes after reconnect', async () => {
    const { bridge, sockets, timers } = fakeBridge();
    sockets[0].open();
    const batches: AnyBatch[] = [];
    bridge.subscribe('events.cluster', params, (batch) => batches.push(batch as AnyBatch));
    expect(sockets[0].sent[0]).toMatchObject({ kind: 'subscribe', subscriptionId: 'sub-00000001' });
    sockets[0].answer(sockets[0].sent[0].id, { ok: true, value: { subscriptionId: 'sub-00000001' } });
    const inFlight = bridge.invoke('connections.list', {});

    sockets[0].drop();
    expect(await inFlight).toMatchObject({ ok: false, error: { code: 'unreachable' } });
    expect(batches).toEqual([expect.objectContaining({ subscriptionId: 'sub-00000001', status: 'reconnecting' })]);

    // Backoff doubles and is capped.
    expect(timers.map((t) => t.ms)).toEqual([250]);
    timers.shift()!.run();
    sockets[1].drop();
    expect(timers.map((t) => t.ms)).toEqual([500]);
    timers.shift()!.run();
    sockets[2].open();
    expect(sockets[2].sent).toEqual([
      { id: expect.any(Number), kind: 'subscribe', stream: 'events.cluster', params, subscriptionId: 'sub-00000001' },
    ]);
    sockets[2].batch({ subscriptionId: 'sub-00000001', status: 'live', items: ['after'], dropped: 0, malformed: 0 });
    expect(batches.at(-1)).toMatchObject({ items: ['after'] });
  });

  it('caps the backoff at 5 seconds', () => {
    const { sockets, timers } = fakeBridge();
    for (let i = 0; i < 8; i++) {
      sockets.at(-1)!.drop();
      timers.shift()!.run();
    }
    sockets.at(-1)!.drop();
    expect(timers[0].ms).toBe(5_000);
  });

  it('does not resubscribe a stream that was unsubscribed while disconnected', () => {
    const { bridge, sockets, timers } = fakeBridge();
    sockets[0].open();
    const unsubscribe = bridge.subscribe('events.cluster', params, () => undefined);
    sockets[0].drop();
    unsubscribe();
    timers.shift()!.run();
    sockets[1].open();
    expect(sockets[1].sent).toEqual([]);
  });

  it('ends a subscription the host refuses, with the reason', () => {
    const { bridge, sockets } = fakeBridge();
    sockets[0].open();
    const batches: AnyBatch[] = [];
    bridge.subscribe('nope' as never, {} as never, (batch) => batches.push(batch as AnyBatch));
    sockets[0].answer(sockets[0].sent[0].id, { ok: false, error: { code: 'invalid_input', message: 'Unknown stream "nope".' } });
    expect(batches).toEqual([expect.objectContaining({ status: 'ended', message: 'Unknown stream "nope".' })]);
    sockets[0].batch({ subscriptionId: 'sub-00000001', status: 'live', items: ['x'], dropped: 0, malformed: 0 });
    expect(batches).toHaveLength(1);
  });
});

describe('/__qd/bridge.js', () => {
  it('is a self-contained script that installs exactly { invoke, subscribe } and strips the token from the address', async () => {
    const script = await browserBridgeScript();
    expect(script).not.toMatch(/^\s*import\s/m);
    const opened: string[] = [];
    const replaced: string[] = [];
    const page: Record<string, unknown> = {
      URL,
      crypto: globalThis.crypto,
      setTimeout: () => 0,
      location: { href: 'http://127.0.0.1:4100/?token=tok_en-1#/jobs', host: '127.0.0.1:4100', protocol: 'http:' },
      history: { state: null, replaceState: (_s: unknown, _u: string, url: string) => replaced.push(url) },
      WebSocket: class {
        readyState = 0;
        onopen = null;
        onmessage = null;
        onclose = null;
        onerror = null;
        constructor(url: string) {
          opened.push(url);
        }
        send() {}
        close() {}
      },
    };
    runInNewContext(script, page);
    expect(replaced).toEqual(['/#/jobs']);
    expect(opened).toEqual(['ws://127.0.0.1:4100/__qd/ws?token=tok_en-1']);
    const bridge = page.quarterdeck as Record<string, unknown>;
    expect(Object.keys(bridge).sort()).toEqual(['invoke', 'subscribe']);
    expect(Object.isFrozen(bridge)).toBe(true);
    expect(Object.getOwnPropertyDescriptor(page, 'quarterdeck')).toMatchObject({ writable: false, configurable: false });
  });
});
