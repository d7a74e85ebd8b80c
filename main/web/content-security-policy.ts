// The renderer's Content-Security-Policy, one definition for the desktop window, the built index.html and the
// browser-mode server (design.md, invariant 3: "a strict CSP").

export interface CspOptions {
  /** Extra connect-src sources, e.g. the browser-mode WebSocket origin or the dev server's HMR socket. */
  connect?: string[];
  /**
   * `frame-ancestors` only works as a header; a <meta> CSP must leave it out (browsers ignore it there and warn).
   */
  forMetaTag?: boolean;
}

export function contentSecurityPolicy(opts: CspOptions = {}): string {
  const directives: Array<[string, string[]]> = [
    ['default-src', ["'self'"]],
    ['script-src', ["'self'"]],
    // naive-ui injects its component styles at runtime (css-render), which needs inline <style>.
    ['style-src', ["'self'", "'unsafe-inline'"]],
    ['img-src', ["'self'", 'data:']],
    ['font-src', ["'self'", 'data:']],
    ['connect-src', ["'self'", ...(opts.connect ?? [])]],
    ['worker-src', ["'self'"]],
    ['object-src', ["'none'"]],
    ['base-uri', ["'none'"]],
    ['form-action', ["'none'"]],
  ];
  if (!opts.forMetaTag) directives.push(['frame-ancestors', ["'none'"]]);
  return directives.map(([name, sources]) => `${name} ${sources.join(' ')}`).join('; ');
}
