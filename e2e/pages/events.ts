// Page object of the events view: the controls and readings a spec needs, by their data-testids (renderer/TESTIDS.md).
import { expect, type Locator, type Page } from '@playwright/test';

export class EventsPage {
  readonly view: Locator;
  readonly list: Locator;
  readonly rows: Locator;
  readonly status: Locator;
  readonly topics: Locator;
  readonly namespace: Locator;
  readonly search: Locator;
  readonly pause: Locator;
  readonly exportButton: Locator;
  readonly detail: Locator;

  constructor(readonly page: Page) {
    this.view = page.getByTestId('view-events-live');
    this.list = page.getByTestId('events-list');
    this.rows = page.getByTestId('events-row');
    this.status = page.getByTestId('events-status');
    this.topics = page.getByTestId('events-topics');
    this.namespace = page.getByTestId('events-namespace');
    this.search = page.getByTestId('events-search').locator('input');
    this.pause = page.getByTestId('events-pause');
    this.exportButton = page.getByTestId('events-export');
    this.detail = page.getByTestId('events-detail');
  }

  async expectLive(timeout?: number): Promise<void> {
    await expect(this.status).toHaveAttribute('data-status', 'live', timeout ? { timeout } : {});
  }

  /** Events held in the view's buffer, as the status bar reports it. */
  async bufferedCount(): Promise<number> {
    return Number(await this.page.getByTestId('events-buffered').getAttribute('data-count'));
  }

  /** Replaces the topic choice: clears the select, then types each entry and presses Enter. */
  async chooseTopics(topics: string[]): Promise<void> {
    await this.topics.hover();
    const clear = this.topics.locator('.n-base-clear');
    if (await clear.count()) await clear.click();
    await this.topics.click();
    const input = this.topics.locator('input');
    for (const topic of topics) {
      await input.fill(topic);
      await this.page.keyboard.press('Enter');
    }
    await this.page.keyboard.press('Escape');
  }

  async chooseNamespace(namespace: string): Promise<void> {
    await this.namespace.click();
    await this.namespace.locator('input').fill(namespace);
    await this.page.keyboard.press('Enter');
  }

  /** The topics of the rendered rows. */
  async renderedTopics(): Promise<string[]> {
    return this.rows.evaluateAll((rows) => rows.map((r) => r.getAttribute('data-topic') ?? ''));
  }
}
