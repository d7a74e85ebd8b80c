// Screenshots for docs/: taken by the specs at realistic data sizes when QD_SCREENSHOTS=1, so CI runs never
// rewrite docs/ (`QD_SCREENSHOTS=1 npx playwright test e2e/jobs.spec.ts` refreshes the jobs pictures).
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';

const DIR = join(import.meta.dirname, '..', '..', 'docs', 'screenshots');

export async function docScreenshot(page: Page, name: string): Promise<void> {
  if (!process.env.QD_SCREENSHOTS) return;
  mkdirSync(DIR, { recursive: true });
  await page.screenshot({ path: join(DIR, `${name}.png`) });
}
