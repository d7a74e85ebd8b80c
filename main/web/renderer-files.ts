// Reads the built renderer (out/renderer) for the browser-mode server: path-contained static files and the
// index page with the bridge script put in front of the app's own scripts.
import { readFile, stat } from 'node:fs/promises';
import { extname, resolve, sep } from 'node:path';

export const BRIDGE_SCRIPT_PATH = '/__qd/bridge.js';

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.ttf': 'font/ttf',
  '.wasm': 'application/wasm',
  '.map': 'application/json; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
};

export function contentTypeOf(path: string): string {
  return CONTENT_TYPES[extname(path).toLowerCase()] ?? 'application/octet-stream';
}

/**
 * Maps a URL path to a file inside `rendererDir`, or null. Decoding happens once and the result must stay
 * inside the folder, so `..`, encoded `%2e%2e` and absolute paths cannot reach the data dir or the keychain.
 */
export async function resolveRendererFile(rendererDir: string, urlPath: string): Promise<string | null> {
  let decoded: string;
  try {
    decoded = decodeURIComponent(urlPath);
  } catch {
    return null;
  }
  if (decoded.includes('\0')) return null;
  const root = resolve(rendererDir);
  const file = resolve(root, `.${decoded.startsWith('/') ? decoded : `/${decoded}`}`);
  if (file !== root && !file.startsWith(root + sep)) return null;
  try {
    return (await stat(file)).isFile() ? file : null;
  } catch {
    return null;
  }
}

/**
 * The index page for browser mode. The built file carries a <meta> CSP for the desktop app; it is removed here
 * because the server sends the policy as a header that also names the WebSocket origin. The bridge script goes
 * first in <head> so `window.quarterdeck` exists before any module script of the app runs.
 */
export function browserIndexHtml(builtHtml: string): string {
  const withoutMetaCsp = builtHtml.replace(/<meta\s+http-equiv=["']Content-Security-Policy["'][^>]*>\s*/gi, '');
  const tag = `<script src="${BRIDGE_SCRIPT_PATH}"></script>`;
  const head = /<head[^>]*>/i.exec(withoutMetaCsp);
  if (head) {
    const at = head.index + head[0].length;
    return `${withoutMetaCsp.slice(0, at)}\n    ${tag}${withoutMetaCsp.slice(at)}`;
  }
  return `${tag}\n${withoutMetaCsp}`;
}

export async function readIndexHtml(rendererDir: string): Promise<string> {
  return browserIndexHtml(await readFile(resolve(rendererDir, 'index.html'), 'utf8'));
}
