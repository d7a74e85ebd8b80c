// The words of the offline banner, kept pure so they are unit-tested: what failed, what is shown instead, what to do.
import type { ConnectionAvailability, ConnectionKind } from '../../../../main/contract';

export function offlineSummary(name: string, kind: ConnectionKind, availability: ConnectionAvailability): string {
  const why = availability.error?.message?.trim() || 'The server did not answer.';
  const what = kind === 'cluster' ? 'jobs, allocations and nodes' : 'workspaces and projects';
  return `${why} Showing the last known ${what} of ${name} from the offline cache, read-only: actions are disabled until it answers again.`;
}

/** "re-testing in 12 s", "re-testing now…", with the attempt count once there were several. */
export function retryLabel(availability: ConnectionAvailability, nowMs: number): string {
  const attempts = availability.attempts > 0 ? ` (${availability.attempts} ${availability.attempts === 1 ? 'attempt' : 'attempts'} so far)` : '';
  if (!availability.nextRetryAt) return `re-testing in the background${attempts}`;
  const seconds = Math.round((Date.parse(availability.nextRetryAt) - nowMs) / 1000);
  if (seconds <= 1) return `re-testing now…${attempts}`;
  return `re-testing in ${seconds < 60 ? `${seconds} s` : `${Math.round(seconds / 60)} min`}${attempts}`;
}
