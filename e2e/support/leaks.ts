/// <reference lib="dom" />
// Proof that a secret never reached a place it must not be: files under the data folder, the DOM, the app's logs.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';

/** Every file under `dir` whose bytes contain `secret` (as UTF-8 or as Base64 of it). */
export function filesContaining(dir: string, secret: string): string[] {
  const needles = [Buffer.from(secret, 'utf8'), Buffer.from(Buffer.from(secret).toString('base64'))];
  const hits: string[] = [];
  const walk = (path: string) => {
    for (const name of readdirSync(path)) {
      const full = join(path, name);
      const stat = statSync(full);
      if (stat.isDirectory()) walk(full);
      else if (needles.some((needle) => readFileSync(full).includes(needle))) hits.push(full);
    }
  };
  walk(dir);
  return hits;
}

/** Serialized DOM plus every live form-control value (which page.content() does not include). */
export async function domText(page: Page): Promise<string> {
  const html = await page.content();
  const values = await page.evaluate(() =>
    Array.from(document.querySelectorAll('input, textarea, select'))
      .map((el) => (el as HTMLInputElement).value)
      .join('\n'),
  );
  const storage = await page.evaluate(() => JSON.stringify({ ...localStorage }) + JSON.stringify({ ...sessionStorage }));
  return `${html}\n${values}\n${storage}`;
}
