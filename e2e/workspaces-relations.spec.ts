// A workspace's relations on the small simulator estate: flat tags and effective tag bindings (inherited ones
// marked), remote state consumers and the global switch, SSH key, data retention policy, and an unlock that waits
// out a state version still being finalized (503) with a visible message.
import { expect, test } from '@playwright/test';
import { createWorkspaceApi } from '../sim/workspace';
import { openApp, TARGET, type AppSession } from './support/app';
import { WorkspacesPage } from './pages/workspaces';

let app: AppSession;
let ws: WorkspacesPage;
let connectionId: string;
const ids: Record<string, string> = {};

test.beforeAll(async () => {
  app = await openApp({ connections: ['workspace'] });
  ws = new WorkspacesPage(app);
  connectionId = app.ids.workspace!;
  const { rows } = await ws.query(connectionId);
  for (const row of rows) ids[row.name] = row.id;
});
test.afterAll(async () => {
  await app?.close();
});

test(`flat tags are added and removed; effective bindings mark what the project gives (${TARGET})`, async () => {
  const { page } = app;
  await ws.openWorkspace(ids['networking-prod'], 'tags');
  const tags = page.getByTestId('ws-flat-tags');
  await expect(tags.getByTestId('ws-flat-tag')).toHaveText(['network', 'prod']);

  await page.getByTestId('ws-tag-input').fill('bad tag!');
  await page.getByTestId('ws-tag-add').click();
  await expect(page.getByTestId('ws-tag-issue')).toContainText('Not valid tag names: tag!.');

  await page.getByTestId('ws-tag-input').fill('e2e, critical');
  await page.getByTestId('ws-tag-add').click();
  await expect(tags.getByTestId('ws-flat-tag')).toHaveText(['critical', 'e2e', 'network', 'prod'].sort());
  await tags.locator('[data-name="e2e"] .n-tag__close').click();
  await expect(tags.locator('[data-name="e2e"]')).toHaveCount(0);

  // env=prod is the workspace's own; team=platform comes from the project "platform".
  const effective = page.getByTestId('ws-effective-binding');
  await expect(effective.filter({ hasText: 'env' })).toHaveAttribute('data-inherited', 'false');
  await expect(effective.filter({ hasText: 'team' })).toHaveAttribute('data-inherited', 'true');
  await expect(effective.filter({ hasText: 'team' })).toContainText('inherited from project platform');
});

test('remote state consumers are added, replaced and removed; the global switch explains itself', async () => {
  const { page } = app;
  await ws.openWorkspace(ids['networking-prod'], 'remote-state');
  const consumers = page.getByTestId('ws-consumer');
  await expect(consumers).toHaveCount(1);
  await expect(consumers.first()).toHaveAttribute('data-name', 'app-staging');

  const pick = async (name: string) => {
    await page.getByTestId('ws-consumers-pick').click();
    await page.keyboard.type(name);
    await page.locator('.n-base-select-option').filter({ hasText: new RegExp(`^${name}$`) }).click();
    await page.keyboard.press('Escape');
  };
  await pick('sandbox');
  await page.getByTestId('ws-consumers-add').click();
  await expect(consumers).toHaveCount(2);

  await pick('analytics-etl');
  await page.getByTestId('ws-consumers-replace').click();
  await expect(consumers).toHaveCount(1);
  await expect(consumers.first()).toHaveAttribute('data-name', 'analytics-etl');

  await consumers.first().locator('.n-checkbox').click();
  await page.getByTestId('ws-consumers-remove').click();
  await expect(consumers).toHaveCount(0);

  await page.getByTestId('ws-global-remote-state').click();
  await expect(page.getByTestId('ws-remote-state-global')).toContainText('every workspace of the organization');
  await page.getByTestId('ws-global-remote-state').click();
  await expect(page.getByTestId('ws-remote-state-global')).toHaveCount(0);
});

