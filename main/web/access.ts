// Who may talk to the browser-mode server: loopback only, the random token (or the cookie it buys), our own
// Host header and our own Origin (design.md, security invariant 5).
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

export const LOOPBACK = '127.0.0.1';

/** 32 random bytes, URL-safe; printed once on the console and never stored. */
export function newAccessToken(): string {
  return randomBytes(32).toString('base64url');
}

/** Compares in constant time; hashing first makes the inputs equal-length so the length does not leak either. */
export function tokensMatch(candidate: string | null | undefined, token: string): boolean {
  if (typeof candidate !== 'string' || candidate.length === 0) return false;
  const a = createHash('sha256').update(candidate).digest();
  const b = createHash('sha256').update(token).digest();
  return timingSafeEqual(a, b);
}

/**
 * Cookies are not isolated by port, so the name carries the port: two browser-mode instances on one machine
 * would otherwise overwrite each other's session cookie.
 */
export function sessionCookieName(port: number): string {
  return `qd_session_${port}`;
}

export function sessionCookie(port: number, token: string): string {
  return `${sessionCookieName(port)}=${token}; HttpOnly; SameSite=Strict; Path=/`;
}

export function readCookie(header: string | undefined, name: string): string | null {
  if (!header) return null;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim();
  }
  return null;
}

/** The two spellings of our own address. Anything else in Host is a DNS-rebinding attempt. */
export function ownHosts(port: number): string[] {
  return [`${LOOPBACK}:${port}`, `localhost:${port}`];
}

export function ownOrigins(port: number): string[] {
  return ownHosts(port).map((host) => `http://${host}`);
}

export function hasOwnHost(req: IncomingMessage, port: number): boolean {
  return ownHosts(port).includes((req.headers.host ?? '').toLowerCase());
}

/** Browsers always send Origin on a WebSocket handshake; a missing one is not a browser page of ours. */
export function hasOwnOrigin(req: IncomingMessage, port: number): boolean {
  const origin = req.headers.origin;
  return typeof origin === 'string' && ownOrigins(port).includes(origin.toLowerCase());
}

export function hasSessionCookie(req: IncomingMessage, port: number, token: string): boolean {
  return tokensMatch(readCookie(req.headers.cookie, sessionCookieName(port)), token);
}

export function hasTokenParam(url: URL, token: string): boolean {
  return tokensMatch(url.searchParams.get('token'), token);
}
