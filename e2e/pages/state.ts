// Page object of a workspace's State tab (renderer/src/views/workspaces/state).
import type { Locator, Page } from '@playwright/test';

export class StateTab {
  readonly panel: Locator;
  readonly detail: Locator;
  readonly upload: Locator;

  constructor(readonly page: Page) {
    this.panel = page.getByTestId('state-panel');
    this.detail = page.getByTestId('sv-detail');
    this.upload = page.getByTestId('sv-upload');
  }

  row(serial: number): Locator {
    return this.panel.getByTestId(`sv-row-${serial}`);
  }

  /** Serials of the listed rows, top to bottom. */
  async serials(): Promise<number[]> {
    return (await this.panel.getByTestId('sv-serial').allTextContents()).map(Number);
  }

  async select(serial: number): Promise<void> {
    await this.row(serial).getByTestId('sv-serial').click();
  }

  async uploadFile(name: string, content: string): Promise<void> {
    await this.panel.getByTestId('sv-upload-open').click();
    await this.upload.getByTestId('sv-upload-file').setInputFiles({ name, mimeType: 'application/json', buffer: Buffer.from(content) });
  }

  /** Types into a typed-confirmation dialog and presses its confirm button. */
  async confirmTyped(dialogTestId: string, text: string): Promise<void> {
    const dialog = this.page.getByTestId(dialogTestId);
    await dialog.getByTestId(`${dialogTestId}-input`).fill(text);
    await dialog.getByTestId(`${dialogTestId}-confirm`).click();
  }
}
