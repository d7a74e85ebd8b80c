// The renderer's longest main-thread task while the log viewer follows 5 MB/s of task logs (issue 6 §6): the
// simulator grows one followed log at 5 MB/s, the real app (browser mode, Chromium) shows it in a task-log tab, and
// a PerformanceObserver counts long tasks. The ratio is the longest task against the 50 ms long-task threshold
// (the budget under which input still feels immediate), measured after a warm-up, with the same run at 50 KB/s
// (100x less) as the baseline for the extra cost of volume.
import { loadavg } from 'node:os';
import { openApp, type AppSession } from '../e2e/support/app';
import { runningTasks } from '../e2e/pages/logs';
import { writeResult } from './support/results';

const FOLLOW_MS = 15_000;
const WARMUP_MS = 3_000;
const FAST = 5_000_000;
const SLOW = 50_000;

interface Measure {
  bytesPerSecond: number;
  longestTaskMs: number;
  longTasks: number;
  longTaskMsTotal: number;
  linesShown: number;
  dropped: number;
}

async function setRate(app: AppSession, bytesPerSecond: number): Promise<void> {
  await fetch(`${app.sim.url}/_sim/agent/log-rate`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ bytesPerSecond }) });
}

async function follow(app: AppSession, allocId: string, task: string, bytesPerSecond: number): Promise<Measure> {
  const { page } = app;
  await setRate(app, bytesPerSecond);
  await app.goto(`#/logs/${allocId}?task=${encodeURIComponent(task)}&type=stdout`);
  await page.waitForSelector('[data-testid="task-log"]:visible [data-testid="log-status"][data-status="live"]', { timeout: 30_000 });
  await page.waitForTimeout(WARMUP_MS);
  await page.evaluate(() => {
    const w = window as unknown as { __long: number[]; __observer?: PerformanceObserver; __chars: number };
    w.__long = [];
    w.__observer?.disconnect();
    w.__observer = new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) w.__long.push(entry.duration);
    });
    w.__observer.observe({ type: 'longtask', buffered: false });
  });
  // The observer must see a task we know is long, or a zero below would mean nothing.
  // (Scheduled from the page's own timer: tasks run by the automation protocol are not reported as long tasks.)
  await page.evaluate(() => {
    setTimeout(() => {
      const end = performance.now() + 120;
      while (performance.now() < end);
    }, 0);
  });
  await page.waitForFunction(() => (window as unknown as { __long: number[] }).__long.some((d) => d >= 100), null, { timeout: 5_000 });
  await page.evaluate(() => ((window as unknown as { __long: number[] }).__long = []));
  const viewer = page.locator('[data-testid="task-log"]:visible [data-testid="log-viewer"]');
  const linesBefore = Number(await viewer.getAttribute('data-lines'));
  const trimmedBefore = Number((await page.locator('[data-testid="task-log"]:visible [data-testid="log-dropped"]').getAttribute('data-trimmed').catch(() => '0')) ?? 0);
  await page.waitForTimeout(FOLLOW_MS);
  const long = await page.evaluate(() => (window as unknown as { __long: number[] }).__long);
  const linesAfter = Number(await viewer.getAttribute('data-lines'));
  const droppedTag = page.locator('[data-testid="task-log"]:visible [data-testid="log-dropped"]');
  const trimmedAfter = (await droppedTag.count()) ? Number(await droppedTag.getAttribute('data-trimmed')) : 0;
  const dropped = (await droppedTag.count()) ? Number(await droppedTag.getAttribute('data-dropped')) : 0;
  return {
    bytesPerSecond,
    longestTaskMs: Math.round(Math.max(0, ...long)),
    longTasks: long.length,
    longTaskMsTotal: Math.round(long.reduce((a, b) => a + b, 0)),
    linesShown: linesAfter - linesBefore + (trimmedAfter - trimmedBefore),
    dropped,
  };
}

async function main(): Promise<void> {
  const app = await openApp({ simArgs: ['--scale', 'small'], connections: ['cluster'] });
  try {
    const [first, second] = await runningTasks(app, 2);
    const slow = await follow(app, second.allocId, second.task, SLOW);
    const fast = await follow(app, first.allocId, first.task, FAST);
    await setRate(app, 240);
    const ratio = Math.round((fast.longestTaskMs / 50) * 100) / 100;
    writeResult({
      name: 'log-viewer',
      ratio,
      goal: 1,
      better: 'lower',
      details: {
        measures: `renderer's longest main-thread task while following ${FAST / 1e6} MB/s of task logs, / 50 ms (${fast.longestTaskMs} ms; ${fast.longTasks} long tasks in ${FOLLOW_MS / 1000} s)`,
        method:
          'Browser mode in Chromium against the simulator (one followed log grown at the rate), a PerformanceObserver("longtask") in the page over ' +
          `${FOLLOW_MS / 1000} s after a ${WARMUP_MS / 1000} s warm-up. Lines counted are those the viewer took in (kept or scrolled out of its bounded model).`,
        fast,
        slow,
        // Long tasks are wall-clock: on the shared 2-core machine, other processes' load stretches them. A CPU profile of
        // the page at 5 MB/s (load ~7) found ~26 ms of samples inside its longest 885 ms busy window: the rest was the
        // renderer waiting for a core, not work it did.
        loadAverage1m: Math.round(loadavg()[0] * 10) / 10,
        longestTaskGrowthVsSlow: slow.longestTaskMs > 0 ? Math.round((fast.longestTaskMs / slow.longestTaskMs) * 100) / 100 : null,
      },
    });
  } finally {
    await app.close();
  }
}

await main();
