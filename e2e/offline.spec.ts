// Issue 7 end to end: a cluster and an organization with data, then their server stops. After a reload the jobs
// view shows the cached jobs ("cached · as of"), the shell's banner says the connection is unreachable, actions are
// disabled with the reason; switching shows the organization's cached workspaces at once. A server started again
// on the same port is found by the host's background re-test and the views go live by themselves. After the session
// the cache folder holds no token, node SecretID, state URL or state contents.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { openApp, TARGET, type AppSession } from './support/app';
import { startSim, type RunningProcess, type SimInfo } from './support/processes';
import { docScreenshot } from './support/screenshots';

let app: AppSession;

/** Navigates by the sidebar (a hash set during the app's first navigation can be overridden by it). */
async function open(view: 'jobs' | 'workspaces' | 'connections'): Promise<void> {
  await app.page.getByTestId(`nav-${view}`).click();
  await expect(app.page.getByTestId(`${view}-view`)).toBeVisible({ timeout: 15_000 });
}
/** Switches in the sidebar and waits until the shell follows, so the views of that kind are enabled. */
async function switchTo(name: 'Sim cluster' | 'Sim organization'): Promise<void> {
  await app.page.getByTestId(`switcher-item-${name}`).click();
  await expect(app.page.getByTestId('active-connection')).toHaveAttribute('data-kind', name === 'Sim cluster' ? 'cluster' : 'workspace');
}
let restarted: (SimInfo & RunningProcess) | null = null;
/** The large estate (20,000 jobs) for the docs' screenshots; the small one keeps the CI run under two minutes. */
const simArgs = process.env.QD_SCREENSHOTS ? ['--scale', 'large'] : [];

test.beforeAll(async () => {
  app = await openApp({ simArgs, connections: ['cluster', 'workspace'] });
});
test.afterAll(async () => {
  await app?.close();
  await restarted?.stop();
});

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = join(dir, name);
    return statSync(full).isDirectory() ? filesUnder(full) : [full];
  });
}

/** Secrets an operator's session could have touched, read from the simulator over its API with admin tokens. */
async function secretsFromServer(sim: SimInfo, workspaceIds: string[]): Promise<Array<[string, string]>> {
  const secrets: Array<[string, string]> = [
    ['cluster token', sim.clusterToken],
    ['cluster read-only token', sim.clusterReadOnlyToken],
    ['workspace token', sim.workspaceToken],
    ['workspace org token', sim.workspaceOrgToken],
  ];
  const cluster = { 'X-Cluster-Token': sim.clusterToken };
  const nodes = (await (await fetch(`${sim.url}/v1/nodes`, { headers: cluster })).json()) as Array<{ ID: string }>;
  for (const node of nodes.slice(0, 25)) {
    const full = (await (await fetch(`${sim.url}/v1/node/${node.ID}`, { headers: cluster })).json()) as { SecretID?: string };
    if (full.SecretID) secrets.push(['node SecretID', full.SecretID]);
  }
  const ws = { Authorization: `Bearer ${sim.workspaceToken}` };
  for (const id of workspaceIds) {
    const answer = await fetch(`${sim.url}/api/v2/workspaces/${id}/current-state-version`, { headers: ws });
    if (!answer.ok) continue;
    const attributes = ((await answer.json()) as { data: { attributes: Record<string, string | null> } }).data.attributes;
    for (const field of ['hosted-state-download-url', 'hosted-json-state-download-url']) {
      const url = attributes[field];
      if (!url) continue;
      secrets.push([field, url]);
      const state = await (await fetch(url)).text();
      // Long attribute values of the state's resources: contents no API answer repeats.
      for (const match of state.matchAll(/"(?:id|arn|private_ip|public_ip|fingerprint)":\s*"([^"]{16,})"/g)) secrets.push(['state contents', match[1]]);
    }
  }
  return secrets;
}

