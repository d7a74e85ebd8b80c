// Issue 5 §4 end to end: a workspace's variables on the large organization. A sensitive value is write-only (never
// in the DOM, never answered by the host, replaceable); bulk edit flags bad rows, applies the good ones and says
// which lines were applied and which were not; edit and delete; the org-wide picture in docs/screenshots.
import { expect, test } from '@playwright/test';
import { openApp, TARGET, type AppSession } from './support/app';
import { domText } from './support/leaks';
import { docScreenshot } from './support/screenshots';
import { VariablesTab } from './pages/variables';
import { openWorkspaceTab, unlockedWorkspaces } from './pages/workspace-tabs';

let app: AppSession;
let workspaceId: string;
let vars: VariablesTab;

test.beforeAll(async () => {
  app = await openApp({ simArgs: ['--scale', 'large'], connections: ['workspace'] });
  workspaceId = (await unlockedWorkspaces(app))[0].id;
  vars = new VariablesTab(app.page);
  await openWorkspaceTab(app, workspaceId, 'variables');
  await expect(vars.panel.getByTestId('var-section-engine')).toBeVisible();
});
test.afterAll(async () => {
  await app?.close();
});

const SECRET = 'e2e-Secret-Value-7f3a91';
const REPLACEMENT = 'e2e-Replacement-Value-55c0d2';

test(`a sensitive variable is write-only: shown as hidden, never in the DOM or a host answer, and replaceable (${TARGET})`, async () => {
  await vars.add({ key: 'api_token', value: SECRET, sensitive: true, description: 'deploy token' });
  await expect(vars.editor).toBeHidden();
  const row = vars.row('engine', 'api_token');
  await expect(row).toHaveAttribute('data-sensitive', 'true');
  await expect(row.getByTestId('var-value-hidden')).toHaveText('Sensitive · hidden');
  expect(await domText(app.page)).not.toContain(SECRET);
  const listed = await app.invoke<{ value: Array<{ attributes: { key: string; value: string | null } }> }>('variables.list', { connectionId: app.ids.workspace, workspaceId });
  expect(listed.value.find((v) => v.attributes.key === 'api_token')?.attributes.value).toBeNull();
  expect(JSON.stringify(listed)).not.toContain(SECRET);

  // Edit: the value field starts empty (nothing to read back) and the sensitive switch cannot be turned off.
  await row.getByTestId('var-edit').click();
  await expect(vars.editor.getByTestId('var-field-value')).toHaveValue('');
  await expect(vars.editor.getByTestId('var-field-value')).toHaveAttribute('placeholder', /Hidden\. Type a new value to replace it/);
  await expect(vars.editor.getByTestId('var-field-sensitive')).toHaveClass(/n-switch--disabled/);
  await vars.editor.getByTestId('var-field-value').fill(REPLACEMENT);
  await vars.editor.getByTestId('var-save').click();
  await expect(vars.editor).toBeHidden();
  await expect(row.getByTestId('var-value-hidden')).toBeVisible();
  const dom = await domText(app.page);
  expect(dom).not.toContain(SECRET);
  expect(dom).not.toContain(REPLACEMENT);
});

