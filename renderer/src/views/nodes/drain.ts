// The drain form's rules (cluster-api.md, POST /v1/node/:id/drain): a deadline typed as a duration ("1h", "30m",
// "1h30m", "90s"), "no deadline" (0) or "force" (-1, stops every allocation at once and needs a typed confirmation,
// design.md invariant 4). The host takes whole seconds; -1 and 0 keep their special meanings.

export type DrainMode = 'deadline' | 'no-deadline' | 'force';

const UNIT_SECONDS: Record<string, number> = { h: 3600, m: 60, s: 1 };
/** The host's upper bound (main/cluster/schemas.ts, nodes.drain). */
export const MAX_DEADLINE_SECONDS = 365 * 24 * 3600;

/** Parses "1h30m", "45m", "90s", "2h"; returns seconds, or an error a person can act on. */
export function parseDeadline(input: string): { seconds: number } | { error: string } {
  const value = input.trim().toLowerCase();
  if (!value) return { error: 'Enter a deadline such as 1h, 30m or 1h30m.' };
  if (!/^(\d+[hms])+$/.test(value)) return { error: `“${input.trim()}” is not a duration. Use hours, minutes and seconds such as 1h, 30m, 1h30m or 90s.` };
  let seconds = 0;
  const seen = new Set<string>();
  for (const [, amount, unit] of value.matchAll(/(\d+)([hms])/g)) {
    if (seen.has(unit)) return { error: `“${input.trim()}” gives ${unit} twice. Write each unit once, e.g. 1h30m.` };
    seen.add(unit);
    seconds += Number(amount) * UNIT_SECONDS[unit];
  }
  if (seconds < 1) return { error: 'The deadline must be at least 1s. Choose “No deadline” to let allocations migrate without one.' };
  if (seconds > MAX_DEADLINE_SECONDS) return { error: 'The deadline must be at most a year (8760h).' };
  return { seconds };
}

/** What the host's nodes.drain receives as `deadlineSeconds` for a mode (and the parsed duration). */
export function deadlineSecondsFor(mode: DrainMode, parsedSeconds: number): number {
  if (mode === 'force') return -1;
  if (mode === 'no-deadline') return 0;
  return parsedSeconds;
}

/** The drain currently set on a node, in words, from its DrainStrategy (flattened or nested DrainSpec). */
export function describeDrain(strategy: { Deadline?: number; IgnoreSystemJobs?: boolean; DrainSpec?: { Deadline: number; IgnoreSystemJobs: boolean }; ForceDeadline?: string } | null | undefined): string {
  if (!strategy) return '';
  const deadline = strategy.DrainSpec?.Deadline ?? strategy.Deadline ?? 0;
  const ignore = strategy.DrainSpec?.IgnoreSystemJobs ?? strategy.IgnoreSystemJobs ?? false;
  const when =
    deadline < 0
      ? 'forced: allocations are stopped now'
      : deadline === 0
        ? 'no deadline'
        : `deadline ${formatSeconds(deadline / 1e9)}${strategy.ForceDeadline && !strategy.ForceDeadline.startsWith('0001-') ? ` (force-stops at ${new Date(strategy.ForceDeadline).toLocaleString()})` : ''}`;
  return `${when}${ignore ? '; system jobs keep running' : ''}`;
}

export function formatSeconds(total: number): string {
  const seconds = Math.round(total);
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = seconds % 60;
  return `${h ? `${h}h` : ''}${m ? `${m}m` : ''}${s || (!h && !m) ? `${s}s` : ''}`;
}
