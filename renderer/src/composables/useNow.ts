// One shared clock for "3 min ago" labels: a single timer for the whole app, not one per tag.
import { useNow as useVueUseNow } from '@vueuse/core';

const now = useVueUseNow({ interval: 15_000 });

export function useNow() {
  return now;
}

/** "just now", "42 s ago", "3 min ago", "2 h ago", "4 d ago". */
export function ago(iso: string | null | undefined, nowMs: number): string {
  if (!iso) return 'never';
  const seconds = Math.max(0, Math.round((nowMs - Date.parse(iso)) / 1000));
  if (seconds < 10) return 'just now';
  if (seconds < 60) return `${seconds} s ago`;
  if (seconds < 3600) return `${Math.floor(seconds / 60)} min ago`;
  if (seconds < 86_400) return `${Math.floor(seconds / 3600)} h ago`;
  return `${Math.floor(seconds / 86_400)} d ago`;
}
