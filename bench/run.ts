// `npm run bench [-- NAME ...] [--report-only]`: runs each bench/NAME.bench.ts in its own process (so one benchmark's heap and
// timers never skew another's), then rewrites docs/benchmarks.md from every bench/results/NAME.json.
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { meetsGoal, RESULTS_DIR, type BenchResult } from './support/results';

const here = import.meta.dirname;
const root = join(here, '..');
const available = readdirSync(here).filter((f) => f.endsWith('.bench.ts')).map((f) => f.replace(/\.bench\.ts$/, '')).sort();
const wanted = process.argv.slice(2).filter((a) => !a.startsWith('-'));
const unknown = wanted.filter((name) => !available.includes(name));
if (unknown.length) {
  console.error(`Unknown benchmark ${unknown.join(', ')}. Available: ${available.join(', ')}.`);
  process.exit(2);
}

// `--report-only` rewrites docs/benchmarks.md from the results already on disk, running nothing.
const reportOnly = process.argv.includes('--report-only');
let failedRuns = 0;
for (const name of reportOnly ? [] : wanted.length ? wanted : available) {
  console.log(`\n=== bench ${name}`);
  const run = spawnSync(process.execPath, ['--expose-gc', '--import', 'tsx', join(here, `${name}.bench.ts`)], { cwd: root, stdio: 'inherit' });
  if (run.status !== 0) failedRuns++;
}

const results: BenchResult[] = readdirSync(RESULTS_DIR)
  .filter((f) => f.endsWith('.json'))
  .map((f) => JSON.parse(readFileSync(join(RESULTS_DIR, f), 'utf8')) as BenchResult)
  .sort((a, b) => a.name.localeCompare(b.name));
const rows = results.map((r) => `| ${r.name} | ${r.ratio} | ${r.better === 'lower' ? '≤' : '≥'} ${r.goal} | ${meetsGoal(r) ? 'met' : '**not met**'} | ${String(r.details.measures ?? '')} |`);
const doc = `# Benchmarks

Written by \`npm run bench\` from \`bench/results/*.json\`; never edited by hand. Each ratio is measured in one run
against a baseline doing the same work, or against the same work at another size (design.md, Testing). Figures come
from the 2-core shared CI-class machine, so read them as ratios, not as absolute speeds.

| benchmark | ratio | goal | | what the ratio measures |
|---|---|---|---|---|
${rows.join('\n')}

Full figures: \`bench/results/NAME.json\` (\`details\`).
`;
const out = join(root, 'docs', 'benchmarks.md');
writeFileSync(`${out}.tmp`, doc);
renameSync(`${out}.tmp`, out);
console.log(`\nwrote docs/benchmarks.md (${results.length} results)`);
process.exit(failedRuns ? 1 : 0);
