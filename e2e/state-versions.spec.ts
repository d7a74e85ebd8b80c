// Issue 5 §5 end to end on the large organization: the state version list with its status filter and detail,
// upload from a file (serial and lineage from the file, progress, the processed flag turning live), the error
// paths (a JSON-state file, a serial that already exists, an organization token), a diff of two versions,
// download to a file, rollback with a typed confirmation, soft delete, restore and permanent delete.
//
// A wrong MD5 cannot be provoked from the page: the host computes the MD5 from the very bytes it uploads. It is
// tested at host level (main/workspace/state-versions.test.ts, "reports a wrong MD5 at the upload step").
import { existsSync, readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { openApp, TARGET, type AppSession } from './support/app';
import { docScreenshot } from './support/screenshots';
import { StateTab } from './pages/state';
import { openWorkspaceTab, unlockedWorkspaces } from './pages/workspace-tabs';

let app: AppSession;
let workspace: { id: string; name: string };
let state: StateTab;
let lineage: string;
let topSerial: number;

/** Raw engine state as the engine writes it. */
function rawState(serial: number, outputs: Record<string, { value: string; sensitive?: boolean }> = {}, resources: string[] = ['web']): string {
  return JSON.stringify({
    version: 4,
    terraform_version: '1.9.8',
    serial,
    lineage,
    outputs: Object.fromEntries(Object.entries(outputs).map(([name, o]) => [name, { value: o.value, type: 'string', ...(o.sensitive ? { sensitive: true } : {}) }])),
    resources: resources.map((name) => ({
      mode: 'managed',
      type: 'null_resource',
      name,
      provider: 'provider["registry.terraform.io/hashicorp/null"]',
      instances: [{ schema_version: 0, attributes: { id: `${name}-${serial}` } }],
    })),
  });
}

test.beforeAll(async () => {
  app = await openApp({ simArgs: ['--scale', 'large'], connections: ['workspace', 'workspace-org-token'] });
  const candidates = await unlockedWorkspaces(app);
  workspace = candidates.find((w) => w.hasState) ?? candidates[0];
  state = new StateTab(app.page);
  await openWorkspaceTab(app, workspace.id, 'state');
  await expect(state.panel.getByTestId('sv-table')).toBeVisible();
});
test.afterAll(async () => {
  await app?.close();
});

test(`lists versions with the current one detailed, and downloads its raw state to a file (${TARGET})`, async () => {
  const serials = await state.serials();
  expect(serials.length).toBeGreaterThan(0);
  expect(serials).toEqual([...serials].sort((a, b) => b - a));
  topSerial = serials[0];
  await expect(state.detail.getByTestId('sv-detail-current')).toBeVisible();
  await expect(state.detail.getByTestId('sv-detail-serial')).toHaveText(String(topSerial));
  await expect(state.detail.getByTestId('sv-detail-engine')).not.toHaveText('');
  await expect(state.detail.getByTestId('sv-detail-processed')).toHaveAttribute('data-processed', 'true');

  await state.detail.getByTestId('sv-download-raw').click();
  const done = state.detail.getByTestId('sv-download-done');
  await expect(done).toBeVisible();
  const path = (await done.locator('code').textContent())!;
  expect(path.startsWith(app.dataDir)).toBe(true);
  expect(existsSync(path)).toBe(true);
  const downloaded = JSON.parse(readFileSync(path, 'utf8')) as { serial: number; lineage: string };
  expect(downloaded.serial).toBe(topSerial);
  lineage = downloaded.lineage;
  // The capability URL never reached the page.
  expect(await app.page.content()).not.toContain('/_objects/');

  // The status filter asks the service: nothing is pending here.
  await state.panel.getByTestId('sv-filter-pending').click();
  await expect(state.panel.getByTestId('state-empty')).toContainText('No pending state versions');
  await state.panel.getByTestId('sv-filter-all').click();
  await expect(state.row(topSerial)).toBeVisible();
});

test('uploads a new state from a file, with serial and lineage read from it, and its processed flag turns live', async () => {
  const serial = topSerial + 1;
  await state.uploadFile('terraform.tfstate', rawState(serial, { url: { value: 'https://app.example' }, db_password: { value: 'e2e-state-secret-81', sensitive: true } }, ['web', 'db']));
  await expect(state.upload.getByTestId('sv-upload-serial')).toHaveText(String(serial));
  await expect(state.upload.getByTestId('sv-upload-lineage')).toHaveText(lineage);
  await state.upload.getByTestId('sv-upload-start').click();
  await expect(state.upload.getByTestId('sv-upload-done')).toContainText(`(serial ${serial}) is finalized and current`);
  await expect(state.upload.getByTestId('sv-upload-progress')).toHaveAttribute('data-phase', 'done');
  await app.page.keyboard.press('Escape');

  await expect(state.row(serial).getByTestId('sv-current-tag')).toBeVisible();
  await expect(state.detail.getByTestId('sv-detail-serial')).toHaveText(String(serial));
  // Processing finishes a moment after finalization; the detail follows without a reload.
  await expect(state.detail.getByTestId('sv-detail-processed')).toHaveAttribute('data-processed', 'true');
  await expect(state.detail.getByTestId('sv-resources')).toContainText('null_resource');
  await expect(state.detail.getByTestId('sv-output-url').getByTestId('sv-output-value')).toHaveText('https://app.example');
  await expect(state.detail.getByTestId('sv-output-db_password').getByTestId('sv-output-hidden')).toBeVisible();
  expect(await app.page.content()).not.toContain('e2e-state-secret-81');
  await docScreenshot(app.page, 'state-versions');
  topSerial = serial;
});

test('refuses a JSON-state file in the page, and explains a serial that already exists', async () => {
  await state.uploadFile('show.json', JSON.stringify({ format_version: '1.0', values: { root_module: {} } }));
  await expect(state.upload.getByTestId('sv-upload-file-error')).toHaveText('show.json is JSON state (the output of "show -json"), not raw state. Choose the raw state file (.tfstate).');
  await expect(state.upload.getByTestId('sv-upload-start')).toBeDisabled();

  await state.upload.getByTestId('sv-upload-file').setInputFiles({ name: 'again.tfstate', mimeType: 'application/json', buffer: Buffer.from(rawState(topSerial)) });
  await state.upload.getByTestId('sv-upload-start').click();
  const error = state.upload.getByTestId('sv-upload-error');
  await expect(error).toContainText(`failed at the creating step`);
  await expect(error).toContainText(`already has serial ${topSerial}`);
  await expect(error).toContainText('The lock taken for the upload was released.');
  await app.page.keyboard.press('Escape');
});

test('compares any two versions structurally', async () => {
  const serials = await state.serials();
  const older = serials[serials.length - 1];
  await state.row(topSerial).getByTestId('sv-compare-check').click();
  await state.row(older).getByTestId('sv-compare-check').click();
  await expect(state.panel.getByTestId('sv-compare')).toHaveText(`Compare serial ${older} → ${topSerial}`);
  await state.panel.getByTestId('sv-compare').click();
  const diff = app.page.getByTestId('sv-diff');
  await expect(diff.getByTestId('sv-diff-summary')).toContainText('added');
  await expect(diff.locator('[data-address="null_resource.db"]')).toHaveAttribute('data-testid', 'sv-diff-resource-added');
  await app.page.keyboard.press('Escape');
});

test('rolls back only after the workspace name is typed, and the copy becomes current', async () => {
  const serials = await state.serials();
  const target = serials[1];
  await state.select(target);
  await expect(state.detail.getByTestId('sv-detail-serial')).toHaveText(String(target));
  await state.detail.getByTestId('sv-rollback').click();
  const dialog = app.page.getByTestId('sv-rollback-dialog');
  await expect(dialog.getByTestId('sv-rollback-dialog-question')).toContainText(`Roll workspace "${workspace.name}" back to serial ${target}`);
  await dialog.getByTestId('sv-rollback-dialog-input').fill(workspace.name.slice(0, -1));
  await expect(dialog.getByTestId('sv-rollback-dialog-confirm')).toBeDisabled();
  await state.confirmTyped('sv-rollback-dialog', workspace.name);
  await expect(dialog).toBeHidden();
  await expect(state.row(topSerial + 1).getByTestId('sv-current-tag')).toBeVisible();
  topSerial += 1;
});

test('soft delete, restore, and permanent delete behind the typed version id', async () => {
  const serials = await state.serials();
  const target = serials[serials.length - 1];
  await state.select(target);
  const id = (await state.detail.getAttribute('data-id'))!;
  await state.detail.getByTestId('sv-soft-delete').click();
  await app.page.locator('.n-popconfirm').getByRole('button', { name: 'Soft delete' }).click();
  await expect(state.detail.getByTestId('sv-detail-status')).toHaveText('soft-deleted');
  await state.detail.getByTestId('sv-restore').click();
  await expect(state.detail.getByTestId('sv-detail-status')).toHaveText('finalized');

  await state.detail.getByTestId('sv-soft-delete').click();
  await app.page.locator('.n-popconfirm').getByRole('button', { name: 'Soft delete' }).click();
  await state.detail.getByTestId('sv-permanent-delete').click();
  const dialog = app.page.getByTestId('sv-delete-dialog');
  await expect(dialog.getByTestId('sv-delete-dialog-confirm')).toBeDisabled();
  await state.confirmTyped('sv-delete-dialog', id);
  await expect(dialog).toBeHidden();
  await expect(state.detail.getByTestId('sv-detail-status')).toHaveText('permanently deleted');
  await expect(state.detail.getByTestId('sv-download-raw')).toBeDisabled();
});

test('an organization token is refused for upload and rollback, with a message saying which token to use', async () => {
  await app.page.getByTestId('switcher-item-Sim organization (org token)').click();
  await expect(app.page.getByTestId('active-connection-name')).toHaveText('Sim organization (org token)');
  await openWorkspaceTab(app, workspace.id, 'state');
  await expect(state.row(topSerial)).toBeVisible();

  await state.uploadFile('terraform.tfstate', rawState(topSerial + 5));
  await state.upload.getByTestId('sv-upload-start').click();
  await expect(state.upload.getByTestId('sv-upload-error')).toContainText('this connection uses an organization token. Use a user or team token to change state.');
  await app.page.keyboard.press('Escape');

  const serials = await state.serials();
  await state.select(serials[1]);
  await state.detail.getByTestId('sv-rollback').click();
  await state.confirmTyped('sv-rollback-dialog', workspace.name);
  await expect(app.page.getByTestId('sv-rollback-dialog-error')).toContainText('organization token');
  await app.page.keyboard.press('Escape');
  // Nothing changed: the user's upload is still current.
  await expect(state.row(topSerial).getByTestId('sv-current-tag')).toBeVisible();
});
