// The stacked summary bar of a task group: which allocation states to draw, in which order and colour, and the
// text that names every count (the bar itself is too small to read).
import type { TaskGroupCounts } from '../../../../main/contract';

export type SummaryState = 'running' | 'starting' | 'queued' | 'complete' | 'failed' | 'lost';

/** Order on the bar: healthy first, then what is on its way, then what ended, then trouble. */
export const SUMMARY_STATES: readonly SummaryState[] = ['running', 'starting', 'queued', 'complete', 'failed', 'lost'];

export const SUMMARY_COLORS: Record<SummaryState, string> = {
  running: '#18a058',
  starting: '#2080f0',
  queued: '#a0a0a8',
  complete: '#7c8db5',
  failed: '#d03050',
  lost: '#f0a020',
};

export interface Segment {
  state: SummaryState;
  count: number;
  /** Share of the bar, 0–100. */
  percent: number;
}

export type Counts = Pick<TaskGroupCounts, SummaryState>;

/** Non-empty segments of one group's bar; an empty group gives no segments. */
export function summarySegments(counts: Counts): Segment[] {
  const total = SUMMARY_STATES.reduce((sum, state) => sum + Math.max(0, counts[state] ?? 0), 0);
  if (total === 0) return [];
  return SUMMARY_STATES.filter((state) => (counts[state] ?? 0) > 0).map((state) => ({ state, count: counts[state], percent: (counts[state] / total) * 100 }));
}

/** "web: 3 running, 1 failed" or "web: no allocations". */
export function summaryText(name: string, counts: Counts): string {
  const parts = SUMMARY_STATES.filter((state) => (counts[state] ?? 0) > 0).map((state) => `${counts[state]} ${state}`);
  return `${name}: ${parts.length ? parts.join(', ') : 'no allocations'}`;
}

/** Sums the groups, for a job-level total. */
export function totalCounts(groups: readonly Counts[]): Counts {
  const total: Counts = { running: 0, starting: 0, queued: 0, complete: 0, failed: 0, lost: 0 };
  for (const group of groups) for (const state of SUMMARY_STATES) total[state] += group[state] ?? 0;
  return total;
}