test('an SSH key is checked, assigned and unassigned; a retention policy is set and removed', async () => {
  const { page } = app;
  // The simulator's estate is a pure function of its seed: the same seed gives the same SSH key ids.
  const estate = createWorkspaceApi({ seed: 1, scale: 'small', publicUrl: () => app.sim.url });
  const sshKey = [...estate.store.sshKeys][0];

  await ws.openWorkspace(ids['sandbox'], 'ssh-key');
  await expect(page.getByTestId('ws-ssh-current')).toContainText('none');
  await page.getByTestId('ws-ssh-input').fill('id_rsa');
  await page.getByTestId('ws-ssh-assign').click();
  await expect(page.getByTestId('ws-ssh-issue')).toContainText('sshkey-abc123');
  await page.getByTestId('ws-ssh-input').fill('sshkey-doesnotexist');
  await page.getByTestId('ws-ssh-assign').click();
  await expect(page.getByTestId('ws-ssh-issue')).toContainText('422');
  await page.getByTestId('ws-ssh-input').fill(sshKey);
  await page.getByTestId('ws-ssh-assign').click();
  await expect(page.getByTestId('ws-ssh-current')).toHaveText(sshKey);
  await page.getByTestId('ws-ssh-unassign').click();
  await expect(page.getByTestId('ws-ssh-current')).toContainText('none');

  await page.getByTestId('ws-tabs').locator('.n-tabs-tab[data-name="retention"]').click();
  const current = page.getByTestId('ws-retention-current');
  await expect(current).toHaveAttribute('data-kind', 'none');
  await page.getByTestId('ws-retention-days').locator('input').fill('45');
  await page.getByTestId('ws-retention-set').click();
  await expect(current).toContainText('older than 45 days');
  await page.getByTestId('ws-retention-dont-delete').click();
  await page.getByTestId('ws-retention-set').click();
  await expect(current).toHaveAttribute('data-kind', 'data-retention-policy-dont-deletes');
  await page.getByTestId('ws-retention-remove').click();
  await expect(current).toHaveAttribute('data-kind', 'none');
});

test('unlock waits visibly while the latest state version is still pending (503), then says why it gave up', async () => {
  test.setTimeout(120_000);
  const { page } = app;
  const id = ids['analytics-etl'];
  await ws.openWorkspace(id);
  await page.getByTestId('ws-lock').click();
  await page.getByTestId('lock-confirm').click();
  await expect(page.getByTestId('ws-lock-badge')).toHaveAttribute('data-locked', 'true');

  // A state version created without content stays pending (workspace-api.md, State version status).
  const created = await fetch(`${app.sim.url}/api/v2/workspaces/${id}/state-versions`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${app.sim.workspaceToken}`, 'Content-Type': 'application/vnd.api+json' },
    body: JSON.stringify({ data: { type: 'state-versions', attributes: { serial: 900, md5: '0'.repeat(32) } } }),
  });
  expect(created.status).toBe(201);

  await page.getByTestId('ws-unlock').click();
  await expect(page.getByTestId('ws-unlock-waiting')).toContainText('still being finalized');
  const outcome = page.getByTestId('ws-lock-outcome');
  await expect(outcome).toContainText('still being processed', { timeout: 60_000 });
  await expect(page.getByTestId('ws-unlock-waiting')).toHaveCount(0);
  await expect(page.getByTestId('ws-lock-badge')).toHaveAttribute('data-locked', 'true');
});

test('create: the form refuses a bad name and agent mode without a pool, then creates and opens the workspace', async () => {
  const { page } = app;
  await ws.openList();
  await page.getByTestId('ws-create').click();
  const modal = page.getByTestId('ws-create-modal');
  await modal.getByTestId('ws-create-name').fill('bad name');
  await modal.getByTestId('ws-create-mode').getByText('agent').click();
  await modal.getByTestId('ws-create-save').click();
  await expect(modal).toContainText('may contain only letters, numbers, "-" and "_"');
  await expect(modal).toContainText('is required when execution-mode is agent');

  await modal.getByTestId('ws-create-name').fill('e2e-created');
  await modal.getByTestId('ws-create-mode').getByText('local (state only)').click();
  await modal.getByTestId('ws-create-auto-destroy').fill('12h');
  await modal.getByTestId('ws-create-save').click();
  await expect(page.getByTestId('ws-name')).toHaveText('e2e-created');
  await expect(page.getByTestId('ws-execution-mode')).toContainText('local');
  await page.getByTestId('ws-back').click();
  await expect(ws.count).toHaveAttribute('data-total', '6');
});
