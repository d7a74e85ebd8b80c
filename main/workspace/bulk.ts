// Runs per-row work with a small concurrency limit. Requests still pass the client's token bucket, so the
// limit only bounds how many rows wait at once; it never lets a selection outrun the service's rate limit.
import type { BulkRowResult } from '../contract';
import { HostError } from '../host/host-error';

export const BULK_CONCURRENCY = 4;

export async function mapLimited<T, R>(items: readonly T[], limit: number, work: (item: T, index: number) => Promise<R>): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < items.length) {
      const index = next++;
      results[index] = await work(items[index], index);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}

/** One row's outcome; a failure keeps the message a person can act on, never a stack. */
export async function rowResult(id: string, run: () => Promise<unknown>): Promise<BulkRowResult> {
  try {
    await run();
    return { id, ok: true };
  } catch (error) {
    return { id, ok: false, message: error instanceof HostError ? error.message : `Failed: ${(error as Error).message}` };
  }
}
