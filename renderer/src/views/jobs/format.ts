// How job facts read on screen: nanosecond times as local dates, status colours, short IDs.

/** A Unix-nanosecond time (cluster-api.md, Time values) as a Date; null for absent or zero. */
export function nsToDate(ns: number | null | undefined): Date | null {
  if (!ns) return null;
  return new Date(Math.floor(ns / 1e6));
}

/** "2026-11-23 14:05" in local time; "—" when absent. */
export function formatNs(ns: number | null | undefined): string {
  const date = nsToDate(ns);
  if (!date) return '—';
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())} ${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

export function shortId(id: string): string {
  return id.length > 8 && /^[0-9a-f-]{36}$/.test(id) ? id.slice(0, 8) : id;
}

type TagType = 'default' | 'success' | 'warning' | 'error' | 'info';

const STATUS_TYPES: Record<string, TagType> = {
  running: 'success',
  pending: 'warning',
  dead: 'default',
  complete: 'info',
  successful: 'success',
  failed: 'error',
  lost: 'warning',
  blocked: 'warning',
  canceled: 'default',
  cancelled: 'default',
  paused: 'warning',
};

/** Tag colour of a job, allocation, evaluation or deployment status. */
export function statusType(status: string): TagType {
  return STATUS_TYPES[status] ?? 'default';
}
