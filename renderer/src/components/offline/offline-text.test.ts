// The offline banner says what failed, what is shown instead and when the next re-test runs.
import { describe, expect, it } from 'vitest';
import type { ConnectionAvailability } from '../../../../main/contract';
import { offlineSummary, retryLabel } from './offline-text';

const down: ConnectionAvailability = {
  connectionId: 'c1',
  state: 'unreachable',
  since: '2026-01-01T10:00:00.000Z',
  error: { code: 'unreachable', message: 'Cannot reach http://10.0.0.1:4646: the connection was refused.' },
  nextRetryAt: '2026-01-01T10:00:12.000Z',
  attempts: 0,
};
const at = (iso: string) => Date.parse(iso);

describe('offline banner text', () => {
  it('names the reason, what is shown and that actions are disabled', () => {
    const text = offlineSummary('Prod', 'cluster', down);
    expect(text).toContain('connection was refused');
    expect(text).toContain('last known jobs, allocations and nodes of Prod');
    expect(text).toMatch(/read-only: actions are disabled/);
    expect(offlineSummary('Org', 'workspace', { ...down, error: undefined })).toMatch(/^The server did not answer\. .*workspaces and projects of Org/);
  });

  it('counts down to the next re-test and counts attempts', () => {
    expect(retryLabel(down, at('2026-01-01T10:00:00.000Z'))).toBe('re-testing in 12 s');
    expect(retryLabel({ ...down, attempts: 3 }, at('2026-01-01T10:00:12.000Z'))).toBe('re-testing now… (3 attempts so far)');
    expect(retryLabel({ ...down, nextRetryAt: '2026-01-01T10:02:00.000Z', attempts: 1 }, at('2026-01-01T10:00:00.000Z'))).toBe('re-testing in 2 min (1 attempt so far)');
    expect(retryLabel({ ...down, nextRetryAt: undefined }, 0)).toBe('re-testing in the background');
  });
});
