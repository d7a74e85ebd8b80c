// Benchmark: the host's cluster list engine at 100,000 allocations against the same work at 1,000 (issue 4 §6).
// The real cluster service (main/cluster + main/lists) runs in this process against the simulator in another
// one (bench/support/sized-sim.ts: the large estate, cut to 1,000 allocations for the baseline), over HTTP.
//   time-to-first-rows: a fresh connection's first `allocations.query` until a window with rows comes back;
//   filter keystroke:  one `allocations.query` per keystroke of a search typed letter by letter, and facet clicks,
//                      on the filled list (what a view sends while a person types);
//   live load:         the longest event-loop block of the host while the cluster emits 1,000 events/s and an
//                      open view re-queries its window on every change notice (useWindowedList's 250 ms throttle).
// Writes bench/results/cluster-lists.json (ratio = the worse of the two size ratios, goal ≤ 2) and
// bench/results/cluster-lists-live.json (longest block over the 50 ms long-task budget, goal ≤ 1).
import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import type { ListWindow, AllocRow } from '../main/contract';
import { harness, untilChange, type Harness } from '../main/cluster/cluster-test-kit';
import { writeResult } from './support/results';
import { longestTask, openUi, timeToFirstRow, typeSearch } from './support/ui-session';

const ROOT = join(import.meta.dirname, '..');
const SMALL = 1_000;
const TTFR_RUNS = 7;
const KEYSTROKE_REPEATS = 5;
const LIVE_SECONDS = 10;
const EVENTS_PER_SECOND = 1_000;
const LONG_TASK_MS = 50;
/** The allocations view waits this long after the last keystroke before it queries (AllocationsView.vue). */
const VIEW_DEBOUNCE_MS = 120;
const UI_COLD_RUNS = 3;

interface Sim {
  url: string;
  clusterToken: string;
  allocs: number;
  stop(): Promise<void>;
}

function startSim(allocs: number): Promise<Sim> {
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', join(ROOT, 'bench', 'support', 'sized-sim.ts'), '--allocs', String(allocs)], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString('utf8');
      const line = out.split('\n').find((l) => l.startsWith('{'));
      if (!line) return;
      const info = JSON.parse(line) as Omit<Sim, 'stop'>;
      resolve({
        ...info,
        stop: () =>
          new Promise<void>((done) => {
            child.once('exit', () => done());
            child.kill('SIGTERM');
          }),
      });
    });
    child.once('exit', (code) => reject(new Error(`the simulator exited (${code}) before it was ready`)));
  });
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const round = (value: number, digits = 2) => Number(value.toFixed(digits));

type Query = Parameters<Harness['service']['handlers']['allocations.query']>[0];
const queryOf = (h: Harness, extra: Partial<Query> = {}) => h.service.handlers['allocations.query']({ connectionId: h.connectionId, offset: 0, limit: 100, ...extra }) as Promise<ListWindow<AllocRow>>;

async function timeToFirstRows(sim: Sim): Promise<{ times: number[]; kept: Harness }> {
  const times: number[] = [];
  let kept: Harness | null = null;
  for (let run = 0; run < TTFR_RUNS; run++) {
    const h = await harness(sim.url, sim.clusterToken);
    const start = performance.now();
    await untilChange(h.datasets, h.connectionId, async () => (await queryOf(h)).rows.length > 0, 60_000, 'the first rows');
    times.push(performance.now() - start);
    if (run === TTFR_RUNS - 1) kept = h;
    else await h.close();
  }
  return { times, kept: kept! };
}

async function filled(h: Harness, method: 'allocations.query' | 'nodes.query' | 'jobs.query'): Promise<void> {
  const q = () => (h.service.handlers[method] as (p: unknown) => Promise<ListWindow<unknown>>)({ connectionId: h.connectionId, offset: 0, limit: 1 });
  await untilChange(h.datasets, h.connectionId, async () => !(await q()).loading, 240_000, `${method} to fill`);
}

/** One query per keystroke of `typed`, then facet clicks; returns per-keystroke times (ms). */
async function keystrokes(h: Harness, typed: string): Promise<number[]> {
  await queryOf(h); // the default sort is built once per data change, as after any live update
  const times: number[] = [];
  const steps: Partial<Query>[] = [];
  for (let i = 1; i <= typed.length; i++) steps.push({ search: typed.slice(0, i) });
  steps.push({ facets: { ClientStatus: ['failed'] } }, { facets: { ClientStatus: ['running', 'pending'] } }, { facets: { DesiredStatus: ['run'] }, search: typed.slice(0, 4) });
  for (let repeat = 0; repeat < KEYSTROKE_REPEATS; repeat++) {
    for (const step of steps) {
      const start = performance.now();
      await queryOf(h, step);
      times.push(performance.now() - start);
    }
  }
  return times;
}

