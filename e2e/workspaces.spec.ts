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

  // Tag and project filters are facets over the whole organization, combined with AND across kinds.
  const pci = (await ws.query(connectionId, { facets: { tags: ['pci'] } })).matching;
  await page.getByTestId('ws-filter-tags').click();
  await page.locator('.n-base-select-option').filter({ hasText: /^pci \(\d+\)$/ }).click();
  await page.keyboard.press('Escape');
  await expect(ws.count).toHaveAttribute('data-matching', String(pci));
  const sample = (await ws.query(connectionId, { facets: { tags: ['pci'] }, limit: 1 })).rows[0] as RowLike & { projectName: string };
  const both = (await ws.query(connectionId, { facets: { tags: ['pci'], project: [sample.projectId!] } })).matching;
  await page.getByTestId('ws-filter-project').click();
  await page.keyboard.type(sample.projectName); // the option list is virtual: narrow it to the one wanted
  await page.locator('.n-base-select-option').filter({ hasText: new RegExp(`^${sample.projectName} \\(`) }).click();
  await page.keyboard.press('Escape');
  await expect(ws.count).toHaveAttribute('data-matching', String(both));
  await page.getByTestId('ws-filters-clear').click();

  // Locked is computed in main (the API has no such filter).
  const locked = await ws.query(connectionId, { facets: { locked: ['true'] } });
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
  // Locked ones first, two selected: the picture shows lock holders and the bulk bar.
  await page.getByTestId('ws-table-header-lock').click();
  await page.getByTestId('ws-table-header-lock').click();
  await expect(ws.rows.first().getByTestId('ws-row-locked')).toBeVisible();
  await ws.rows.nth(0).getByTestId('ws-table-select').click();
  await ws.rows.nth(2).getByTestId('ws-table-select').click();
  await expect(page.getByTestId('ws-selected-count')).toHaveText('2 selected');
  await docScreenshot(page, 'workspaces');
  await page.getByTestId('ws-bulk-clear').click();
  await page.getByTestId('ws-table-header-name').click();
});

const byName = (rows: RowLike[], holder: string) => rows.find((row) => row.lockedBy === holder);

test('a workspace locked by another user: the detail names the holder, unlock is refused with why, force-unlock needs the name typed', async () => {
  const { page } = app;
  const target = byName((await ws.query(connectionId, { facets: { locked: ['true'] } })).rows, 'jordan-ops');
  expect(target, 'the large estate has workspaces locked by jordan-ops').toBeTruthy();
  await ws.openWorkspace(target!.id);
  await expect(page.getByTestId('ws-lock-badge')).toHaveAttribute('data-locked', 'true');
  await expect(page.getByTestId('ws-lock-badge')).toContainText('jordan-ops');
  await expect(page.getByTestId('ws-lock-holder')).toHaveText('jordan-ops');
  await docScreenshot(page, 'workspace-detail');

  await page.getByTestId('ws-unlock').click();
  const outcome = page.getByTestId('ws-lock-outcome');
  await expect(outcome).toContainText('locked by jordan-ops');
  await expect(outcome).toContainText('409');
  await expect(outcome).toContainText('force-unlock');

  await page.getByTestId('ws-force-unlock').click();
  const modal = page.getByTestId('ws-force-unlock-modal');
  await expect(modal.getByTestId('ws-force-unlock-modal-question')).toContainText(target!.name);
  await modal.getByTestId('ws-force-unlock-modal-input').fill('not-the-name');
  await expect(modal.getByTestId('ws-force-unlock-modal-confirm')).toBeDisabled();
  await modal.getByTestId('ws-force-unlock-modal-input').fill(target!.name);
  await modal.getByTestId('ws-force-unlock-modal-confirm').click();
  await expect(page.getByTestId('ws-lock-badge')).toHaveAttribute('data-locked', 'false');
});

