// Issue 6 §2 end to end: the events view follows the large simulator's busy stream live; topics, pause and resume,
// search, the payload pane, NDJSON export and links work; a token that may not read every topic is told why.
import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { openApp, TARGET, type AppSession } from './support/app';
import { docScreenshot } from './support/screenshots';
import { EventsPage } from './pages/events';

/** Waits on events arriving: the simulator paces them in real time, which a loaded machine slows down. */
const ARRIVAL = { timeout: 60_000 };

let app: AppSession;
let events: EventsPage;

async function setEventRate(rate: number): Promise<void> {
  const res = await fetch(`${app.sim.url}/_sim/event-rate`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ rate }) });
  expect(res.status).toBe(200);
}

/**
 * Node events on demand: the busy stream is mostly allocations, and node events come a few a minute. Toggling the
 * eligibility of a few idle nodes emits `NodeEligibility` events on the Node topic at once.
 */
async function nudgeNodes(count = 4): Promise<void> {
  const headers = { 'X-Cluster-Token': app.sim.clusterToken, 'content-type': 'application/json' };
  const nodes = (await (await fetch(`${app.sim.url}/v1/nodes`, { headers })).json()) as Array<{ ID: string; Drain: boolean; SchedulingEligibility: string }>;
  for (const node of nodes.filter((n) => !n.Drain && n.SchedulingEligibility === 'eligible').slice(0, count)) {
    for (const Eligibility of ['ineligible', 'eligible']) {
      const res = await fetch(`${app.sim.url}/v1/node/${node.ID}/eligibility`, { method: 'POST', headers, body: JSON.stringify({ NodeID: node.ID, Eligibility }) });
      expect(res.status).toBe(200);
    }
  }
}

test.beforeAll(async () => {
  app = await openApp({ simArgs: ['--scale', 'large'], connections: ['cluster', 'cluster-readonly'] });
  events = new EventsPage(app.page);
  await setEventRate(300);
});
test.afterAll(async () => {
  await app?.close();
});

test(`shows the cluster's events live, with rates per topic (${TARGET})`, async () => {
  await app.goto('#/events');
  await events.expectLive();
  await nudgeNodes();
  await expect.poll(() => events.bufferedCount(), ARRIVAL).toBeGreaterThan(500);
  await expect(events.rows.first()).toBeVisible();
  // Only the rows in view are in the DOM, however many are held.
  expect(await events.rows.count()).toBeLessThan(80);
  await expect(app.page.getByTestId('events-rate-Allocation')).toBeVisible();
  await expect(app.page.getByTestId('events-rate-Node')).toBeVisible();
  const before = await events.bufferedCount();
  await expect.poll(() => events.bufferedCount(), { ...ARRIVAL, message: 'new events keep arriving' }).toBeGreaterThan(before);
  await expect(app.page.getByTestId('events-dropped')).toHaveAttribute('data-count', '0');
  await expect(app.page.getByTestId('events-malformed')).toHaveAttribute('data-count', '0');
  // The documentation picture: a busy stream with an allocation event open.
  await app.page.locator('[data-testid="events-row"][data-topic="Allocation"]').first().click();
  await expect(events.detail.getByTestId('events-link-allocation')).toBeVisible();
  await expect.poll(() => events.bufferedCount(), ARRIVAL).toBeGreaterThan(3000);
  await docScreenshot(app.page, 'events');
  await events.detail.getByTestId('events-detail-close').click();
});