async function liveLoad(sim: Sim, h: Harness): Promise<{ longestBlockMs: number; changeNotices: number; requeries: number; eventsEmitted: number }> {
  await Promise.all([filled(h, 'jobs.query'), filled(h, 'nodes.query')]);
  let notices = 0;
  let requeries = 0;
  let dirty = false;
  const stopListening = h.datasets.listen(h.connectionId, () => {
    notices++;
    dirty = true;
  });
  // An open allocations view: re-query the visible window at most every 250 ms after a change notice.
  const view = setInterval(() => {
    if (!dirty) return;
    dirty = false;
    requeries++;
    void queryOf(h, { sort: { key: 'ModifyTime', order: 'desc' } });
  }, 250);
  const before = (await (await fetch(`${sim.url}/_sim/events/emitted?since=999999999999`)).json()) as { total: number };
  await fetch(`${sim.url}/_sim/event-rate`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ rate: EVENTS_PER_SECOND }) });
  let longest = 0;
  let last = performance.now();
  const ticker = setInterval(() => {
    const now = performance.now();
    longest = Math.max(longest, now - last);
    last = now;
  }, 1);
  await new Promise((resolve) => setTimeout(resolve, LIVE_SECONDS * 1000));
  clearInterval(ticker);
  clearInterval(view);
  stopListening();
  await fetch(`${sim.url}/_sim/event-rate`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ rate: 0 }) });
  const after = (await (await fetch(`${sim.url}/_sim/events/emitted?since=999999999999`)).json()) as { total: number };
  return { longestBlockMs: round(longest), changeNotices: notices, requeries, eventsEmitted: after.total - before.total };
}

async function measure(allocs: number, typed: string | null) {
  const sim = await startSim(allocs);
  try {
    const { times: ttfr, kept } = await timeToFirstRows(sim);
    try {
      await filled(kept, 'allocations.query');
      const total = (await queryOf(kept)).total;
      // Type a job ID that exists at both sizes: the baseline's first allocation's job, found at the small size.
      const search = typed ?? (await queryOf(kept, { sort: { key: 'JobID', order: 'asc' } })).rows[0].JobID.slice(0, 14);
      const keys = await keystrokes(kept, search);
      const live = allocs === 0 ? await liveLoad(sim, kept) : null;
      return { total, ttfrMs: median(ttfr), ttfrRuns: ttfr.map((t) => round(t)), keystrokeMs: median(keys), keystrokeP95Ms: [...keys].sort((a, b) => a - b)[Math.floor(keys.length * 0.95)], search, live };
    } finally {
      await kept.close();
    }
  } finally {
    await sim.stop();
  }
}


/** The same, as a person sees it: Quarterdeck in Chromium, rows on screen, typing in the search box. */
async function measureUi(allocs: number, typed: string) {
  const sim = await startSim(allocs);
  const ui = await openUi();
  try {
    const cold: number[] = [];
    for (let run = 0; run < UI_COLD_RUNS; run++) {
      // A fresh connection each time: main starts from nothing, as when the operator first opens the view.
      await ui.connect(`bench ${run}`, sim.url, sim.clusterToken);
      cold.push(await timeToFirstRow(ui.page));
    }
    await ui.page.waitForFunction(() => document.querySelector('[data-testid="allocations-count"]')?.getAttribute('data-loading') === 'false', null, { timeout: 240_000 });
    const keys: number[] = [];
    for (let repeat = 0; repeat < 3; repeat++) {
      keys.push(...(await typeSearch(ui.page, typed)));
      await ui.page.getByTestId('allocations-clear').click().catch(() => undefined);
    }
    let live: { longestMs: number; count: number } | null = null;
    if (allocs === 0) {
      await ui.page.getByTestId('allocations-table-header-ModifyTime').click(); // newest changes on top: rows move
      await fetch(`${sim.url}/_sim/event-rate`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ rate: EVENTS_PER_SECOND }) });
      live = await longestTask(ui.page, LIVE_SECONDS * 1000);
      await fetch(`${sim.url}/_sim/event-rate`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ rate: 0 }) });
    }
    return { ttfrMs: median(cold), ttfrRuns: cold.map((t) => round(t)), keystrokeMs: median(keys), keystrokeRuns: keys.map((t) => round(t)), live };
  } finally {
    await ui.close();
    await sim.stop();
  }
}

