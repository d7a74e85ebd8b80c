// Issue 6 §5, allocation task logs: follow from the tail, ANSI colours and multi-byte UTF-8 rendered, stdout/stderr
// switch, earlier text loaded by offset, several tabs, and the viewer's filter, search and timestamps.
import { expect, test } from '@playwright/test';
import { openApp, TARGET, type AppSession } from './support/app';
import { docScreenshot } from './support/screenshots';
import { LogsPage, runningTasks, type RunningTask } from './pages/logs';

let app: AppSession;
let tasks: RunningTask[];

test.beforeAll(async () => {
  app = await openApp({ simArgs: ['--scale', 'large'], connections: ['cluster'] });
  tasks = await runningTasks(app, 2);
  expect(tasks).toHaveLength(2);
  // Faster growth than the default 3 lines/s, so following is visible within a few seconds.
  await fetch(`${app.sim.url}/_sim/agent/log-rate`, { method: 'POST', body: JSON.stringify({ bytesPerSecond: 4000 }) });
});
test.afterAll(async () => {
  await app?.close();
});

test(`follows a task log from its tail with colours and multi-byte text (${TARGET})`, async () => {
  const logs = new LogsPage(app.page);
  await logs.open(app, tasks[0]);
  const viewer = logs.viewer;
  await viewer.expectLive();
  await expect.poll(() => viewer.lineCount()).toBeGreaterThan(20);
  // Opened at the tail: the panel says where in the file it starts, past the beginning.
  await expect(logs.panel.getByTestId('task-log-start')).toHaveAttribute('data-offset', /^[1-9]\d*$/);

  // ANSI colours arrive as xterm colour classes, not as escape text.
  await expect(viewer.rows.locator('span[class*="xterm-fg-"]').first()).toBeVisible();
  await expect(viewer.rows).not.toContainText('[0m');
  // Multi-byte characters (umlauts, CJK, emoji) come out whole: some on screen, no replacement characters.
  await expect.poll(async () => /[^\x00-\x7f]/.test((await viewer.rows.textContent()) ?? '')).toBe(true);
  expect(await viewer.rows.textContent()).not.toContain('\uFFFD');

  // Following: new lines keep arriving and the view stays at the bottom.
  const before = await viewer.lineCount();
  await viewer.expectMoreLinesThan(before);
  await expect(viewer.root).toHaveAttribute('data-following', 'true');
  await docScreenshot(app.page, 'task-logs');
});

test('loads earlier text on demand, ending where the shown text begins', async () => {
  const logs = new LogsPage(app.page);
  const start = Number(await logs.panel.getByTestId('task-log-start').getAttribute('data-offset'));
  const lines = await logs.viewer.lineCount();
  await logs.panel.getByTestId('log-pause').click();
  await logs.panel.getByTestId('log-load-earlier').click();
  await expect.poll(async () => Number(await logs.panel.getByTestId('task-log-start').getAttribute('data-offset'))).toBeLessThan(start);
  expect(await logs.viewer.lineCount()).toBeGreaterThan(lines);
  await expect(logs.panel.getByTestId('task-log-earlier-error')).toHaveCount(0);
});

test('switches between stdout and stderr', async () => {
  const logs = new LogsPage(app.page);
  await logs.panel.getByTestId('task-log-stderr').click();
  await expect(logs.panel).toHaveAttribute('data-type', 'stderr');
  await expect(app.page).toHaveURL(/type=stderr/);
  await logs.viewer.expectLive();
  await expect.poll(() => logs.viewer.lineCount()).toBeGreaterThan(0);
  await logs.panel.getByTestId('task-log-stdout').click();
  await expect(logs.panel).toHaveAttribute('data-type', 'stdout');
  await expect(app.page).toHaveURL(/type=stdout/);
});

test('keeps several log tabs open, each following its own task', async () => {
  const logs = new LogsPage(app.page);
  await logs.open(app, tasks[1]);
  await expect(logs.tab(tasks[0])).toBeVisible();
  await expect(logs.tab(tasks[1])).toBeVisible();
  await expect(logs.panel).toHaveAttribute('data-alloc', tasks[1].allocId);
  await logs.viewer.expectLive();

  // Back to the first tab: same panel, still streaming, and the address follows the tab.
  await logs.tab(tasks[0]).click();
  await expect(logs.panel).toHaveAttribute('data-alloc', tasks[0].allocId);
  await expect(app.page).toHaveURL(new RegExp(`/logs/${tasks[0].allocId}`));
  await logs.viewer.expectLive();
  // Opening the same task again focuses its tab instead of adding one.
  await logs.open(app, tasks[1]);
  await expect(app.page.locator('[data-testid^="logs-tab-"]')).toHaveCount(2);
});

