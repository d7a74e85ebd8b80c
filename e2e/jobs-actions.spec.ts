// Issue 4 §2 actions and their error paths, on the small estate: dispatch (payload over 16384 bytes refused in the
// form), scale (the 400 of an active deployment shown clearly), force periodic launch, evaluate with
// ForceReschedule, stop, purge (typed confirmation), revert (prior-version check) and mark stable, create from
// configuration text through parse → plan → register, and a read-only token naming the permission it lacks.
import { expect, test } from '@playwright/test';
import { openApp, TARGET, type AppSession } from './support/app';
import { JobsPage } from './pages/jobs';

let app: AppSession;
let jobs: JobsPage;

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  test.setTimeout(120_000);
  app = await openApp({ connections: ['cluster', 'cluster-readonly'] });
  jobs = new JobsPage(app);
});
test.afterAll(async () => {
  await app?.close();
});

const childCount = async (jobId: string) => {
  const summary = await app.invoke<{ value: { Children: { Pending: number; Running: number; Dead: number } | null } }>('jobs.summary', {
    connectionId: app.ids.cluster,
    namespace: 'default',
    jobId,
  });
  const c = summary.value.Children;
  return c ? c.Pending + c.Running + c.Dead : 0;
};

test(`dispatch refuses a payload over 16384 bytes in the form, then dispatches with meta and a token (${TARGET})`, async () => {
  const { page } = jobs;
  await jobs.openJob('default', 'video-encode');
  const before = await childCount('video-encode');
  await jobs.action('dispatch').click();
  const dialog = jobs.dialog('dispatch');
  await expect(dialog).toBeVisible();
  await expect(dialog.getByTestId('job-dispatch-token').locator('input')).toHaveValue(/^[0-9a-f-]{36}$/);

  const payload = dialog.getByTestId('job-dispatch-payload').locator('textarea');
  await payload.fill('a'.repeat(16385));
  await dialog.getByTestId('job-dispatch-meta-input').locator('input').fill('s3://bucket/movie.mp4');
  await expect(dialog.getByTestId('job-dispatch-bytes')).toHaveText('16,385 / 16,384 bytes');
  await expect(dialog.getByTestId('job-dispatch-payload-error')).toContainText('at most 16384 bytes');
  await expect(jobs.confirm('dispatch')).toBeDisabled();

  // Multi-byte text counts in bytes: 5,462 "€" are 16,386 bytes.
  await payload.fill('€'.repeat(5462));
  await expect(dialog.getByTestId('job-dispatch-bytes')).toHaveText('16,386 / 16,384 bytes');
  await expect(jobs.confirm('dispatch')).toBeDisabled();
  expect(await childCount('video-encode')).toBe(before); // nothing was sent

  // Required meta is required too.
  await payload.fill('{"preset":"1080p"}');
  await dialog.getByTestId('job-dispatch-meta-input').locator('input').fill('');
  await expect(jobs.confirm('dispatch')).toBeDisabled();
  await dialog.getByTestId('job-dispatch-meta-input').locator('input').fill('s3://bucket/movie.mp4');
  await dialog.getByTestId('job-dispatch-meta-profile').locator('input').fill('hq');
  await expect(jobs.confirm('dispatch')).toBeEnabled();
  await jobs.confirm('dispatch').click();
  await expect(dialog).toBeHidden();
  await expect.poll(() => childCount('video-encode')).toBe(before + 1);
  await expect(page.getByTestId('job-children')).toBeVisible();
});

