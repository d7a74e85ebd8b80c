// Issue 2's connection flow, end to end: add a cluster connection with a token, test it, switch between two
// connections, remove one; the token must never reach the data folder, the DOM or the app's logs.
import { expect, test } from '@playwright/test';
import { openApp, TARGET, type AppSession } from './support/app';
import { domText, filesContaining } from './support/leaks';

let app: AppSession;

test.beforeAll(async () => {
  app = await openApp({ connections: ['workspace'] });
});
test.afterAll(async () => {
  await app?.close();
});

test(`adds, tests, switches and removes connections without leaking the token (${TARGET})`, async () => {
  const { page, sim } = app;
  await app.goto('#/connections');
  await expect(page.getByTestId('conn-row-Sim organization')).toBeVisible();

  // Add a cluster connection with the management token.
  await page.getByTestId('conn-add').click();
  const editor = page.getByTestId('conn-editor');
  await editor.getByTestId('conn-field-name').fill('Prod cluster');
  await editor.getByTestId('conn-field-address').fill(sim.url);
  await editor.getByTestId('conn-field-token').fill(sim.clusterToken);

  // Test before saving: reachable, token accepted, version reported.
  await editor.getByTestId('conn-test').click();
  const report = editor.getByTestId('conn-test-report');
  await expect(report).toBeVisible();
  await expect(report.getByTestId('conn-test-check-reachable')).toHaveAttribute('data-ok', 'true');
  await expect(report.getByTestId('conn-test-check-token')).toHaveAttribute('data-ok', 'true');
  await editor.getByTestId('conn-save').click();

  const row = page.getByTestId('conn-row-Prod cluster');
  await expect(row).toBeVisible();
  await expect(row.getByTestId('conn-token-tag')).toHaveText(/token set/);

  // Test from the table.
  await row.getByTestId('conn-test').click();
  const modal = page.getByTestId('conn-test-modal');
  await expect(modal.getByTestId('conn-test-report')).toBeVisible();
  await expect(modal.getByTestId('conn-test-check-token')).toHaveAttribute('data-ok', 'true');
  await page.keyboard.press('Escape');

  // Switch: the switcher and the header follow.
  await page.getByTestId('switcher-item-Prod cluster').click();
  await expect(page.getByTestId('switcher-item-Prod cluster')).toHaveAttribute('data-active', 'true');
  await expect(page.getByTestId('active-connection-name')).toHaveText('Prod cluster');
  await page.getByTestId('switcher-item-Sim organization').click();
  await expect(page.getByTestId('active-connection-name')).toHaveText('Sim organization');
  await expect(page.getByTestId('switcher-item-Prod cluster')).toHaveAttribute('data-active', 'false');

  // A wrong token is reported as refused, not as unreachable.
  await row.getByTestId('conn-edit').click();
  await editor.getByTestId('conn-field-token').fill('not-a-real-token-0000');
  await editor.getByTestId('conn-test').click();
  await expect(editor.getByTestId('conn-test-check-reachable')).toHaveAttribute('data-ok', 'true');
  await expect(editor.getByTestId('conn-test-check-token')).toHaveAttribute('data-ok', 'false');
  await page.keyboard.press('Escape');

  // Remove, with a confirmation that names the connection.
  await row.getByTestId('conn-remove').click();
  await expect(page.getByTestId('conn-remove-question')).toContainText('Prod cluster');
  await page.getByTestId('conn-remove-confirm').click();
  await expect(row).toHaveCount(0);
  await expect(page.getByTestId('switcher-item-Prod cluster')).toHaveCount(0);

  // The token never left the keychain: not on disk, not in the page, not in the logs.
  expect(filesContaining(app.dataDir, sim.clusterToken)).toEqual([]);
  expect(await domText(page)).not.toContain(sim.clusterToken);
  expect(app.appOutput()).not.toContain(sim.clusterToken);
  expect(app.logFiles()).not.toContain(sim.clusterToken);
  expect(app.logFiles()).toContain('connection created'); // the log scan read real log lines
});

test('bad input in the form is refused with a field error and nothing is saved', async () => {
  const { page } = app;
  await app.goto('#/connections');
  await page.getByTestId('conn-add').click();
  const editor = page.getByTestId('conn-editor');
  await editor.getByTestId('conn-field-name').fill('Broken');
  await editor.getByTestId('conn-field-address').fill('ftp://nowhere');
  await editor.getByTestId('conn-save').click();
  await expect(editor.getByTestId('conn-error-address')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('conn-row-Broken')).toHaveCount(0);
});
