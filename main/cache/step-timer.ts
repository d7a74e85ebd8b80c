// The longest synchronous steps of the offline cache's write path (encode a slice, assemble, commit, take a
// snapshot's rows), in wall time and in process CPU time: the cache-writes benchmark's figure, and a diagnostic.
// CPU time is what the step itself costs; wall time also counts the moments a busy machine did not run the process.

export interface StepStats {
  steps: number;
  longestWallMs: number;
  longestCpuMs: number;
  /** Which kind of step took the longest CPU time. */
  longestKind: string;
}

let stats: StepStats = { steps: 0, longestWallMs: 0, longestCpuMs: 0, longestKind: '' };

export function timeStep<T>(kind: string, step: () => T): T {
  const wall = performance.now();
  const cpu = process.cpuUsage();
  try {
    return step();
  } finally {
    const used = process.cpuUsage(cpu);
    const cpuMs = (used.user + used.system) / 1000;
    stats.steps++;
    stats.longestWallMs = Math.max(stats.longestWallMs, performance.now() - wall);
    if (cpuMs > stats.longestCpuMs) {
      stats.longestCpuMs = cpuMs;
      stats.longestKind = kind;
    }
  }
}

export function cacheStepStats(): StepStats {
  return { ...stats };
}

export function resetCacheStepStats(): void {
  stats = { steps: 0, longestWallMs: 0, longestCpuMs: 0, longestKind: '' };
}
