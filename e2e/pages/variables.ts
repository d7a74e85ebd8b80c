// Page object of a workspace's Variables tab (renderer/src/views/workspaces/variables).
import type { Locator, Page } from '@playwright/test';

export class VariablesTab {
  readonly panel: Locator;
  readonly editor: Locator;
  readonly bulk: Locator;

  constructor(readonly page: Page) {
    this.panel = page.getByTestId('variables-panel');
    this.editor = page.getByTestId('var-editor');
    this.bulk = page.getByTestId('bulk-editor');
  }

  row(category: 'engine' | 'env', key: string): Locator {
    return this.panel.getByTestId(`var-row-${category}-${key}`);
  }

  async add(fields: { key: string; value: string; category?: 'engine' | 'env'; sensitive?: boolean; hcl?: boolean; description?: string }): Promise<void> {
    await this.panel.getByTestId('var-add').click();
    if (fields.category === 'env') await this.editor.getByTestId('var-category-env').click();
    await this.editor.getByTestId('var-field-key').fill(fields.key);
    // Sensitive first: the value field becomes a password field.
    if (fields.sensitive) await this.editor.getByTestId('var-field-sensitive').click();
    if (fields.hcl) await this.editor.getByTestId('var-field-hcl').click();
    await this.editor.getByTestId('var-field-value').fill(fields.value);
    if (fields.description) await this.editor.getByTestId('var-field-description').fill(fields.description);
    await this.editor.getByTestId('var-save').click();
  }

  async openBulk(category: 'engine' | 'env', lines: string): Promise<void> {
    await this.panel.getByTestId('var-bulk').click();
    await this.bulk.getByTestId(`bulk-category-${category}`).click();
    await this.bulk.getByTestId('bulk-paste').fill(lines);
    await this.bulk.getByTestId('bulk-parse').click();
  }

  bulkRow(line: number): Locator {
    return this.bulk.getByTestId(`bulk-row-${line}`);
  }
}
