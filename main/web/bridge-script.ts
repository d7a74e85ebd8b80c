// Builds /__qd/bridge.js from browser-bridge-entry.ts once per process. Browser mode is a development and
// test shell run with tsx, whose own dependency esbuild is therefore always present.
import { fileURLToPath } from 'node:url';

let cached: Promise<string> | null = null;

export function browserBridgeScript(): Promise<string> {
  cached ??= (async () => {
    const { build } = await import('esbuild');
    const result = await build({
      entryPoints: [fileURLToPath(new URL('./browser-bridge-entry.ts', import.meta.url))],
      bundle: true,
      write: false,
      format: 'iife',
      platform: 'browser',
      target: 'es2022',
      legalComments: 'none',
    });
    return result.outputFiles[0].text;
  })();
  cached.catch(() => {
    cached = null; // a failed build is retried on the next request instead of being served forever
  });
  return cached;
}
