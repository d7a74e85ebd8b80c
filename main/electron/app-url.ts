// What "the app's own page" means for the desktop shell: the built index.html on disk, or the dev server in
// development. Navigation guards and the IPC sender check both ask this one question (design.md, invariant 3).
import { pathToFileURL } from 'node:url';

export interface AppLocation {
  /** The URL the window loads. */
  readonly url: string;
  /** True for the app page itself (any #route or ?query), false for every other page, frame or scheme. */
  isAppUrl(url: string): boolean;
}

function parse(url: string): URL | null {
  try {
    return new URL(url);
  } catch {
    return null;
  }
}

/**
 * `devServerUrl` is only honoured when the caller says the app is unpackaged; a packaged build always loads
 * from disk, so an environment variable cannot point a shipped app at a foreign page.
 */
export function appLocation(opts: { rendererIndexFile: string; devServerUrl?: string }): AppLocation {
  const dev = opts.devServerUrl ? parse(opts.devServerUrl) : null;
  if (dev && (dev.protocol === 'http:' || dev.protocol === 'https:')) {
    const origin = dev.origin;
    return {
      url: dev.href,
      isAppUrl: (url) => parse(url)?.origin === origin,
    };
  }
  const file = pathToFileURL(opts.rendererIndexFile);
  return {
    url: file.href,
    isAppUrl: (url) => {
      const candidate = parse(url);
      // file: URLs have an opaque origin, so compare the exact path; hash routes keep the same path.
      return candidate !== null && candidate.protocol === 'file:' && candidate.host === file.host && candidate.pathname === file.pathname;
    },
  };
}