async function main(): Promise<void> {
  const small = await measure(SMALL, null);
  console.log(`host, ${small.total} allocations: first rows ${round(small.ttfrMs)} ms, keystroke ${round(small.keystrokeMs, 3)} ms (typing "${small.search}")`);
  const large = await measure(0, small.search);
  console.log(`host, ${large.total} allocations: first rows ${round(large.ttfrMs)} ms, keystroke ${round(large.keystrokeMs, 3)} ms`);
  const uiSmall = await measureUi(SMALL, small.search);
  console.log(`chromium, ${small.total}: first rows ${round(uiSmall.ttfrMs)} ms, keystroke ${round(uiSmall.keystrokeMs)} ms`);
  const uiLarge = await measureUi(0, small.search);
  console.log(`chromium, ${large.total}: first rows ${round(uiLarge.ttfrMs)} ms, keystroke ${round(uiLarge.keystrokeMs)} ms, longest task ${uiLarge.live?.longestMs} ms`);

  const uiTtfrRatio = uiLarge.ttfrMs / uiSmall.ttfrMs;
  // The view's typing pause is a fixed wait, not work; the ratio compares the work after it.
  const uiKeystrokeRatio = Math.max(1, uiLarge.keystrokeMs - VIEW_DEBOUNCE_MS) / Math.max(1, uiSmall.keystrokeMs - VIEW_DEBOUNCE_MS);
  const hostTtfrRatio = large.ttfrMs / small.ttfrMs;
  const hostKeystrokeRatio = large.keystrokeMs / small.keystrokeMs;
  writeResult({
    name: 'cluster-lists',
    ratio: round(Math.max(uiTtfrRatio, uiKeystrokeRatio)),
    goal: 2,
    better: 'lower',
    details: {
      measures: `allocations list in Chromium, ${large.total.toLocaleString('en')} vs ${small.total.toLocaleString('en')} rows: the worse of time-to-first-rows and filter-keystroke (after the ${VIEW_DEBOUNCE_MS} ms typing pause) ratios`,
      ui: {
        timeToFirstRows: { ratio: round(uiTtfrRatio), smallMs: round(uiSmall.ttfrMs), largeMs: round(uiLarge.ttfrMs), smallRuns: uiSmall.ttfrRuns, largeRuns: uiLarge.ttfrRuns },
        filterKeystroke: { ratio: round(uiKeystrokeRatio), smallMedianMs: round(uiSmall.keystrokeMs), largeMedianMs: round(uiLarge.keystrokeMs), includesDebounceMs: VIEW_DEBOUNCE_MS, typed: small.search },
      },
      host: {
        note: 'the cluster service in-process, one allocations.query per keystroke; a linear scan (and a full re-sort after any change) at 100,000 rows',
        timeToFirstRows: { ratio: round(hostTtfrRatio), smallMs: round(small.ttfrMs), largeMs: round(large.ttfrMs), smallRuns: small.ttfrRuns, largeRuns: large.ttfrRuns },
        filterKeystroke: { ratio: round(hostKeystrokeRatio), smallMedianMs: round(small.keystrokeMs, 3), largeMedianMs: round(large.keystrokeMs, 3), smallP95Ms: round(small.keystrokeP95Ms, 3), largeP95Ms: round(large.keystrokeP95Ms, 3) },
      },
      rows: { small: small.total, large: large.total },
    },
  });
  const hostLive = large.live!;
  const uiLive = uiLarge.live!;
  writeResult({
    name: 'cluster-lists-live',
    ratio: round(uiLive.longestMs / LONG_TASK_MS),
    goal: 1,
    better: 'lower',
    details: {
      measures: `renderer's longest main-thread task (longtask observer) with the ${large.total.toLocaleString('en')}-row allocations list open while ${EVENTS_PER_SECOND} events/s arrive for ${LIVE_SECONDS} s, over the ${LONG_TASK_MS} ms long-task budget`,
      renderer: uiLive,
      host: { ...hostLive, note: 'longest event-loop block of the host process (cluster service in-process, a view re-querying every 250 ms)' },
    },
  });
}

await main();
process.exit(0);
