// Page object of the workspaces views: the windowed list (count, search, filters, selection, bulk actions) and a
// workspace's detail (header lock controls, delete, tabs).
import { expect, type Locator, type Page } from '@playwright/test';
import type { AppSession } from '../support/app';

export interface RowLike {
  id: string;
  name: string;
  locked: boolean;
  lockedBy: string | null;
  resourceCount: number | null;
  projectId: string | null;
}

export class WorkspacesPage {
  readonly page: Page;

  constructor(private readonly app: AppSession) {
    this.page = app.page;
  }

  async openList(): Promise<void> {
    await this.app.goto('#/workspaces');
    await expect(this.page.getByTestId('workspaces-view')).toBeVisible();
  }

  async openWorkspace(id: string, tab?: string): Promise<void> {
    await this.app.goto(`#/workspaces/${id}${tab ? `?tab=${tab}` : ''}`);
    await expect(this.page.getByTestId('workspace-detail')).toHaveAttribute('data-workspace-id', id);
    await expect(this.page.getByTestId('ws-name')).toBeVisible();
  }

  get count(): Locator {
    return this.page.getByTestId('ws-count');
  }

  get rows(): Locator {
    return this.page.getByTestId('ws-table-row');
  }

  row(id: string): Locator {
    return this.page.locator(`[data-testid="ws-table-row"][data-key="${id}"]`);
  }

  async search(text: string): Promise<void> {
    await this.page.getByTestId('ws-search').fill(text);
  }

  async selectRow(id: string): Promise<void> {
    await this.row(id).getByTestId('ws-table-select').click();
  }

  /** Rows the host's list holds, through the same bridge the view uses (connection = the workspace one). */
  async query(connectionId: string, extra: Record<string, unknown> = {}): Promise<{ rows: RowLike[]; matching: number; total: number; loading: boolean }> {
    return this.app.invoke('workspaces.query', { connectionId, offset: 0, limit: 1000, ...extra });
  }

  /**
   * Waits until main has the whole organization. On a busy machine a page of the fill can time out; the view then
   * says the list is incomplete and offers "Load again", which is what a person would press.
   */
  async waitFilled(total: number): Promise<void> {
    await expect
      .poll(
        async () => {
          const retry = this.page.getByTestId('ws-list-retry');
          if (await retry.isVisible()) await retry.click();
          return `${await this.count.getAttribute('data-total')}/${await this.count.getAttribute('data-loading')}`;
        },
        { timeout: 90_000, intervals: [500] },
      )
      .toBe(`${total}/false`);
  }
}