test('scaling shows the 400 of an active deployment clearly', async () => {
  const { page } = jobs;
  await jobs.openJob('default', 'web');
  await page.getByTestId('job-group-scale-frontend').click();
  const dialog = jobs.dialog('scale');
  const count = dialog.getByTestId('job-scale-count').locator('input');
  await expect(count).toHaveValue('3');
  await count.fill('4');
  // A message is required before sending.
  await expect(jobs.confirm('scale')).toBeDisabled();
  await dialog.getByTestId('job-scale-message').locator('input').fill('e2e: one more');
  await jobs.confirm('scale').click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('job-group-frontend').getByTestId('job-group-count')).toHaveText('4');
  await expect(page.getByTestId('job-scaling-frontend').getByTestId('job-scaling-event').first()).toContainText('3 → 4');
  await expect(page.getByTestId('job-scaling-frontend').getByTestId('job-scaling-event').first()).toContainText('e2e: one more');

  // The first scale started a deployment; the cluster refuses count changes until it completes.
  await page.getByTestId('job-group-scale-frontend').click();
  await count.fill('5');
  await dialog.getByTestId('job-scale-message').locator('input').fill('e2e: and another');
  await jobs.confirm('scale').click();
  await expect(dialog.getByTestId('job-action-error')).toContainText('400');
  await expect(dialog.getByTestId('job-action-error')).toContainText('active deployment');
  await expect(dialog.getByTestId('job-scale-deployment-hint')).toContainText('Wait until the deployment completes');
  await dialog.getByTestId('job-action-cancel').click();
  await jobs.tab('Deployments').click();
  await expect(page.getByTestId('job-deployment-status').first()).toHaveText('running');
});

test('revert checks the prior version, and a version can be marked stable', async () => {
  const { page } = jobs;
  await jobs.openJob('default', 'web', 'versions');
  await expect(page.getByTestId('job-version-1')).toBeVisible();
  // Someone registers a change while the dialog is open: the revert is refused with the versions named.
  await page.getByTestId('job-version-0').getByTestId('job-version-revert').click();
  const dialog = jobs.dialog('revert');
  await expect(dialog).toBeVisible();
  const current = await app.invoke<{ value: Record<string, unknown> }>('jobs.read', { connectionId: app.ids.cluster, namespace: 'default', jobId: 'web' });
  await app.invoke('jobs.register', { connectionId: app.ids.cluster, namespace: 'default', job: { ...current.value, Meta: { team: 'frontend', note: 'concurrent' } } });
  await jobs.confirm('revert').click();
  await expect(dialog.getByTestId('job-action-error')).toContainText('enforcing version');
  await dialog.getByTestId('job-action-cancel').click();

  // Against the current version it works and registers a new version.
  await expect(page.getByTestId('job-version-2')).toBeVisible();
  await page.getByTestId('job-version-0').getByTestId('job-version-revert').click();
  await jobs.confirm('revert').click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('job-version-3')).toBeVisible();

  // Changes between versions, from the API's diffs.
  await page.getByTestId('job-version-2').getByTestId('job-version-diff-toggle').click();
  await expect(page.getByTestId('job-version-2').getByTestId('diff-field').filter({ hasText: 'note' })).toHaveAttribute('data-type', 'Added');

  const v1 = page.getByTestId('job-version-1');
  const stableBefore = await v1.getByTestId('job-version-stable').count();
  await v1.getByTestId('job-version-stable-toggle').click();
  await expect(v1.getByTestId('job-version-stable')).toHaveCount(stableBefore ? 0 : 1);
});

test('force periodic launch and force evaluate with ForceReschedule', async () => {
  const { page } = jobs;
  await jobs.openJob('default', 'cleanup');
  const before = await childCount('cleanup');
  await jobs.action('periodic').click();
  await expect(jobs.dialog('periodic')).toContainText('*/15 * * * *');
  await jobs.confirm('periodic').click();
  await expect(jobs.dialog('periodic')).toBeHidden();
  await expect.poll(() => childCount('cleanup')).toBe(before + 1);

  // The children are listed by ID prefix; a child's ID holds "/" and still opens as one route parameter.
  await page.getByTestId('job-children-list').click();
  await expect(page.getByTestId('jobs-search').locator('input')).toHaveValue('cleanup/');
  await expect.poll(() => jobs.count()).toBe(before + 1);
  const child = jobs.rows.first();
  const childId = await child.getByTestId('jobs-row-id').innerText();
  expect(childId).toMatch(/^cleanup\/periodic-\d+$/);
  await child.click();
  await expect(page.getByTestId('job-title')).toHaveText(childId);
  await expect(page.getByTestId('job-fact-parent')).toHaveText('cleanup');

  await jobs.openJob('default', 'worker');
  await jobs.tab('Evaluations').click();
  await expect(page.getByTestId('job-eval-row').first()).toBeVisible();
  const evals = await page.getByTestId('job-eval-row').count();
  await jobs.action('evaluate').click();
  await jobs.dialog('evaluate').getByTestId('job-evaluate-force').click();
  await jobs.confirm('evaluate').click();
  await expect(jobs.dialog('evaluate')).toBeHidden();
  await expect(page.getByTestId('job-eval-row')).toHaveCount(evals + 1);
});

