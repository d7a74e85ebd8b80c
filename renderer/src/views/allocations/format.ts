// How cluster times, durations and statuses read on screen: the API sends Unix nanoseconds and Go durations in
// nanoseconds (cluster-api.md, Time values), which people read as local times and "1m30s".

const NS_PER_MS = 1e6;
/** Go's zero time, which the API sends for "never" (sim/cluster/README.md, Times). */
const GO_ZERO_YEAR = '0001-';

/** A Unix-nanosecond time as a local date and time; empty for 0 (unset). */
export function nsTime(ns: number | null | undefined): string {
  if (!ns) return '';
  return new Date(ns / NS_PER_MS).toLocaleString();
}

/** An ISO time from the API as a local date and time; empty for Go's zero time or nothing. */
export function isoTime(iso: string | null | undefined): string {
  if (!iso || iso.startsWith(GO_ZERO_YEAR)) return '';
  const ms = Date.parse(iso);
  return Number.isNaN(ms) ? iso : new Date(ms).toLocaleString();
}

/** "42 s ago", "3 min ago" for a Unix-nanosecond time. */
export function nsAgo(ns: number | null | undefined, nowMs: number): string {
  if (!ns) return '';
  const seconds = Math.max(0, Math.round((nowMs - ns / NS_PER_MS) / 1000));
  if (seconds < 60) return `${seconds} s ago`;
  if (seconds < 3600) return `${Math.floor(seconds / 60)} min ago`;
  if (seconds < 86_400) return `${Math.floor(seconds / 3600)} h ago`;
  return `${Math.floor(seconds / 86_400)} d ago`;
}

/** A nanosecond duration the way Go prints it: "1h2m3s", "45s", "250ms". */
export function nsDuration(ns: number | null | undefined): string {
  if (ns === null || ns === undefined || !Number.isFinite(ns)) return '';
  if (ns === 0) return '0s';
  const negative = ns < 0;
  let rest = Math.abs(ns);
  if (rest < 1e9) return `${negative ? '-' : ''}${Number((rest / NS_PER_MS).toFixed(3))}ms`;
  const hours = Math.floor(rest / 3.6e12);
  rest -= hours * 3.6e12;
  const minutes = Math.floor(rest / 6e10);
  rest -= minutes * 6e10;
  const seconds = Number((rest / 1e9).toFixed(3));
  const parts = `${hours ? `${hours}h` : ''}${hours || minutes ? `${minutes}m` : ''}${seconds}s`;
  return `${negative ? '-' : ''}${parts}`;
}

export type Tone = 'success' | 'info' | 'warning' | 'error' | 'default';

/** Colour of an allocation's client status (cluster-api.md, Allocation ClientStatus). */
export function clientStatusTone(status: string): Tone {
  switch (status) {
    case 'running':
      return 'success';
    case 'pending':
      return 'info';
    case 'failed':
    case 'lost':
      return 'error';
    case 'unknown':
      return 'warning';
    default:
      return 'default';
  }
}

/** Colour of a task's state: dead and failed reads as an error, dead and done as neutral. */
export function taskStateTone(state: string, failed: boolean): Tone {
  if (failed) return 'error';
  if (state === 'running') return 'success';
  if (state === 'pending') return 'info';
  return 'default';
}

/** Facet values sorted by count, as select options that show how many rows each holds. */
export function facetOptions(counts: Record<string, number> | undefined): { label: string; value: string }[] {
  return Object.entries(counts ?? {})
    .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))
    .map(([value, count]) => ({ label: `${value || '(none)'} (${count.toLocaleString()})`, value }));
}

/** The first 8 characters of a UUID, as the cluster's own tools show IDs. */
export function shortId(id: string | null | undefined): string {
  return id ? id.slice(0, 8) : '';
}