test('filters lines, highlights search matches and stamps receive times', async () => {
  const logs = new LogsPage(app.page);
  await logs.open(app, tasks[0]);
  const viewer = logs.viewer;
  await viewer.expectLive();
  await expect.poll(() => viewer.lineCount()).toBeGreaterThan(20);
  await logs.panel.getByTestId('log-pause').click();
  await logs.panel.getByTestId('log-filter').fill('zzz-no-such-text');
  await expect(viewer.rows).toHaveText(/^\s*$/);
  await logs.panel.getByTestId('log-filter').fill('');
  await expect(viewer.rows).not.toHaveText(/^\s*$/);

  await logs.panel.getByTestId('log-search').fill('INFO');
  // The first match is selected and every match on screen is highlighted.
  await expect(logs.panel.getByTestId('log-search-count')).toHaveText(/^1 of \d+$/);
  await expect(viewer.root.locator('.xterm-find-result-decoration').first()).toBeAttached();
  // Next moves past the first match (the addon may still be counting matches in a long buffer, so retry).
  await expect(async () => {
    await logs.panel.getByTestId('log-search-next').click();
    await expect(logs.panel.getByTestId('log-search-count')).toHaveText(/^([2-9]|\d{2,}) of \d+$/, { timeout: 1000 });
  }).toPass();

  await logs.panel.getByTestId('log-timestamps').click();
  await expect(logs.panel.getByTestId('log-timestamps')).toHaveAttribute('data-on', 'true');
  await expect(viewer.rows).toContainText(/\d{2}:\d{2}:\d{2}\.\d{3}|\d{4}-\d{2}-\d{2}/);

  await logs.panel.getByTestId('log-timestamps').click();
});

test('turns wrap off into a sideways-scrolling view, and downloads and copies plain text', async () => {
  const logs = new LogsPage(app.page);
  await logs.open(app, tasks[0]);
  const viewer = logs.viewer;
  await viewer.expectLive();
  const box = viewer.root.locator('.terminal-box');
  await logs.panel.getByTestId('log-wrap').click();
  await expect(viewer.root).toHaveAttribute('data-wrap', 'false');
  // The simulator writes lines far wider than the window: without wrap they scroll sideways instead of folding.
  await expect.poll(() => box.evaluate((el) => el.scrollWidth > el.clientWidth + 50)).toBe(true);
  if (process.env.QD_SHOW) await app.page.screenshot({ path: '/tmp/qd-nowrap.png' });
  await logs.panel.getByTestId('log-wrap').click();
  await expect.poll(() => box.evaluate((el) => el.scrollWidth <= el.clientWidth + 1)).toBe(true);

  const [download] = await Promise.all([app.page.waitForEvent('download'), logs.panel.getByTestId('log-download').click()]);
  expect(download.suggestedFilename()).toBe(`${tasks[0].allocId.slice(0, 8)}-${tasks[0].task}.stdout.log`);
  const text = await (await import('node:fs/promises')).readFile((await download.path())!, 'utf8');
  expect(text.split('\n').length).toBeGreaterThan(10);
  expect(text).not.toContain('\x1b[');

  await app.page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  await logs.panel.getByTestId('log-filter').fill('INFO');
  await expect(viewer.rows).toContainText('INFO');
  // A search match is selected by the search itself; Copy must still take every line shown, not that one word.
  await logs.panel.getByTestId('log-search').fill('');
  await logs.panel.getByTestId('log-search').fill('INFO');
  await expect(logs.panel.getByTestId('log-search-count')).toHaveText(/^[1-9]\d* of \d+$/);
  await app.page.evaluate(() => navigator.clipboard.writeText(''));
  await logs.panel.getByTestId('log-copy').click();
  await expect.poll(() => app.page.evaluate(() => navigator.clipboard.readText())).toContain('INFO');
  const copied = await app.page.evaluate(() => navigator.clipboard.readText());
  expect(copied.split('\n').length).toBeGreaterThan(3);
  expect(copied.split('\n').every((line) => line.toLowerCase().includes('info'))).toBe(true);
  await logs.panel.getByTestId('log-filter').fill('');
  await logs.panel.getByTestId('log-search').fill('');
});
