// Issue 5's projects, end to end on the simulator's large organization (50 projects, 10,000 workspaces): search,
// names and permission filters, sorting; create, edit and delete with the spec's rules checked in the form; moving
// workspaces into a project, and the all-or-nothing refusal that names each workspace concerned.
import { expect, test } from '@playwright/test';
import { openApp, TARGET, type AppSession } from './support/app';
import { docScreenshot } from './support/screenshots';
import { ProjectsPage } from './pages/projects';

interface ProjectLike {
  id: string;
  attributes: { name: string; 'workspace-count'?: number };
}

let app: AppSession;
let projects: ProjectsPage;
let connectionId: string;

test.beforeAll(async () => {
  app = await openApp({ simArgs: ['--scale', 'large'], connections: ['workspace'] });
  projects = new ProjectsPage(app);
  connectionId = app.ids.workspace!;
});
test.afterAll(async () => {
  await app?.close();
});

const list = async (params: Record<string, unknown> = {}) =>
  (await app.invoke<{ value: { items: ProjectLike[] } }>('projects.list', { connectionId, ...params })).value.items;

test(`lists, searches, filters by names and sorts the projects (${TARGET})`, async () => {
  const { page } = projects;
  await projects.open();
  const all = await list({ sort: 'name' });
  expect(all.length).toBe(50);
  await expect(projects.names).toHaveCount(50);
  await expect(page.getByTestId('projects-count')).toHaveText('50 of 50 projects');
  await docScreenshot(page, 'projects');

  // Search by name: the service matches case-insensitively.
  await page.getByTestId('projects-search').fill('PAYMENTS');
  const payments = await list({ q: 'payments' });
  await expect(projects.names).toHaveCount(payments.length);
  for (const name of await projects.names.allTextContents()) expect(name).toContain('payments');
  await page.getByTestId('projects-search').fill('');
  await expect(projects.names).toHaveCount(50);

  // Filter by two exact names.
  const [a, b] = [all[3].attributes.name, all[7].attributes.name];
  const option = (name: string) => page.locator('.n-base-select-option').filter({ hasText: new RegExp(`^${name}$`) });
  await page.getByTestId('projects-names').click();
  await option(a).click();
  await option(b).click();
  await page.keyboard.press('Escape');
  await expect(projects.names).toHaveCount(2);
  await expect(projects.names).toHaveText([a, b].sort((x, y) => x.localeCompare(y)));
  await page.getByTestId('projects-names').hover();
  await page.getByTestId('projects-names').locator('.n-base-clear').click();
  await expect(projects.names).toHaveCount(50);

  // Permission filter: the service answers; this owner token may update every project.
  await page.getByTestId('projects-can-update').click();
  await expect(projects.names).toHaveCount((await list({ canUpdate: true })).length);
  await page.getByTestId('projects-can-update').click();

  // Sort: reversed by name.
  await page.getByTestId('projects-sort').click();
  await page.locator('.n-base-select-option').filter({ hasText: 'Name Z → A' }).click();
  const descending = await list({ sort: '-name' });
  await expect(projects.names.first()).toHaveText(descending[0].attributes.name);
});

test('the form refuses what the spec forbids before sending, then creates, edits and deletes a project', async () => {
  const { page } = projects;
  await projects.open();
  await page.getByTestId('project-create').click();
  const editor = page.getByTestId('project-editor');

  await projects.fillEditor({ name: ' edge space', description: 'd'.repeat(257), duration: '0d' });
  await editor.getByTestId('project-save').click();
  await expect(editor).toContainText('must not start or end with a space');
  await expect(editor).toContainText('at most 256 characters');
  await expect(editor).toContainText('up to four digits above 0');
  await projects.fillEditor({ name: 'ab' });
  await expect(editor).toContainText('at least 3 characters');
  await projects.fillEditor({ name: 'bad.name' });
  await expect(editor).toContainText('only letters, numbers, spaces');
  expect(await list({ names: ['bad.name'] })).toEqual([]);

  await projects.fillEditor({ name: 'e2e project', description: 'made by the e2e test', duration: '14d' });
  await editor.getByTestId('project-save').click();
  await expect(projects.row('e2e project')).toBeVisible();
  await expect(projects.row('e2e project')).toContainText('14d');

  await projects.row('e2e project').getByTestId('project-edit').click();
  await projects.fillEditor({ duration: '24h' });
  await editor.getByTestId('project-save').click();
  await expect(projects.row('e2e project')).toContainText('24h');

  // A project holding workspaces cannot be deleted: the button says why.
  const busy = (await list()).find((p) => (p.attributes['workspace-count'] ?? 0) > 0)!;
  await expect(projects.row(busy.attributes.name).getByTestId('project-delete')).toBeDisabled();
  await expect(projects.row(busy.attributes.name).getByTestId('project-delete')).toHaveAttribute('data-disabled-reason', /move them out first/);

  await projects.row('e2e project').getByTestId('project-delete').click();
  await expect(page.getByTestId('project-delete-question')).toContainText('e2e project');
  await page.getByTestId('project-delete-confirm').click();
  await expect(projects.row('e2e project')).toHaveCount(0);
});

test('moves workspaces into a project; a refused move moves nothing and names the workspace concerned', async () => {
  test.setTimeout(180_000); // waits for main to hold all 10,000 workspaces first
  const { page } = projects;
  // Wait until main holds the whole organization, so the search sees every workspace.
  const query = () => app.invoke<{ rows: { id: string; name: string; projectId: string }[]; loading: boolean }>('workspaces.query', { connectionId, search: 'dns-test-*', offset: 0, limit: 3 });
  await expect.poll(async () => (await query()).loading, { timeout: 90_000 }).toBe(false);
  const rows = (await query()).rows;
  const [first, second, doomed] = rows;
  const destination = (await list({ sort: 'name' })).find((p) => p.id !== first.projectId && p.id !== second.projectId && p.id !== doomed.projectId)!;

  await projects.open();
  await projects.row(destination.attributes.name).getByTestId('project-move').click();
  const modal = page.getByTestId('move-modal');
  const pick = async (name: string) => {
    await modal.getByTestId('move-pick').click();
    await page.keyboard.type(name);
    await page.locator('.n-base-select-option').filter({ hasText: new RegExp(`^${name}`) }).click();
    await page.keyboard.press('Escape');
  };
  await pick(first.name);
  await pick(second.name);
  await modal.getByTestId('move-confirm').click();
  await expect(modal).toBeHidden();
  const moved = await app.invoke<{ rows: { id: string }[] }>('workspaces.query', { connectionId, facets: { project: [destination.id] }, offset: 0, limit: 1000 });
  expect(moved.rows.map((r) => r.id)).toEqual(expect.arrayContaining([first.id, second.id]));

  // All or nothing: towards another project, with one workspace deleted by the time the move is sent.
  const other = (await list({ sort: 'name' })).find((p) => p.id !== destination.id && p.id !== doomed.projectId)!;
  await projects.row(other.attributes.name).getByTestId('project-move').click();
  await pick(doomed.name);
  await pick(first.name);
  await app.invoke('workspaces.forceDelete', { connectionId, workspaceId: doomed.id, confirm: doomed.name });
  await modal.getByTestId('move-confirm').click();
  await expect(modal.getByTestId('move-error')).toContainText('no workspace was moved');
  await expect(modal.getByTestId('move-concerned')).toHaveText([doomed.id]);
  const stayed = await app.invoke<{ rows: { id: string; projectId: string }[] }>('workspaces.query', { connectionId, search: first.name, offset: 0, limit: 1 });
  expect(stayed.rows[0].projectId).toBe(destination.id);
});
