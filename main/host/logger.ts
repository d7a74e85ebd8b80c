// The app log: JSON lines under <dataDir>/logs, every line scrubbed of known secrets before it is written.
import { appendFileSync, mkdirSync, renameSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { SecretScrubber } from '../redaction/secret-scrubber';

const MAX_LOG_BYTES = 5 * 1024 * 1024;

export type LogLevel = 'debug' | 'info' | 'warn' | 'error';

export interface Logger {
  debug(message: string, extra?: Record<string, unknown>): void;
  info(message: string, extra?: Record<string, unknown>): void;
  warn(message: string, extra?: Record<string, unknown>): void;
  error(message: string, extra?: Record<string, unknown>): void;
  readonly file: string;
}

export function createLogger(dataDir: string, scrubber: SecretScrubber, echo: (line: string) => void = () => {}): Logger {
  const dir = join(dataDir, 'logs');
  mkdirSync(dir, { recursive: true });
  const file = join(dir, 'quarterdeck.log');

  const write = (level: LogLevel, message: string, extra?: Record<string, unknown>) => {
    const line = scrubber.scrub(JSON.stringify({ time: new Date().toISOString(), level, message, ...extra })) + '\n';
    try {
      if ((statSync(file, { throwIfNoEntry: false })?.size ?? 0) > MAX_LOG_BYTES) renameSync(file, `${file}.1`);
      appendFileSync(file, line);
    } catch {
      // A full or read-only disk must not take the host down with it; the echo below still shows the line.
    }
    echo(line);
  };

  return {
    file,
    debug: (m, e) => write('debug', m, e),
    info: (m, e) => write('info', m, e),
    warn: (m, e) => write('warn', m, e),
    error: (m, e) => write('error', m, e),
  };
}
