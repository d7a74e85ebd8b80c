// Page object of the nodes list and detail (renderer/TESTIDS.md, Nodes).
import { expect, type Locator, type Page } from '@playwright/test';
import type { AppSession } from '../support/app';

export interface NodeRowLike {
  ID: string;
  Name: string;
  Status: string;
  SchedulingEligibility: string;
  Drain: boolean;
  Datacenter: string;
}

export class NodesPage {
  readonly page: Page;
  constructor(readonly app: AppSession) {
    this.page = app.page;
  }

  get count(): Locator {
    return this.page.getByTestId('nodes-count');
  }
  get rows(): Locator {
    return this.page.getByTestId('nodes-table-row');
  }

  async openList(): Promise<void> {
    await this.app.goto('#/nodes');
    await expect(this.page.getByTestId('nodes-view')).toBeVisible();
  }

  async waitFilled(total?: number): Promise<void> {
    await expect(this.count).toHaveAttribute('data-loading', 'false', { timeout: 120_000 });
    if (total !== undefined) await expect(this.count).toHaveAttribute('data-total', String(total));
  }

  async search(text: string): Promise<void> {
    await this.page.getByTestId('nodes-search').locator('input').fill(text);
  }

  async pickFacet(facet: string, value: string): Promise<void> {
    await this.page.getByTestId(`nodes-facet-${facet}`).click();
    await this.page.locator('.n-base-select-option', { hasText: new RegExp(`^${value} \\(`) }).click();
    await this.page.keyboard.press('Escape');
  }

  async query(connectionId: string, extra: Record<string, unknown> = {}): Promise<{ rows: NodeRowLike[]; matching: number; total: number; loading: boolean }> {
    return this.app.invoke('nodes.query', { connectionId, offset: 0, limit: 50, ...extra });
  }

  async openDetail(id: string): Promise<void> {
    await this.app.goto(`#/nodes/${id}`);
    await expect(this.page.getByTestId('node-detail')).toHaveAttribute('data-node-id', id);
    await expect(this.page.getByTestId('node-name')).toBeVisible();
  }

  async tab(name: RegExp | string): Promise<void> {
    await this.page.getByTestId('node-tabs').locator('.n-tabs-tab', { hasText: name }).click();
  }

  dialog(testid: string): Locator {
    return this.page.getByTestId(testid);
  }
}