test('bulk edit flags bad lines, applies the good ones and names the lines applied and not applied', async () => {
  await vars.openBulk('env', ['# pasted from .env', 'E2E_REGION=eu-west-1', 'bad-key=1', 'no equals sign here', 'E2E_GREETING="hello world"', 'E2E_REGION=again'].join('\n'));
  // Lines keep their numbers in the paste: 2, 3, 4, 5, 6.
  await expect(vars.bulkRow(2)).toHaveAttribute('data-problem', 'false');
  await expect(vars.bulkRow(3).getByTestId('bulk-row-problem')).toHaveText(/Line 3: An env variable key must start with a letter/);
  await expect(vars.bulkRow(4).getByTestId('bulk-row-problem')).toHaveText('Line 4 has no "=": write it as KEY=value.');
  await expect(vars.bulkRow(6).getByTestId('bulk-row-problem')).toHaveText('Line 6: E2E_REGION is already set on line 2; remove one of them.');
  await expect(vars.bulk.getByTestId('bulk-invalid-note')).toHaveText('3 rows have a problem and will not be sent.');

  // Fixing a row in the table clears its problem.
  await vars.bulkRow(3).getByTestId('bulk-row-key').fill('E2E_FIXED');
  await expect(vars.bulkRow(3)).toHaveAttribute('data-problem', 'false');
  await expect(vars.bulk.getByTestId('bulk-apply')).toHaveText('Apply 3 rows');
  await vars.bulk.getByTestId('bulk-apply').click();

  await expect(vars.bulk.getByTestId('bulk-summary')).toHaveText('3 applied (3 created, 0 updated): lines 2, 3, 5 · 2 not applied: lines 4, 6');
  await expect(vars.bulkRow(2)).toHaveAttribute('data-outcome', 'created');
  await expect(vars.bulkRow(4)).toHaveAttribute('data-outcome', 'skipped');
  await expect(vars.bulkRow(4).getByTestId('bulk-row-message')).toHaveText('Not applied: Line 4 has no "=": write it as KEY=value.');
  await docScreenshot(app.page, 'variables-bulk');

  // Applied lines are never sent twice: only the fixed line goes, and the summary covers every line.
  await expect(vars.bulk.getByTestId('bulk-apply')).toBeDisabled();
  await vars.bulkRow(4).getByTestId('bulk-row-key').fill('E2E_LINE_FOUR');
  await vars.bulkRow(4).getByTestId('bulk-row-value').fill('four');
  await expect(vars.bulk.getByTestId('bulk-apply')).toHaveText('Apply 1 row');
  await vars.bulk.getByTestId('bulk-apply').click();
  await expect(vars.bulk.getByTestId('bulk-summary')).toHaveText('4 applied (4 created, 0 updated): lines 2, 3, 4, 5 · 1 not applied: line 6');
  await app.page.keyboard.press('Escape');
  await expect(vars.bulk).toBeHidden();
  await expect(vars.row('env', 'E2E_GREETING').getByTestId('var-value')).toHaveText('hello world');
  await expect(vars.row('env', 'E2E_FIXED')).toBeVisible();
  await expect(vars.row('env', 'E2E_LINE_FOUR').getByTestId('var-value')).toHaveText('four');

  // A second paste of an existing key updates it instead of creating a duplicate.
  await vars.openBulk('env', 'E2E_REGION=us-east-2');
  await vars.bulk.getByTestId('bulk-apply').click();
  await expect(vars.bulk.getByTestId('bulk-summary')).toHaveText('1 applied (0 created, 1 updated): line 1');
  await app.page.keyboard.press('Escape');
  await expect(vars.row('env', 'E2E_REGION').getByTestId('var-value')).toHaveText('us-east-2');
  await docScreenshot(app.page, 'variables');
});

test('the form refuses an env key the shell cannot use before sending; edit and delete work', async () => {
  await vars.add({ key: '1-bad', value: 'x', category: 'env' });
  await expect(vars.editor).toContainText('An env variable key must start with a letter or "_"');
  await vars.editor.getByTestId('var-field-key').fill('E2E_EDITED');
  await vars.editor.getByTestId('var-save').click();
  await expect(vars.editor).toBeHidden();
  await expect(vars.row('env', 'E2E_EDITED').getByTestId('var-value')).toHaveText('x');

  await vars.row('env', 'E2E_EDITED').getByTestId('var-edit').click();
  await vars.editor.getByTestId('var-field-value').fill('changed');
  await vars.editor.getByTestId('var-save').click();
  await expect(vars.row('env', 'E2E_EDITED').getByTestId('var-value')).toHaveText('changed');

  await vars.row('env', 'E2E_EDITED').getByTestId('var-delete').click();
  await expect(app.page.getByTestId('var-delete-question')).toHaveText('Delete env variable E2E_EDITED? Runs will no longer see it.');
  await app.page.locator('.n-popconfirm').getByRole('button', { name: 'Delete', exact: true }).click();
  await expect(vars.row('env', 'E2E_EDITED')).toHaveCount(0);
});
