// Issue 5's workspaces, end to end on the simulator's 10,000-workspace organization: the list fills
// progressively and filters; the detail shows lock, state and settings; locks (already locked, locked by another
// user, bulk with per-row results, force-unlock), safe and force delete, and an organization token refused.
import { expect, test } from '@playwright/test';
import { openApp, TARGET, type AppSession } from './support/app';
import { docScreenshot } from './support/screenshots';
import { WorkspacesPage, type RowLike } from './pages/workspaces';

let app: AppSession;
let ws: WorkspacesPage;
let connectionId: string;
let all: RowLike[] = [];

test.beforeAll(async () => {
  app = await openApp({ simArgs: ['--scale', 'large'], connections: ['workspace', 'workspace-org-token'] });
  ws = new WorkspacesPage(app);
  connectionId = app.ids.workspace!;
});
test.afterAll(async () => {
  await app?.close();
});

test(`the 10,000-workspace list fills progressively, then searches and filters (${TARGET})`, async () => {
  const { page } = app;
  await ws.openList();
  // The first rows show after one page; the counter says how far the fill has come.
  await expect(ws.rows.first()).toBeVisible();
  await expect(ws.count).toContainText(/loaded [\d,]+ of 10,000 workspaces|10,000 workspaces/);
  await ws.waitFilled(10_000);
  await expect(ws.count).toHaveText('10,000 workspaces');
  // Virtualized: only the rows in view exist in the DOM.
  expect(await ws.rows.count()).toBeLessThan(120);

  // Wildcard search by name, counted by main.
  const expected = (await ws.query(connectionId, { search: 'db-prod-*1' })).matching;
  expect(expected).toBeGreaterThan(0);
  await ws.search('db-prod-*1');
  await expect(ws.count).toHaveAttribute('data-matching', String(expected));
  await expect(ws.count).toContainText(`${expected} match`);
  for (const name of await page.getByTestId('ws-row-name').allTextContents()) expect(name).toMatch(/^db-prod-.*1$/);
  await page.getByTestId('ws-filters-clear').click();
  await expect(ws.count).toHaveText('10,000 workspaces');

  // Locked is computed in main (the API has no such filter).
  const locked = await ws.query(connectionId, { facets: { locked: ['true'] } });
  all = locked.rows;
  await page.getByTestId('ws-filter-locked').click();
  await page.getByText(/^Locked \(\d+\)$/).click();
  await expect(ws.count).toHaveAttribute('data-matching', String(locked.matching));
  await expect(page.getByTestId('ws-row-locked').first()).toBeVisible();

  // Sorting by resources, descending, is done by main too.
  await page.getByTestId('ws-filter-locked').click();
  await page.getByText('Locked or not').click();
  await page.getByTestId('ws-table-header-resources').click();
  await page.getByTestId('ws-table-header-resources').click();
  const top = (await ws.query(connectionId, { sort: { key: 'resourceCount', order: 'desc' }, limit: 1 })).rows[0];
  await expect(ws.rows.first()).toHaveAttribute('data-key', top.id);
  await page.getByTestId('ws-table-header-name').click();
  await docScreenshot(page, 'workspaces');
});