test(`shows cached data read-only while the server is down and recovers by itself (${TARGET})`, async () => {
  test.setTimeout(150_000);
  const { page } = app;
  const clusterId = app.ids.cluster!;
  const orgId = app.ids.workspace!;

  // Online: the jobs list fills from the server, then the organization's workspaces.
  await open('jobs');
  const freshness = page.getByTestId('jobs-view').getByTestId('freshness');
  await expect
    .poll(async () => (await app.invoke<{ loading: boolean; total: number }>('jobs.query', { connectionId: clusterId, offset: 0, limit: 1 })).total, { timeout: 60_000 })
    .toBeGreaterThan(0);
  await expect.poll(async () => (await app.invoke<{ loading: boolean }>('jobs.query', { connectionId: clusterId, offset: 0, limit: 1 })).loading, { timeout: 60_000 }).toBe(false);
  await expect(freshness).toHaveAttribute('data-source', 'live');
  const jobsCount = page.getByTestId('jobs-count');
  await expect(jobsCount).not.toHaveText('0');
  const shownJobs = await jobsCount.textContent();
  await switchTo('Sim organization');
  await open('workspaces');
  await expect(page.getByTestId('ws-count')).toHaveAttribute('data-loading', 'false', { timeout: 60_000 });
  const workspaceIds = await app.invoke<{ rows: Array<{ id: string }> }>('workspaces.query', { connectionId: orgId, offset: 0, limit: 5 }).then((w) => w.rows.map((r) => r.id));
  for (const workspaceId of workspaceIds) await app.invoke('stateVersions.current', { connectionId: orgId, workspaceId }).catch(() => undefined);
  const secrets = await secretsFromServer(app.sim, workspaceIds);

  // Both lists reach the cache (snapshots are throttled, so wait for them rather than assume): the cluster's only
  // entry is its jobs list, the organization holds its list and the state-version reads.
  await expect
    .poll(async () => {
      const stats = await app.invoke<{ connections: Record<string, { entries: number }> }>('cache.stats', {});
      return (stats.connections[clusterId]?.entries ?? 0) >= 1 && (stats.connections[orgId]?.entries ?? 0) >= workspaceIds.length + 1;
    }, { timeout: 30_000 })
    .toBe(true);

  // The server goes away; the app starts again (reload) on the cluster.
  const port = new URL(app.sim.url).port;
  await app.sim.stop();
  await switchTo('Sim cluster');
  await page.reload();
  // Load the connections page first: its code chunk is then in memory for the end of the test.
  await app.goto('#/connections');
  await expect(page.getByTestId('connections-view')).toBeVisible();
  await open('jobs');

  await expect(freshness).toHaveAttribute('data-source', 'cache', { timeout: 15_000 });
  await expect(freshness).toContainText('cached · as of');
  await expect(jobsCount).toHaveText(shownJobs!);
  await expect(page.getByTestId('jobs-view').getByTestId('jobs-table-row').first()).toBeVisible();
  const banner = page.getByTestId('offline-banner');
  await expect(banner).toBeVisible({ timeout: 15_000 });
  await expect(banner).toContainText('Sim cluster is unreachable');
  await expect(page.getByTestId('offline-banner-message')).toContainText('refused');
  await expect(page.getByTestId('offline-banner-message')).toContainText('read-only');
  await expect(page.getByTestId('jobs-new')).toBeDisabled();
  await page.getByTestId('jobs-new').hover({ force: true });
  await expect(page.getByText('Sim cluster is unreachable; showing the last known data, read-only.')).toBeVisible();
  await docScreenshot(page, 'offline-jobs-cached');

  // Switching shows the other connection's cached data at once, also read-only.
  await switchTo('Sim organization');
  await open('workspaces');
  const wsFreshness = page.getByTestId('workspaces-view').getByTestId('freshness');
  await expect(wsFreshness).toHaveAttribute('data-source', 'cache', { timeout: 15_000 });
  await expect(page.getByTestId('ws-count')).not.toHaveAttribute('data-total', '0');
  await expect(page.getByTestId('offline-banner')).toContainText('Sim organization is unreachable', { timeout: 15_000 });
  await expect(page.getByTestId('ws-create')).toBeDisabled();

  // The server is back on the same address: nobody clicks anything, the host's re-test finds it.
  await switchTo('Sim cluster');
  await open('jobs');
  restarted = await startSim([...simArgs, '--port', port]);
  await expect(page.getByTestId('offline-banner')).toBeHidden({ timeout: 60_000 });
  await expect(freshness).toHaveAttribute('data-source', 'live', { timeout: 60_000 });
  await expect(page.getByTestId('jobs-new')).toBeEnabled();
  await expect(jobsCount).toHaveText(shownJobs!);

  // The connections page shows what each connection holds, and clears one.
  await app.goto('#/connections');
  await expect(page.getByTestId('connections-view')).toBeVisible();
  const panel = page.getByTestId('cache-panel');
  await expect(panel.getByTestId('cache-row-Sim organization').getByTestId('cache-row-size')).not.toHaveText(/^0 entries/);
  await docScreenshot(page, 'offline-cache-panel');

  // The scan: none of the session's secrets anywhere in the cache folder.
  const blobs = filesUnder(join(app.dataDir, 'cache')).map((file) => [file, readFileSync(file)] as const);
  expect(blobs.length).toBeGreaterThan(0);
  const hits: string[] = [];
  for (const [what, secret] of secrets) for (const [file, bytes] of blobs) if (bytes.includes(Buffer.from(secret, 'utf8'))) hits.push(`${what} in ${file}`);
  expect(secrets.filter(([what]) => what === 'node SecretID').length).toBeGreaterThan(0);
  expect(hits).toEqual([]);

  await panel.getByTestId('cache-row-Sim organization').getByTestId('cache-clear').click();
  await expect(panel.getByTestId('cache-row-Sim organization').getByTestId('cache-row-size')).toHaveText(/^0 entries/);
});
