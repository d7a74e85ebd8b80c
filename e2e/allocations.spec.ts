// Issue 4 §3, end to end on the simulator's large estate (100,070 allocations): the list across namespaces with
// status facets, search and sorting, virtualized; the detail with tasks, every task event, resources, placement,
// reschedule history and links; stop, restart (whole or one task) and signal, and their error paths.
import { expect, test } from '@playwright/test';
import { openApp, TARGET, type AppSession } from './support/app';
import { docScreenshot } from './support/screenshots';
import { AllocationsPage, type AllocRowLike } from './pages/allocations';

let app: AppSession;
let allocs: AllocationsPage;
let clusterId: string;

test.beforeAll(async () => {
  app = await openApp({ simArgs: ['--scale', 'large'], connections: ['cluster', 'cluster-readonly'] });
  allocs = new AllocationsPage(app);
  clusterId = app.ids.cluster!;
});
test.afterAll(async () => {
  await app?.close();
});

/** A running allocation with the most task events, so the timeline has something to show. */
async function runningAllocation(offset = 0): Promise<AllocRowLike> {
  // The first query starts main's fill; rows arrive page by page.
  const pick = () => allocs.query(clusterId, { facets: { ClientStatus: ['running'], DesiredStatus: ['run'] }, sort: { key: 'Name', order: 'asc' }, offset, limit: 1 });
  await expect.poll(async () => (await pick()).rows.length, { timeout: 60_000 }).toBe(1);
  return (await pick()).rows[0];
}

test('the detail shows tasks, every task event with its message and details, resources, placement and links', async () => {
  const { page } = app;
  const row = await runningAllocation();
  await allocs.openList();
  await allocs.search(row.ID.slice(0, 8));
  await expect(allocs.count).toHaveAttribute('data-matching', '1');
  await page.locator(`[data-testid="allocations-table-row"][data-key="${row.ID}"]`).click();
  await expect(page.getByTestId('allocation-detail')).toHaveAttribute('data-alloc-id', row.ID);
  await expect(page.getByTestId('alloc-name')).toHaveText(row.Name);
  await expect(page.getByTestId('alloc-client-status')).toHaveAttribute('data-value', 'running');

  // Links: job (namespace + ID), node, and the evaluation and deployment IDs shown.
  await expect(page.getByTestId('alloc-job-link')).toHaveAttribute('href', `#/jobs/${encodeURIComponent(row.Namespace)}/${encodeURIComponent(row.JobID)}`);
  await expect(page.getByTestId('alloc-node-link')).toHaveAttribute('href', `#/nodes/${row.NodeID}`);
  const full = await app.invoke<{ value: { EvalID: string; TaskStates: Record<string, { Events: { Type: string; DisplayMessage: string }[] }> } }>('allocations.read', { connectionId: clusterId, allocId: row.ID });
  await expect(page.getByTestId('alloc-eval-id')).toHaveText(full.value.EvalID);

  // Every task has a state and a Logs link; the timeline holds every event the server kept, each with a message.
  const tasks = Object.keys(full.value.TaskStates);
  expect(tasks.length).toBeGreaterThan(0);
  for (const task of tasks) await expect(allocs.task(task).getByTestId('alloc-task-state')).toBeVisible();
  const eventCount = Object.values(full.value.TaskStates).reduce((n, s) => n + (s.Events?.length ?? 0), 0);
  await expect(page.getByTestId('alloc-event')).toHaveCount(eventCount);
  for (const message of await page.getByTestId('alloc-event-message').allTextContents()) expect(message.trim()).not.toBe('');
  const types = new Set(Object.values(full.value.TaskStates).flatMap((s) => s.Events.map((e) => e.Type)));
  for (const type of types) await expect(page.locator(`[data-testid="alloc-event"][data-type="${type}"]`).first()).toBeVisible();
  await expect(page.getByTestId('alloc-resources')).toContainText('total');
  await expect(page.getByTestId('alloc-metrics')).toContainText('Nodes evaluated');
  await expect(page.getByTestId('alloc-reschedule')).toBeVisible();
  await docScreenshot(page, 'allocation-detail');

  // The task's Logs button goes to the logs view of that task.
  await allocs.task(tasks[0]).getByTestId('alloc-task-logs').click();
  await expect(page).toHaveURL(new RegExp(`#/logs/${row.ID}\\?task=${tasks[0]}$`));
});

