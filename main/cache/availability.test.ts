// A connection is unreachable only when its server did not answer, re-tested with backoff until it answers, and
// then reported reachable by itself; answers of any kind (401, 404) prove it is there.
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ConnectionAvailability, ConnectionTestReport } from '../contract';
import { createLogger } from '../host/logger';
import { SecretScrubber } from '../redaction/secret-scrubber';
import { AvailabilityTracker } from './availability';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const log = createLogger(mkdtempSync(join(tmpdir(), 'qd-availability-')), new SecretScrubber());
const refused = { code: 'unreachable' as const, message: 'Cannot reach http://10.0.0.1:4646: the connection was refused.' };
const report = (reachable: boolean): ConnectionTestReport => ({ reachable, tlsOk: null, tokenAccepted: null, health: reachable ? 'ok' : 'unreachable', summary: reachable ? 'OK' : 'still refused', checks: [] });

afterEach(() => vi.useRealTimers());

describe('AvailabilityTracker', () => {
  it('goes unreachable on a network failure, re-tests with growing delays, and recovers by itself', async () => {
    vi.useFakeTimers();
    let up = false;
    const test = vi.fn(async () => report(up));
    // No jitter (random 0.5): re-tests at 1 s, then 2 s later. With jitter the two windows checked below overlapped
    // (0.8 + 1.6 s < 2.8 s), and the test failed about one run in a few dozen.
    const tracker = new AvailabilityTracker(test, log, { retryBaseMs: 1000, retryMaxMs: 4000, random: () => 0.5 });
    const seen: ConnectionAvailability[] = [];
    tracker.subscribe((next) => seen.push(next));

    tracker.report('c1', refused);
    expect(tracker.get('c1')).toMatchObject({ state: 'unreachable', error: refused, attempts: 0 });
    expect(tracker.get('c1')?.nextRetryAt).toBeDefined();
    await vi.advanceTimersByTimeAsync(1300); // first re-test at 1 s
    expect(test).toHaveBeenCalledTimes(1);
    expect(tracker.get('c1')).toMatchObject({ state: 'unreachable', attempts: 1, error: { message: 'still refused' } });
    await vi.advanceTimersByTimeAsync(1500); // the next one waits twice as long (2 s)
    expect(test).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1000);
    expect(test).toHaveBeenCalledTimes(2);

    up = true;
    await vi.advanceTimersByTimeAsync(5000);
    expect(tracker.get('c1')?.state).toBe('reachable');
    expect(seen.at(-1)).toMatchObject({ connectionId: 'c1', state: 'reachable' });
    const calls = test.mock.calls.length;
    await vi.advanceTimersByTimeAsync(60_000);
    expect(test).toHaveBeenCalledTimes(calls); // no more re-tests once it is back
    tracker.close();
  });

  it('treats a server that answered with an error as reachable, and ignores local refusals', () => {
    const tracker = new AvailabilityTracker(async () => report(true), log);
    tracker.report('c1', refused);
    tracker.report('c1', { code: 'unauthorized', message: 'token refused', status: 403 });
    expect(tracker.get('c1')?.state).toBe('reachable');
    tracker.report('c2', { code: 'timeout', message: 'no answer in 15 s' });
    expect(tracker.isUnreachable('c2')).toBe(true);
    tracker.forget('c2');
    expect(tracker.get('c2')).toBeUndefined();
    tracker.close();
  });

  it('streams every known state at once, then changes', () => {
    const tracker = new AvailabilityTracker(async () => report(false), log, { retryBaseMs: 60_000 });
    tracker.report('c1', refused);
    const batches: unknown[][] = [];
    const source = tracker.stream()({}, (batch) => batches.push(batch.items), 'sub-1');
    expect(batches[0]).toEqual([expect.objectContaining({ connectionId: 'c1', state: 'unreachable' })]);
    tracker.report('c1');
    expect(batches[1]).toEqual([expect.objectContaining({ connectionId: 'c1', state: 'reachable' })]);
    source.close();
    tracker.close();
  });
});
