// Page object of the allocations list and detail (renderer/TESTIDS.md, Allocations).
import { expect, type Locator, type Page } from '@playwright/test';
import type { AppSession } from '../support/app';

export interface AllocRowLike {
  ID: string;
  Name: string;
  JobID: string;
  Namespace: string;
  NodeID: string;
  NodeName: string;
  ClientStatus: string;
  DesiredStatus: string;
}

export class AllocationsPage {
  readonly page: Page;
  constructor(readonly app: AppSession) {
    this.page = app.page;
  }

  get count(): Locator {
    return this.page.getByTestId('allocations-count');
  }
  get rows(): Locator {
    return this.page.getByTestId('allocations-table-row');
  }

  async openList(): Promise<void> {
    await this.app.goto('#/allocations');
    await expect(this.page.getByTestId('allocations-view')).toBeVisible();
  }

  /** Waits until main holds the whole list (the counter's data-loading turns false). */
  async waitFilled(total?: number): Promise<void> {
    await expect(this.count).toHaveAttribute('data-loading', 'false', { timeout: 120_000 });
    if (total !== undefined) await expect(this.count).toHaveAttribute('data-total', String(total));
  }

  async search(text: string): Promise<void> {
    await this.page.getByTestId('allocations-search').locator('input').fill(text);
  }

  /** Picks facet values in a multi-select by their option text prefix (the value, before its count). */
  async pickFacet(testid: string, value: string): Promise<void> {
    await this.page.getByTestId(testid).click();
    await this.page.locator('.n-base-select-option', { hasText: new RegExp(`^${value} \\(`) }).click();
    await this.page.keyboard.press('Escape');
  }

  async query(connectionId: string, extra: Record<string, unknown> = {}): Promise<{ rows: AllocRowLike[]; matching: number; total: number; loading: boolean }> {
    return this.app.invoke('allocations.query', { connectionId, offset: 0, limit: 50, ...extra });
  }

  async openDetail(id: string): Promise<void> {
    await this.app.goto(`#/allocations/${id}`);
    await expect(this.page.getByTestId('allocation-detail')).toHaveAttribute('data-alloc-id', id);
    await expect(this.page.getByTestId('alloc-name')).toBeVisible();
  }

  task(name: string): Locator {
    return this.page.locator(`[data-testid="alloc-task"][data-task="${name}"]`);
  }
}
