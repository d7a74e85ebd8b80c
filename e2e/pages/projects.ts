// Page object of the projects view: filters, the table, the editor and the move dialog.
import { expect, type Locator, type Page } from '@playwright/test';
import type { AppSession } from '../support/app';

export class ProjectsPage {
  readonly page: Page;

  constructor(private readonly app: AppSession) {
    this.page = app.page;
  }

  async open(): Promise<void> {
    await this.app.goto('#/projects');
    await expect(this.page.getByTestId('projects-view')).toBeVisible();
  }

  row(name: string): Locator {
    return this.page.getByTestId(`project-row-${name}`);
  }

  get names(): Locator {
    return this.page.getByTestId('project-name');
  }

  async fillEditor(fields: { name?: string; description?: string; duration?: string }): Promise<void> {
    const editor = this.page.getByTestId('project-editor');
    if (fields.name !== undefined) await editor.getByTestId('project-field-name').fill(fields.name);
    if (fields.description !== undefined) await editor.getByTestId('project-field-description').fill(fields.description);
    if (fields.duration !== undefined) await editor.getByTestId('project-field-duration').fill(fields.duration);
  }
}