test('opens an event: the payload pretty-printed and foldable, and a link that opens its node', async () => {
  await app.goto('#/events');
  await events.expectLive();
  await nudgeNodes();
  await events.search.fill('NodeEligibility');
  await expect(app.page.getByTestId('events-matching')).toBeVisible();
  await expect.poll(() => events.renderedTopics(), ARRIVAL).toContain('Node');
  // Paused, so the rows stay where they are between reading one and clicking it.
  await events.pause.click();
  const row = app.page.locator('[data-testid="events-row"][data-topic="Node"]').first();
  const nodeId = await row.getAttribute('data-key');
  await row.click();
  await expect(events.detail).toBeVisible();
  await expect(events.detail.getByTestId('events-detail-key')).toHaveText(nodeId!);
  const payload = events.detail.getByTestId('events-payload');
  await expect(payload).toContainText('"Node"');
  await expect(payload).toContainText(`"ID": "${nodeId}"`);
  // Secrets were redacted in main before the payload reached the page.
  await events.detail.getByTestId('events-payload-expand').click();
  await expect(payload).toContainText('"SecretID": "<redacted>"');
  await events.detail.getByTestId('events-payload-collapse').click();
  await expect(payload).not.toContainText('SecretID');
  await events.pause.click();

  await events.detail.getByTestId('events-link-node').click();
  await expect.poll(() => app.page.evaluate(() => window.location.hash)).toBe(`#/nodes/${nodeId}`);
  await expect(app.page.getByTestId('view-events-live')).toHaveCount(0);
});

test('searches the held events by text, payloads included', async () => {
  await app.goto('#/events');
  await events.expectLive();
  await events.search.fill('');
  await expect.poll(() => events.bufferedCount(), ARRIVAL).toBeGreaterThan(100);
  const row = app.page.locator('[data-testid="events-row"][data-topic="Allocation"]').first();
  const key = (await row.getAttribute('data-key'))!;
  await events.search.fill(key);
  const matching = app.page.getByTestId('events-matching');
  await expect(matching).toBeVisible();
  // The allocation's own events match by key; others only when their payload names it (none carry it here).
  await expect.poll(async () => events.rows.evaluateAll((rows) => rows.map((r) => r.getAttribute('data-key')))).toContain(key);
  expect(Number(await app.page.getByTestId('events-list').getAttribute('data-count'))).toBeLessThan(await events.bufferedCount());
  // A payload field matches too: the allocation's node ID is in its payload only.
  await app.page.locator(`[data-testid="events-row"][data-key="${key}"]`).first().click();
  await events.detail.getByTestId('events-payload-expand').click();
  const nodeId = await events.detail.getByTestId('events-payload').evaluate((el) => /"NodeID": "([0-9a-f-]+)"/.exec(el.textContent ?? '')?.[1] ?? '');
  expect(nodeId).not.toBe('');
  await events.search.fill(nodeId);
  // Allocation events never have a node ID as their key: these rows matched on their payload.
  await expect.poll(() => events.renderedTopics(), ARRIVAL).toContain('Allocation');
  expect(await events.rows.evaluateAll((rows, id) => rows.every((r) => r.getAttribute('data-topic') === 'Allocation' || r.getAttribute('data-key') === id), nodeId)).toBe(true);
  await events.search.fill('no-event-mentions-this-text');
  await expect(app.page.getByTestId('events-empty')).toContainText('No held event matches');
  await events.search.fill('');
  await expect(matching).toHaveCount(0);
  await events.detail.getByTestId('events-detail-close').click();
});

test('pauses the feed while events keep being received, and resumes with them', async () => {
  await app.goto('#/events');
  await events.expectLive();
  await events.pause.click();
  await expect(events.pause).toHaveAttribute('data-paused', 'true');
  const held = await events.bufferedCount();
  await expect.poll(async () => Number(await app.page.getByTestId('events-held').getAttribute('data-count'))).toBeGreaterThan(0);
  expect(await events.bufferedCount()).toBe(held);
  await events.pause.click();
  await expect(events.pause).toHaveAttribute('data-paused', 'false');
  await expect.poll(() => events.bufferedCount(), ARRIVAL).toBeGreaterThan(held);
});

test('follows only the chosen topics', async () => {
  await app.goto('#/events');
  await events.expectLive();
  await events.chooseTopics(['Node']);
  await events.expectLive();
  await nudgeNodes();
  await expect.poll(() => events.bufferedCount(), ARRIVAL).toBeGreaterThan(5);
  const topics = await events.renderedTopics();
  expect(topics.length).toBeGreaterThan(0);
  expect(new Set(topics)).toEqual(new Set(['Node']));
  await expect(app.page.getByTestId('events-rate-Allocation')).toHaveCount(0);
});

