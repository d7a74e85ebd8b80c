// Command line of `npm run web`: options, defaults and the start-up line that scripts and tests look for.
import { homedir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';

export interface WebCliOptions {
  port: number;
  dataDir: string;
  demo: boolean;
  /** The built renderer to serve; undefined means the project's out/renderer (built on demand). */
  rendererDir?: string;
}

export const USAGE = `Usage: npm run web -- [--port P] [--data-dir DIR] [--demo]
  --port P        port on 127.0.0.1 (default: a free one)
  --data-dir DIR  settings and cache (default: $XDG_CONFIG_HOME/quarterdeck-web or ~/.config/quarterdeck-web)
  --demo          start the embedded demo cluster and organization
  --renderer-dir DIR  serve this renderer build instead of out/renderer (tests, packaged builds)
Browser mode listens on 127.0.0.1 only; reach it from elsewhere with an SSH tunnel (ssh -L).`;

export function defaultDataDir(env: NodeJS.ProcessEnv = process.env): string {
  const base = env.XDG_CONFIG_HOME && env.XDG_CONFIG_HOME.length > 0 ? env.XDG_CONFIG_HOME : join(homedir(), '.config');
  return join(base, 'quarterdeck-web');
}

/** Throws with a message for the person at the terminal; `--host` is refused by name (invariant 5). */
export function parseWebCliArgs(argv: string[], env: NodeJS.ProcessEnv = process.env): WebCliOptions {
  if (argv.some((arg) => arg === '--host' || arg.startsWith('--host='))) {
    throw new Error('--host is not offered: browser mode listens on 127.0.0.1 only. Use an SSH tunnel to reach it.');
  }
  const { values } = parseArgs({
    args: argv,
    options: {
      port: { type: 'string' },
      'data-dir': { type: 'string' },
      demo: { type: 'boolean', default: false },
      'renderer-dir': { type: 'string' },
    },
    strict: true,
    allowPositionals: false,
  });
  const port = values.port === undefined ? 0 : Number(values.port);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`--port must be 0-65535, got "${values.port}".`);
  const rendererDir = values['renderer-dir'] === undefined ? undefined : resolve(values['renderer-dir']);
  return { port, dataDir: resolve(values['data-dir'] ?? defaultDataDir(env)), demo: values.demo ?? false, rendererDir };
}

/** The first stdout line that contains http://127.0.0.1 is the address; tests and scripts look for it. */
export function formatStartupLine(url: string): string {
  return `Quarterdeck (browser mode) at ${url}`;
}

