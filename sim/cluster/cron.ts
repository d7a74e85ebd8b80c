// Next launch of a periodic job's cron spec (5 fields: minute hour day-of-month month day-of-week; UTC),
// for the plan endpoint's NextPeriodicLaunch. Supports *, */n, a-b, a-b/n and comma lists.

function field(spec: string, min: number, max: number): Set<number> | null {
  const out = new Set<number>();
  for (const part of spec.split(',')) {
    const m = /^(\*|(\d+)(?:-(\d+))?)(?:\/(\d+))?$/.exec(part);
    if (!m) return null;
    const lo = m[1] === '*' ? min : Number(m[2]);
    const hi = m[1] === '*' ? max : m[3] !== undefined ? Number(m[3]) : m[4] !== undefined ? max : lo;
    const step = m[4] !== undefined ? Number(m[4]) : 1;
    if (lo < min || hi > max || step < 1) return null;
    for (let v = lo; v <= hi; v += step) out.add(v);
  }
  return out;
}

/** The first matching minute strictly after `fromMs`, or null for an unsupported spec. */
export function nextCron(spec: string, fromMs: number): number | null {
  const parts = spec.trim().split(/\s+/);
  if (parts.length !== 5) return null;
  const [minutes, hours, days, months, weekdays] = [field(parts[0], 0, 59), field(parts[1], 0, 23), field(parts[2], 1, 31), field(parts[3], 1, 12), field(parts[4], 0, 7)];
  if (!minutes || !hours || !days || !months || !weekdays) return null;
  if (weekdays.has(7)) weekdays.add(0);
  let t = Math.floor(fromMs / 60_000) * 60_000 + 60_000;
  for (let i = 0; i < 366 * 24 * 60; i++, t += 60_000) {
    const d = new Date(t);
    if (!months.has(d.getUTCMonth() + 1) || !days.has(d.getUTCDate()) || !weekdays.has(d.getUTCDay())) {
      t = Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate() + 1) - 60_000;
      continue;
    }
    if (hours.has(d.getUTCHours()) && minutes.has(d.getUTCMinutes())) return t;
  }
  return null;
}
