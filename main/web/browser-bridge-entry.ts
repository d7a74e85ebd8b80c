// Served as /__qd/bridge.js before the app's own script: installs `window.quarterdeck` and takes the one-time
// token out of the address bar so it does not linger in history or get shared in a screenshot (design.md,
// invariant 5). Bundled for the browser by bridge-script.ts.
import { createSocketBridge, type SocketLike } from './browser-bridge';

interface BrowserGlobals {
  location: { href: string; host: string; protocol: string };
  history: { state: unknown; replaceState(state: unknown, unused: string, url: string): void };
  WebSocket: new (url: string) => SocketLike;
}

const page = globalThis as unknown as BrowserGlobals;
const address = new URL(page.location.href);
const token = address.searchParams.get('token');
if (token !== null) {
  address.searchParams.delete('token');
  page.history.replaceState(page.history.state, '', address.pathname + address.search + address.hash);
}

// The HttpOnly cookie set with the page authenticates the socket; the token, kept in memory only, is the
// fallback when the browser refuses cookies.
const socketUrl = new URL('/__qd/ws', page.location.href);
socketUrl.protocol = page.location.protocol === 'https:' ? 'wss:' : 'ws:';
if (token) socketUrl.searchParams.set('token', token);

const bridge = createSocketBridge({ connect: () => new page.WebSocket(socketUrl.href) });
Object.defineProperty(globalThis, 'quarterdeck', {
  value: Object.freeze({ invoke: bridge.invoke, subscribe: bridge.subscribe }),
  writable: false,
  configurable: false,
  enumerable: true,
});
