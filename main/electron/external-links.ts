// The one way out of the app to the OS browser: http(s) only (design.md, security invariant 3).
// Used by the host's `app.openExternal` and by the window-open handler, so both apply the same rule.

/** Why a URL was refused, in words a person can act on; null when it may be opened. */
export function externalUrlProblem(raw: string): string | null {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return 'Not opened: the link is not a valid absolute URL.';
  }
  // Anything but http(s) could start a local program (file:, custom schemes) or run script (javascript:).
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    return `Not opened: only http and https links open in the browser, not "${url.protocol}".`;
  }
  // `https://user:pass@host` is a classic way to disguise the real destination (and leak credentials).
  if (url.username !== '' || url.password !== '') {
    return 'Not opened: links with a user name or password in them are refused.';
  }
  if (url.hostname === '') return 'Not opened: the link has no host.';
  return null;
}

export function isSafeExternalUrl(raw: string): boolean {
  return externalUrlProblem(raw) === null;
}

/**
 * Opens `url` in the OS browser if it is a plain http(s) link. `open` is Electron's `shell.openExternal`,
 * injected so this module stays testable without Electron. Resolves false (and opens nothing) otherwise.
 */
export async function openExternalSafely(url: string, open: (url: string) => Promise<void>): Promise<boolean> {
  if (typeof url !== 'string' || !isSafeExternalUrl(url)) return false;
  // Hand over the re-serialised URL, not the raw string, so what we checked is exactly what is opened.
  await open(new URL(url).href);
  return true;
}
