// Page object of the jobs views: the list (namespace, search, expression, facets, sort, rows), the job detail
// (tabs, actions and their dialogs) and the editor (parse, plan, register).
import { expect, type Locator, type Page } from '@playwright/test';
import type { AppSession } from '../support/app';

export class JobsPage {
  readonly page: Page;

  constructor(private readonly app: AppSession) {
    this.page = app.page;
  }

  /** A job of the estate picked through the host (waiting for main to hold the list), so tests need no fixed names. */
  async findJob(query: { namespace?: string; facets?: Record<string, string[]>; search?: string }, offset = 0): Promise<{ ID: string; Namespace: string }> {
    let found: { ID: string; Namespace: string } | undefined;
    await expect
      .poll(
        async () => {
          const window = await this.app.invoke<{ rows: { ID: string; Namespace: string }[]; loading: boolean }>('jobs.query', {
            connectionId: this.app.ids.cluster ?? this.app.ids['cluster-readonly'],
            namespace: 'default',
            ...query,
            offset,
            limit: 1,
          });
          found = window.loading ? undefined : window.rows[0];
          return found !== undefined;
        },
        { timeout: 30_000 },
      )
      .toBe(true);
    return found!;
  }

  async openList(): Promise<void> {
    await this.app.goto('#/jobs');
    await expect(this.page.getByTestId('jobs-view')).toBeVisible();
  }

  async openJob(namespace: string, id: string, tab?: string): Promise<void> {
    await this.app.goto(`#/jobs/${encodeURIComponent(namespace)}/${encodeURIComponent(id)}${tab ? `?tab=${tab}` : ''}`);
    await expect(this.page.getByTestId('job-title')).toHaveText(id);
  }

  get table(): Locator {
    return this.page.getByTestId('jobs-table');
  }

  get rows(): Locator {
    return this.page.getByTestId('jobs-table-row');
  }

  /** The number shown as matching the current filters. */
  async count(): Promise<number> {
    return Number((await this.page.getByTestId('jobs-count').innerText()).replace(/,/g, ''));
  }

  async selectNamespace(label: string): Promise<void> {
    await this.page.getByTestId('jobs-namespace').click();
    await this.page.locator('.n-base-select-option', { hasText: new RegExp(`^${label}$`) }).click();
  }

  async search(text: string): Promise<void> {
    await this.page.getByTestId('jobs-search').locator('input').fill(text);
  }

  async applyExpression(expression: string): Promise<void> {
    const input = this.page.getByTestId('jobs-expression').locator('input');
    await input.fill(expression);
    await input.press('Enter');
  }

  facet(name: string, value: string): Locator {
    return this.page.getByTestId(`jobs-facet-${name}-${value}`);
  }

  /** The rendered text of one column across the rows in the DOM. */
  async columnTexts(selector: string): Promise<string[]> {
    return this.rows.locator(selector).allInnerTexts();
  }

  async sortBy(column: string): Promise<void> {
    await this.page.getByTestId(`jobs-table-header-${column}`).click();
  }

  /** A detail tab by its name: overview, definition, versions, allocations, evaluations, deployments. */
  tab(name: string): Locator {
    return this.page.locator(`.n-tabs-tab[data-name="${name.toLowerCase()}"]`);
  }

  action(name: string): Locator {
    return this.page.getByTestId(`job-action-${name}`);
  }

  dialog(name: string): Locator {
    return this.page.getByTestId(`job-${name}-dialog`);
  }

  confirm(name: string): Locator {
    return this.page.getByTestId(`job-${name}-dialog-confirm`);
  }
}