test('stop, then purge only after typing the job ID', async () => {
  const { page } = jobs;
  await jobs.openJob('default', 'report-nightly');
  await jobs.action('stop').click();
  await expect(page.getByTestId('job-stop-question')).toContainText('report-nightly');
  await jobs.confirm('stop').click();
  await expect(page.getByTestId('job-stopped')).toBeVisible();
  await expect(jobs.action('stop')).toBeDisabled();

  await jobs.openJob('default', 'postgres');
  await jobs.action('purge').click();
  const dialog = jobs.dialog('purge');
  await expect(dialog.getByTestId('job-purge-question')).toContainText('postgres');
  await expect(jobs.confirm('purge')).toBeDisabled();
  await dialog.getByTestId('job-purge-input').locator('input').fill('postgre');
  await expect(jobs.confirm('purge')).toBeDisabled();
  await dialog.getByTestId('job-purge-input').locator('input').fill('postgres');
  await jobs.confirm('purge').click();
  await expect(page.getByTestId('jobs-view')).toBeVisible();
  await app.goto('#/jobs/default/postgres');
  await expect(page.getByTestId('state-error')).toContainText('was not found');
});

test('create from configuration text: a parse error is shown, then parse → plan → create; a taken ID is refused', async () => {
  const { page } = jobs;
  await app.goto('#/jobs/new');
  const source = page.getByTestId('job-source');
  await source.fill('job "broken" {\n  group "g" {\n    count = \n  }\n}\n');
  await page.getByTestId('job-parse').click();
  await expect(page.getByTestId('job-parse-error')).toContainText('input.hcl:');

  const hcl = [
    'job "e2e-new" {',
    '  datacenters = ["dc1"]',
    '  type = "service"',
    '  group "web" {',
    '    count = 2',
    '    task "server" {',
    '      driver = "docker"',
    '      config {',
    '        image = "nginx:1.25"',
    '      }',
    '    }',
    '  }',
    '}',
  ].join('\n');
  await source.fill(hcl);
  await page.getByTestId('job-parse').click();
  await expect(page.getByTestId('job-parse-error')).toHaveCount(0);
  await expect(page.getByTestId('job-json')).toHaveValue(/"ID": "e2e-new"/);
  await expect(page.getByTestId('job-register')).toBeDisabled();
  await page.getByTestId('job-plan-run').click();
  await expect(page.getByTestId('job-plan').getByTestId('diff-node').first()).toHaveAttribute('data-type', 'Added');
  await expect(page.getByTestId('plan-group-web').getByTestId('plan-update-Place')).toContainText('2 place');
  await page.getByTestId('job-register').click();
  await expect(page.getByTestId('job-title')).toHaveText('e2e-new');

  // The same ID again: EnforceIndex with index 0 means "must be new", so the cluster refuses.
  await app.goto('#/jobs/new');
  await page.getByTestId('job-source').fill(hcl);
  await page.getByTestId('job-parse').click();
  await page.getByTestId('job-plan-run').click();
  await page.getByTestId('job-register').click();
  await expect(page.getByTestId('job-register-conflict')).toContainText('already exists');
});

test('a read-only token: actions fail with the missing permission named', async () => {
  const { page } = jobs;
  await page.getByTestId('switcher-item-Sim cluster (read-only)').click();
  await expect(page.getByTestId('active-connection-name')).toHaveText('Sim cluster (read-only)');
  await jobs.openJob('default', 'api');
  await jobs.action('stop').click();
  await jobs.confirm('stop').click();
  await expect(jobs.dialog('stop').getByTestId('job-action-error')).toContainText('lacks namespace:submit-job');
  await jobs.dialog('stop').getByTestId('job-action-cancel').click();

  await page.getByTestId('job-group-scale-api').click();
  await jobs.dialog('scale').getByTestId('job-scale-message').locator('input').fill('read-only attempt');
  await jobs.confirm('scale').click();
  await expect(jobs.dialog('scale').getByTestId('job-action-error')).toContainText('namespace:scale-job');
});
