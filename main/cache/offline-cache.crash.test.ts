// Writes are atomic: a writer killed with SIGKILL at random moments never leaves a cache that fails to open,
// a torn entry, or a lost write it had already reported as committed (issue 7, "Writes are atomic").
import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { createLogger } from '../host/logger';
import { NoticeBoard } from '../host/notices';
import { SecretScrubber } from '../redaction/secret-scrubber';
import { OfflineCache } from './offline-cache';
import { CRASH_KEYS, checksum } from './testing/crash-writer';

const WRITER = fileURLToPath(new URL('./testing/crash-writer.ts', import.meta.url));
const KILLS = 30;

/** Runs the writer until it has acknowledged `writes` commits, then SIGKILLs it; answers the last acknowledged seq. */
function runAndKill(dataDir: string, start: number, writes: number): Promise<number> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', WRITER, dataDir, String(start)], { stdio: ['ignore', 'pipe', 'pipe'] });
    let acknowledged = start - 1;
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    createInterface({ input: child.stdout }).on('line', (line) => {
      acknowledged = Math.max(acknowledged, Number(line));
      if (acknowledged - start + 1 >= writes) child.kill('SIGKILL');
    });
    child.on('error', reject);
    child.on('exit', (code, signal) => {
      if (signal === 'SIGKILL') resolve(acknowledged);
      else reject(new Error(`writer exited by itself (code ${code}): ${stderr}`));
    });
  });
}

describe('OfflineCache under SIGKILL', () => {
  it(`opens intact after each of ${KILLS} kills in the middle of writes`, { timeout: 180_000 }, async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'qd-cache-crash-'));
    let next = 1;
    for (let round = 0; round < KILLS; round++) {
      const writes = 1 + Math.floor(Math.random() * 25);
      const acknowledged = await runAndKill(dataDir, next, writes);
      next = acknowledged + 1;

      const scrubber = new SecretScrubber();
      const notices = new NoticeBoard();
      const cache = OfflineCache.open({ dataDir, scrubber, notices, log: createLogger(dataDir, scrubber) });
      try {
        let newest = 0;
        for (let key = 0; key < CRASH_KEYS; key++) {
          const entry = cache.get<{ seq: number; items: unknown[]; sum: string }>('c1', `job/${key}`);
          if (!entry) continue;
          expect(entry.value.sum, `round ${round}, job/${key}`).toBe(checksum(entry.value.items));
          expect(entry.value.seq % CRASH_KEYS).toBe(key);
          newest = Math.max(newest, entry.value.seq);
        }
        // A write reported as committed before the kill is on disk afterwards.
        expect(newest, `round ${round}`).toBeGreaterThanOrEqual(acknowledged);
        expect(notices.list(), `round ${round}`).toEqual([]);
      } finally {
        await cache.close();
      }
    }
  });
});
