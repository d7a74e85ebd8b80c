// Test helper for offline-cache.crash.test.ts: writes checksummed values in a loop until it is killed,
// printing each sequence number once its write has been committed.
import { createHash } from 'node:crypto';
import { createLogger } from '../../host/logger';
import { NoticeBoard } from '../../host/notices';
import { SecretScrubber } from '../../redaction/secret-scrubber';
import { OfflineCache } from '../offline-cache';

export const CRASH_KEYS = 12;

export function checksum(items: unknown): string {
  return createHash('sha256').update(JSON.stringify(items)).digest('hex');
}

async function main(dataDir: string, start: number): Promise<void> {
  const scrubber = new SecretScrubber();
  const cache = OfflineCache.open({ dataDir, scrubber, notices: new NoticeBoard(), log: createLogger(dataDir, scrubber), coalesceMs: 0, largeValueBytes: 16 * 1024 });
  for (let seq = start; ; seq++) {
    // Sizes vary from a few bytes to a multi-segment list, so kills land in every phase of a write; lists over
    // 16 KB take the asynchronous large-value path, the rest the transaction path.
    const count = seq % 5 === 0 ? 1500 + (seq % 7) * 300 : seq % 40;
    const items = Array.from({ length: count }, (_, i) => ({ ID: `job-${seq}-${i}`, Status: 'running', Index: i }));
    await cache.put('c1', `job/${seq % CRASH_KEYS}`, { seq, items, sum: checksum(items) });
    process.stdout.write(`${seq}\n`);
  }
}

if (process.argv[2]) void main(process.argv[2], Number(process.argv[3] ?? 1));
