// The one shape every benchmark writes (design.md, Testing): bench/results/NAME.json, written atomically.
import { mkdirSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export interface BenchResult {
  name: string;
  /** The measured ratio against a baseline run in the same process, or against the same work at another size. */
  ratio: number;
  goal: number;
  better: 'lower' | 'higher';
  details: Record<string, unknown>;
}

export const RESULTS_DIR = join(import.meta.dirname, '..', 'results');

export function meetsGoal(result: BenchResult): boolean {
  return result.better === 'lower' ? result.ratio <= result.goal : result.ratio >= result.goal;
}

export function writeResult(result: BenchResult): string {
  mkdirSync(RESULTS_DIR, { recursive: true });
  const file = join(RESULTS_DIR, `${result.name}.json`);
  writeFileSync(`${file}.tmp`, `${JSON.stringify(result, null, 2)}\n`);
  renameSync(`${file}.tmp`, file);
  console.log(`${result.name}: ratio ${result.ratio} (goal ${result.better === 'lower' ? '≤' : '≥'} ${result.goal}) ${meetsGoal(result) ? 'met' : 'NOT met'}`);
  return file;
}