test('exports the held events as NDJSON', async () => {
  await app.goto('#/events');
  await events.expectLive();
  await events.pause.click(); // a stable buffer to compare with
  const held = await events.bufferedCount();
  const [download] = await Promise.all([app.page.waitForEvent('download'), events.exportButton.click()]);
  expect(download.suggestedFilename()).toMatch(/^events-Sim-cluster-.*\.ndjson$/);
  const lines = readFileSync((await download.path())!, 'utf8').trimEnd().split('\n');
  expect(lines).toHaveLength(held);
  const parsed = lines.map((l) => JSON.parse(l) as { Topic: string; Index: number });
  expect(parsed.every((e) => typeof e.Topic === 'string' && Number.isInteger(e.Index))).toBe(true);
  await events.pause.click();
});

test('shows the stream\'s trouble: malformed frames counted, reconnecting with the reason, and a gap after a long absence', async () => {
  const { page, sim } = app;
  const post = (path: string, body: unknown) => fetch(`${sim.url}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  await app.goto('#/events');
  // Every topic: an earlier test leaves the feed on Node alone, which brings a frame every few seconds.
  await events.chooseTopics([]);
  await events.expectLive();

  await post('/_sim/faults', { malformedRate: 0.3 });
  await expect.poll(async () => Number(await page.getByTestId('events-malformed').getAttribute('data-count')), ARRIVAL).toBeGreaterThan(0);

  await post('/_sim/faults', { malformedRate: 0, errorRate: 1, dropAfterFrames: 1 });
  await expect(events.status).toHaveAttribute('data-status', /reconnecting|offline/);
  await expect(page.getByTestId('events-status-message')).toContainText('Reconnecting');
  await fetch(`${sim.url}/_sim/faults`, { method: 'DELETE' });
  await events.expectLive();

  // Leave the view (its stream closes), let the server's small buffer move past what the view holds, come back.
  expect((await post('/_sim/event-buffer', { size: 200 })).status).toBe(200);
  await expect.poll(() => events.bufferedCount(), ARRIVAL).toBeGreaterThan(0);
  const newest = Number(await events.rows.first().getAttribute('data-index'));
  await app.goto('#/connections');
  await expect(events.view).toHaveCount(0);
  const bufferState = async () => (await (await fetch(`${sim.url}/_sim/event-buffer`)).json()) as { oldestIndex: number; newestIndex: number };
  // Everything the view can have seen is at or below the server's newest index now.
  const newestAtLeave = (await bufferState()).newestIndex;
  await expect.poll(async () => (await bufferState()).oldestIndex, { timeout: 30_000 }).toBeGreaterThan(newestAtLeave);
  await app.goto('#/events');
  const gap = page.getByTestId('events-gap');
  await expect(gap).toBeVisible();
  const from = Number(await gap.getAttribute('data-from'));
  expect(from).toBeGreaterThanOrEqual(newest);
  expect(from).toBeLessThanOrEqual(newestAtLeave);
  expect(Number(await gap.getAttribute('data-to'))).toBeGreaterThan(newestAtLeave);
  await expect(gap).toContainText('Some events were missed');
  expect((await post('/_sim/event-buffer', { size: 5000 })).status).toBe(200);
});

test('explains the management-token rule when the cluster refuses every topic', async () => {
  await app.page.getByTestId('switcher-item-Sim cluster (read-only)').click();
  await app.goto('#/events');
  await events.chooseTopics([]);
  const refused = app.page.getByTestId('events-refused');
  await expect(refused).toBeVisible();
  await expect(refused).toContainText('403');
  await expect(refused).toContainText('management token');
  await expect(events.status).toHaveAttribute('data-status', 'ended');
  // The way out it offers works with this token.
  await refused.getByTestId('events-narrow').click();
  // A stream that breaks right after opening reconnects within the backoff's cap (15 s); allow for one.
  await events.expectLive(ARRIVAL.timeout);
  await expect(refused).toHaveCount(0);
  await app.page.getByTestId('switcher-item-Sim cluster').click();
});