test('restarts one task and the whole allocation, signals a task, then stops the allocation', async () => {
  const { page } = app;
  const row = await runningAllocation(3);
  await allocs.openDetail(row.ID);
  const task = (await page.getByTestId('alloc-task').first().getAttribute('data-task'))!;
  const restarts = Number(await allocs.task(task).getByTestId('alloc-task-restarts').textContent());

  // Restart one task, from the task's own button: the dialog preselects it.
  await allocs.task(task).getByTestId('alloc-task-restart').click();
  const restart = page.getByTestId('alloc-restart-dialog');
  await expect(restart.getByTestId('alloc-restart-task')).toContainText(`Task ${task}`);
  await restart.getByTestId('alloc-restart-dialog-confirm').click();
  await expect(restart).toBeHidden();
  // The client records the restart as task events (sim: Restart Signaled, Terminated, Restarting, Started).
  await expect(page.locator('[data-testid="alloc-event"][data-type="Restart Signaled"]').first()).toBeVisible();
  await expect(allocs.task(task).getByTestId('alloc-task-restarts')).not.toHaveText(String(restarts - 1));

  // Restart every task of the allocation.
  await page.getByTestId('alloc-restart').click();
  await expect(restart.getByTestId('alloc-restart-task')).toContainText('Every task of the allocation');
  await restart.getByTestId('alloc-restart-dialog-confirm').click();
  await expect(restart).toBeHidden();

  // Signal: a name that is not a signal is refused before sending; SIGUSR1 to one task goes through.
  await allocs.task(task).getByTestId('alloc-task-signal').click();
  const signal = page.getByTestId('alloc-signal-dialog');
  await expect(signal.getByTestId('alloc-signal-task')).toContainText(`Task ${task}`);
  await signal.getByTestId('alloc-signal-name').locator('input').fill('reload');
  await expect(signal.getByTestId('alloc-signal-problem')).toBeVisible();
  await expect(signal.getByTestId('alloc-signal-dialog-confirm')).toBeDisabled();
  await signal.getByTestId('alloc-signal-name').locator('input').fill('SIGUSR');
  await page.locator('.n-base-select-option', { hasText: /^SIGUSR1/ }).click();
  await expect(signal.getByTestId('alloc-signal-name').locator('input')).toHaveValue('SIGUSR1');
  await expect(signal.getByTestId('alloc-signal-problem')).toBeHidden();
  await signal.getByTestId('alloc-signal-dialog-confirm').click();
  await expect(signal).toBeHidden();
  // The client records the signal as a task event of that task.
  await expect(page.locator('[data-testid="alloc-event"][data-type="Signaling"]').first()).toContainText('SIGUSR1');

  // Stop: the allocation's desired status becomes stop, and the actions that need it running turn off.
  await page.getByTestId('alloc-stop').click();
  const stop = page.getByTestId('alloc-stop-dialog');
  await expect(stop).toContainText(row.ID.slice(0, 8));
  await stop.getByTestId('alloc-stop-dialog-confirm').click();
  await expect(stop).toBeHidden();
  await expect(page.getByTestId('alloc-desired-status')).toHaveAttribute('data-value', 'stop');
  await expect(page.getByTestId('alloc-stop')).toBeDisabled();
});

test('a read-only token cannot stop, restart or signal: the dialog names the missing permission', async () => {
  const { page } = app;
  const readOnly = app.ids['cluster-readonly']!;
  const row = await runningAllocation(5);
  await app.invoke('connections.setActive', { id: readOnly });
  await page.reload();
  await expect(page.getByTestId('active-connection')).toHaveAttribute('data-connection-id', readOnly);
  await allocs.openDetail(row.ID);

  await page.getByTestId('alloc-stop').click();
  const stop = page.getByTestId('alloc-stop-dialog');
  await stop.getByTestId('alloc-stop-dialog-confirm').click();
  await expect(stop.getByTestId('alloc-stop-dialog-error')).toContainText('Permission denied: this token lacks namespace:alloc-lifecycle');
  await expect(stop).toBeVisible(); // the dialog stays, so the person reads why
  await stop.getByTestId('alloc-stop-dialog-cancel').click();

  await page.getByTestId('alloc-restart').click();
  const restart = page.getByTestId('alloc-restart-dialog');
  await restart.getByTestId('alloc-restart-dialog-confirm').click();
  await expect(restart.getByTestId('alloc-restart-dialog-error')).toContainText('namespace:alloc-lifecycle');
  await restart.getByTestId('alloc-restart-dialog-cancel').click();

  await page.getByTestId('alloc-signal').click();
  const signal = page.getByTestId('alloc-signal-dialog');
  await signal.getByTestId('alloc-signal-dialog-confirm').click();
  await expect(signal.getByTestId('alloc-signal-dialog-error')).toContainText('namespace:alloc-lifecycle');
  await signal.getByTestId('alloc-signal-dialog-cancel').click();
  await expect(page.getByTestId('alloc-desired-status')).toHaveAttribute('data-value', 'run');

  await app.invoke('connections.setActive', { id: clusterId });
  await page.reload();
  await expect(page.getByTestId('active-connection')).toHaveAttribute('data-connection-id', clusterId);
});

