// The renderer's longest main-thread task while the task-log viewer follows a log growing at 5 MB/s (issue 6 §6):
// the real app (browser mode, built renderer) in Chromium against the simulator, which grows followed logs at the
// rate set through POST /_sim/agent/log-rate. Long tasks come from the browser's `longtask` entries (≥ 50 ms) and
// from a 4 ms ticker's worst gap, which also sees shorter blocks.
import { openApp } from '../../e2e/support/app';

export interface RendererFollowResult {
  bytesPerSecond: number;
  seconds: number;
  longestTaskMs: number;
  longTasks: number;
  worstTickGapMs: number;
  linesAtStart: number;
  linesAtEnd: number;
  status: string;
}

export async function measureRendererLogFollow(bytesPerSecond = 5_000_000, seconds = 10): Promise<RendererFollowResult> {
  const app = await openApp({ connections: ['cluster'] });
  try {
    const { page, sim } = app;
    const headers = { 'X-Cluster-Token': sim.clusterToken };
    const allocs = (await (await fetch(`${sim.url}/v1/allocations?namespace=*`, { headers })).json()) as { ID: string; ClientStatus: string; TaskStates: Record<string, unknown> | null }[];
    const alloc = allocs.find((a) => a.ClientStatus === 'running' && a.TaskStates && Object.keys(a.TaskStates).length > 0);
    if (!alloc) throw new Error('the simulator has no running allocation with a task');
    const task = Object.keys(alloc.TaskStates!)[0];
    const rate = await fetch(`${sim.url}/_sim/agent/log-rate`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ bytesPerSecond }) });
    if (rate.status !== 200) throw new Error(`setting the log rate failed (${rate.status})`);

    await app.goto(`#/logs/${alloc.ID}?task=${encodeURIComponent(task)}&type=stdout`);
    const viewer = page.locator('[data-testid="task-log"]:visible [data-testid="log-viewer"]');
    await viewer.waitFor({ timeout: 30_000 });
    const status = page.locator('[data-testid="task-log"]:visible [data-testid="log-status"]');
    await page.waitForFunction(() => document.querySelector('[data-testid="task-log"] [data-testid="log-status"]')?.getAttribute('data-status') === 'live', undefined, { timeout: 30_000 });
    // Let the follow settle (the tail is loaded first), then measure a steady stretch.
    await page.waitForTimeout(2000);
    const linesAtStart = Number(await viewer.getAttribute('data-lines'));
    const measured = await page.evaluate(async (ms) => {
      const longTasks: number[] = [];
      const observer = new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) longTasks.push(entry.duration);
      });
      observer.observe({ type: 'longtask', buffered: false });
      let worst = 0;
      let last = performance.now();
      const ticker = setInterval(() => {
        const now = performance.now();
        worst = Math.max(worst, now - last);
        last = now;
      }, 4);
      await new Promise((resolve) => setTimeout(resolve, ms));
      clearInterval(ticker);
      observer.disconnect();
      return { longTasks, worst };
    }, seconds * 1000);
    const linesAtEnd = Number(await viewer.getAttribute('data-lines'));
    return {
      bytesPerSecond,
      seconds,
      longestTaskMs: Math.round(Math.max(0, ...measured.longTasks)),
      longTasks: measured.longTasks.length,
      worstTickGapMs: Math.round(measured.worst),
      linesAtStart,
      linesAtEnd,
      status: (await status.getAttribute('data-status')) ?? 'unknown',
    };
  } finally {
    await app.close();
  }
}
