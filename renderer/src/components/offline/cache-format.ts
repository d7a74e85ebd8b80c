// Numbers of the offline cache panel: sizes for people, and the rule for the size bound field (checked before sending).

export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  if (bytes < 1024 * 1024 * 1024) return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
  return `${(bytes / (1024 * 1024 * 1024)).toFixed(2)} GB`;
}

export const MIN_CACHE_MB = 10;
export const MAX_CACHE_MB = 1_000_000;

/** Why a size bound is refused, or null when it is fine. */
export function cacheLimitProblem(value: number | null | undefined): string | null {
  if (value === null || value === undefined || Number.isNaN(value)) return 'Enter a size in MB, for example 500.';
  if (!Number.isInteger(value)) return 'Use a whole number of MB.';
  if (value < MIN_CACHE_MB) return `The offline cache needs at least ${MIN_CACHE_MB} MB to hold a large list; enter ${MIN_CACHE_MB} or more.`;
  if (value > MAX_CACHE_MB) return `That is more than ${MAX_CACHE_MB.toLocaleString('en')} MB; enter a smaller size.`;
  return null;
}