test('an unknown allocation ID shows what failed and how to go on', async () => {
  const { page } = app;
  await app.goto('#/allocations/00000000-0000-4000-8000-000000000000');
  await expect(page.getByTestId('state-error')).toContainText('Could not read allocation 00000000');
  await expect(page.getByTestId('state-error')).toContainText('404');
});

test(`lists 100,070 allocations across namespaces, filters by status, searches and sorts (${TARGET})`, async () => {
  test.setTimeout(180_000); // includes main's first fill of 100,000 rows, page by page, on a shared 2-core machine
  const { page } = app;
  await allocs.openList();
  await expect(allocs.rows.first()).toBeVisible();
  await allocs.waitFilled();
  const total = Number(await allocs.count.getAttribute('data-total'));
  expect(total).toBeGreaterThanOrEqual(100_000);
  await expect(allocs.count).toContainText(`${total.toLocaleString('en-US')} of ${total.toLocaleString('en-US')} allocations`);
  // Virtualized: only the rows in view exist in the DOM.
  expect(await allocs.rows.count()).toBeLessThan(80);
  await expect(page.getByTestId('freshness')).toContainText('live');

  // Client status facet: the count is main's count of failed allocations, and every row shown is failed.
  const failed = (await allocs.query(clusterId, { facets: { ClientStatus: ['failed'] } })).matching;
  expect(failed).toBeGreaterThan(0);
  await allocs.pickFacet('allocations-facet-client', 'failed');
  await expect(allocs.count).toHaveAttribute('data-matching', String(failed));
  for (const status of await allocs.rows.locator('[data-testid="alloc-row-status"]').allTextContents()) expect(status.trim()).toBe('failed');

  // Search narrows within the facet: a job ID typed in the box.
  const sample = (await allocs.query(clusterId, { facets: { ClientStatus: ['failed'] } })).rows[0];
  await allocs.search(sample.JobID);
  const expected = (await allocs.query(clusterId, { facets: { ClientStatus: ['failed'] }, search: sample.JobID })).matching;
  await expect(allocs.count).toHaveAttribute('data-matching', String(expected));
  await expect(allocs.rows.first()).toContainText(sample.JobID);
  await page.getByTestId('allocations-clear').click();
  await expect(allocs.count).toHaveAttribute('data-matching', String(total));

  // Sorting is main's: by name ascending puts the alphabetically first allocation on top.
  await page.getByTestId('allocations-table-header-Name').click();
  await expect(page.getByTestId('allocations-table-header-Name')).toHaveAttribute('aria-sort', 'ascending');
  const first = (await allocs.query(clusterId, { sort: { key: 'Name', order: 'asc' }, limit: 1 })).rows[0];
  await expect(allocs.rows.first()).toHaveAttribute('data-key', first.ID);
  await page.getByTestId('allocations-table-header-Name').click();
  await expect(page.getByTestId('allocations-table-header-Name')).toHaveAttribute('aria-sort', 'descending');
  const last = (await allocs.query(clusterId, { sort: { key: 'Name', order: 'desc' }, limit: 1 })).rows[0];
  await expect(allocs.rows.first()).toHaveAttribute('data-key', last.ID);

  // Scrolling to the end of 100,000 rows fetches only the pages in view, and the last row shows.
  const scroller = page.getByTestId('allocations-table-scroller');
  await scroller.evaluate((el) => (el.scrollTop = el.scrollHeight));
  const lastIndex = (await allocs.query(clusterId, { sort: { key: 'Name', order: 'desc' }, offset: total - 1, limit: 1 })).rows[0];
  await expect(page.locator(`[data-testid="allocations-table-row"][data-key="${lastIndex.ID}"]`)).toBeVisible();
  await scroller.evaluate((el) => (el.scrollTop = 0));
  await page.getByTestId('allocations-table-header-CreateTime').click();
  await page.getByTestId('allocations-table-header-CreateTime').click();
  await expect(page.getByTestId('allocations-table-header-CreateTime')).toHaveAttribute('aria-sort', 'descending');
  await expect(allocs.rows.first()).toBeVisible();
  await docScreenshot(page, 'allocations');
});
