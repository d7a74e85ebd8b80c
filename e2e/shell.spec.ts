// The renderer shell of issue 2: first start offers the demo, the palette jumps to views and connections, `?` lists
// the shortcuts, the theme follows the OS, and keyboard navigation works.
import { expect, test } from '@playwright/test';
import { openApp, type AppSession } from './support/app';
import { docScreenshot } from './support/screenshots';

let app: AppSession;

test.beforeAll(async () => {
  app = await openApp();
});
test.afterAll(async () => {
  await app?.close();
});

test('first start offers the demo, which adds a reachable demo cluster and organization', async () => {
  const { page } = app;
  await expect(page.getByTestId('welcome')).toBeVisible();
  await page.getByTestId('welcome-open-demo').click();
  await expect(page.getByTestId('switcher-item-Demo cluster')).toBeVisible();
  await expect(page.getByTestId('switcher-item-Demo organization')).toBeVisible();
  await app.goto('#/connections');
  await expect(page.getByTestId('conn-row-Demo cluster').getByTestId('conn-health')).toHaveText(/OK/, { timeout: 30_000 });
  await expect(page.getByTestId('conn-row-Demo organization').getByTestId('conn-health')).toHaveText(/OK/, { timeout: 30_000 });
  await docScreenshot(page, 'connections');
});

test('the command palette jumps to a view and switches connections', async () => {
  const { page } = app;
  await page.keyboard.press('Control+K');
  await expect(page.getByTestId('palette')).toBeVisible();
  await page.getByTestId('palette-input').fill('nodes');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/#\/nodes/);

  await page.keyboard.press('Control+K');
  await page.getByTestId('palette-input').fill('Demo organization');
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('active-connection-name')).toHaveText('Demo organization');

  await page.keyboard.press('Control+K');
  await page.getByTestId('palette-input').fill('zzzz-no-such-thing');
  await expect(page.getByTestId('palette-empty')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('palette')).toHaveCount(0);
});

test('`?` lists the shortcuts and `g c` navigates to connections', async () => {
  const { page } = app;
  await page.locator('body').click({ position: { x: 700, y: 400 } });
  await page.keyboard.press('?');
  const help = page.getByTestId('help-overlay');
  await expect(help).toBeVisible();
  await expect(help.getByTestId('help-shortcut-palette')).toBeVisible();
  await expect(help.getByTestId('help-shortcut-go.jobs')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(help).toBeHidden();
  await page.keyboard.press('g');
  await page.keyboard.press('c');
  await expect(page).toHaveURL(/#\/connections/);
});

test('the theme follows the OS colour scheme', async () => {
  const { page } = app;
  await page.emulateMedia({ colorScheme: 'dark' });
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await page.emulateMedia({ colorScheme: 'light' });
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
});
