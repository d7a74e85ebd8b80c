// Issue 4 §5's indicator: the header says live while the cluster's event stream runs, and stops saying so when the
// cluster goes away; an open allocation detail follows changes by itself.
import { expect, test } from '@playwright/test';
import { openApp, TARGET, type AppSession } from './support/app';
import { AllocationsPage } from './pages/allocations';

let app: AppSession;

test.beforeAll(async () => {
  app = await openApp({ connections: ['cluster'] });
});
test.afterAll(async () => {
  await app?.close();
});

test(`an open allocation follows a change made elsewhere, and the header tells live from lost (${TARGET})`, async () => {
  const { page } = app;
  const allocs = new AllocationsPage(app);
  const clusterId = app.ids.cluster!;
  await allocs.openList();
  await expect(page.getByTestId('live-indicator')).toHaveAttribute('data-status', 'live');

  // Stop an allocation behind the page's back (through main, as another window would): the detail updates itself.
  await expect.poll(async () => (await allocs.query(clusterId, { facets: { ClientStatus: ['running'], DesiredStatus: ['run'] } })).rows.length).toBeGreaterThan(0);
  const row = (await allocs.query(clusterId, { facets: { ClientStatus: ['running'], DesiredStatus: ['run'] }, sort: { key: 'Name', order: 'asc' } })).rows[0];
  await allocs.openDetail(row.ID);
  await expect(page.getByTestId('alloc-desired-status')).toHaveAttribute('data-value', 'run');
  await app.invoke('allocations.stop', { connectionId: clusterId, allocId: row.ID });
  await expect(page.getByTestId('alloc-desired-status')).toHaveAttribute('data-value', 'stop');

  // The cluster goes away: the indicator leaves "live" and says why in its tooltip.
  await app.sim.stop();
  await expect(page.getByTestId('live-indicator')).toHaveAttribute('data-status', /reconnecting|offline/, { timeout: 45_000 });
  await page.getByTestId('live-indicator').hover();
  await expect(page.getByTestId('live-indicator-explanation')).toContainText(/event stream|not reachable/);
});