test('lock with a reason, then a bulk lock reports the already-locked workspace per row and locks the rest', async () => {
  const { page } = app;
  const free = (await ws.query(connectionId, { search: 'cache-staging-*', facets: { locked: ['false'] }, limit: 2 })).rows;
  expect(free.length).toBe(2);
  const [first, second] = free;

  await ws.openWorkspace(first.id);
  await page.getByTestId('ws-lock').click();
  await page.getByTestId('lock-reason').fill('e2e maintenance');
  await page.getByTestId('lock-confirm').click();
  await expect(page.getByTestId('ws-lock-badge')).toHaveAttribute('data-locked', 'true');
  await expect(page.getByTestId('ws-lock-badge')).toContainText('e2e maintenance');

  await ws.openList();
  await ws.search(`${first.name.slice(0, -1)}*`);
  await expect(ws.row(first.id)).toBeVisible();
  await ws.selectRow(first.id);
  await ws.search(second.name);
  await expect(ws.row(second.id)).toBeVisible();
  await ws.selectRow(second.id);
  await expect(page.getByTestId('ws-selected-count')).toHaveText('2 selected');
  await page.getByTestId('ws-bulk-lock').click();
  await page.getByTestId('lock-reason').fill('bulk e2e');
  await page.getByTestId('lock-confirm').click();

  const results = page.getByTestId('bulk-results');
  await expect(results.getByTestId('bulk-results-summary')).toHaveText('1 of 2 succeeded, 1 failed.');
  await expect(results.locator(`[data-id="${second.id}"]`)).toHaveAttribute('data-ok', 'true');
  const refused = results.locator(`[data-id="${first.id}"]`);
  await expect(refused).toHaveAttribute('data-ok', 'false');
  await expect(refused).toContainText(first.name);
  await expect(refused).toContainText('already locked by you');
  await page.keyboard.press('Escape');
  // The failed row stays selected for a retry; the locked one shows as locked in the list.
  await expect(page.getByTestId('ws-selected-count')).toHaveText('1 selected');
  await expect(ws.row(second.id).getByTestId('ws-row-locked')).toBeVisible();

  // Bulk unlock of both: ours unlock; nothing is locked by someone else here.
  await ws.selectRow(second.id);
  await page.getByTestId('ws-bulk-unlock').click();
  await expect(results.getByTestId('bulk-results-summary')).toHaveText('2 of 2 succeeded.');
});

test('safe delete of a workspace that manages resources is refused and explained; an organization token may not force delete', async () => {
  const { page } = app;
  const managed = (await ws.query(connectionId, { facets: { locked: ['false'] }, sort: { key: 'resourceCount', order: 'desc' }, limit: 1 })).rows[0];
  expect(managed.resourceCount).toBeGreaterThan(0);

  await ws.openWorkspace(managed.id);
  await page.getByTestId('ws-delete').click();
  await page.getByTestId('ws-safe-delete').click();
  const refusal = page.getByTestId('ws-safe-delete-error');
  await expect(refusal).toContainText(`still manages ${managed.resourceCount} resources`);
  await expect(refusal).toContainText('409');
  await expect(refusal).toContainText('force delete');
  await page.keyboard.press('Escape');

  // The same workspace through the organization token: force delete is for organization owners.
  await page.getByTestId('switcher-item-Sim organization (org token)').click();
  await expect(page.getByTestId('active-connection-name')).toHaveText('Sim organization (org token)');
  await ws.openWorkspace(managed.id);
  await page.getByTestId('ws-delete').click();
  await page.getByTestId('ws-force-delete').click();
  const force = page.getByTestId('ws-force-delete-modal');
  await force.getByTestId('ws-force-delete-modal-input').fill(managed.name);
  await force.getByTestId('ws-force-delete-modal-confirm').click();
  await expect(force.getByTestId('ws-force-delete-modal-error')).toContainText('403');
  await expect(force.getByTestId('ws-force-delete-modal-error')).toContainText('Only organization owners');
  await page.keyboard.press('Escape');
  await page.keyboard.press('Escape');

  // Back as the owner: force delete with the name typed removes it from the list.
  await page.getByTestId('switcher-item-Sim organization').click();
  await expect(page.getByTestId('active-connection-name')).toHaveText('Sim organization');
  await ws.openWorkspace(managed.id);
  await page.getByTestId('ws-delete').click();
  await page.getByTestId('ws-force-delete').click();
  await force.getByTestId('ws-force-delete-modal-input').fill(managed.name);
  await force.getByTestId('ws-force-delete-modal-confirm').click();
  await expect(page.getByTestId('workspaces-view')).toBeVisible();
  await expect(ws.count).toHaveAttribute('data-total', '9999');
});

test('settings follow the spec: an agent pool is required in agent mode, operations is never sent, changes show in the overview', async () => {
  const { page } = app;
  const target = (await ws.query(connectionId, { search: 'web-dev-*', facets: { locked: ['false'] }, limit: 1 })).rows[0];
  await ws.openWorkspace(target.id, 'settings');
  await expect(page.getByTestId('ws-set-operations-note')).toContainText('deprecated');
  await page.getByTestId('ws-set-mode-agent').click();
  await page.getByTestId('ws-settings-save').click();
  await expect(page.getByTestId('ws-settings')).toContainText('Agent pool id is required when the execution mode is agent');

  await page.getByTestId(target.resourceCount === null ? 'ws-set-mode-local' : 'ws-set-mode-local').click();
  await page.getByTestId('ws-set-auto-destroy').fill('3w');
  await page.getByTestId('ws-settings-save').click();
  await expect(page.getByTestId('ws-settings')).toContainText('"d" (days) or "h" (hours)');
  await page.getByTestId('ws-set-auto-destroy').fill('14d');
  await expect(page.getByTestId('ws-settings-dirty')).not.toContainText('operations');
  await page.getByTestId('ws-settings-save').click();
  await expect(page.getByTestId('ws-settings-dirty')).toHaveCount(0);
  await page.getByTestId('ws-tabs').locator('.n-tabs-tab[data-name="overview"]').click();
  await expect(page.getByTestId('ws-execution-mode')).toContainText('local');
});
