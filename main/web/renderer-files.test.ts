// Static files of the built renderer for browser mode: contained in their folder, and the page's script order.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { browserIndexHtml, contentTypeOf, resolveRendererFile } from './renderer-files';

const root = mkdtempSync(join(tmpdir(), 'qd-files-'));
const dir = join(root, 'renderer');
mkdirSync(join(dir, 'assets'), { recursive: true });
writeFileSync(join(dir, 'assets', 'a.js'), '');
writeFileSync(join(root, 'outside.txt'), 'secret');
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('resolveRendererFile', () => {
  it('finds files inside the renderer folder', async () => {
    expect(await resolveRendererFile(dir, '/assets/a.js')).toBe(join(dir, 'assets', 'a.js'));
  });

  it.each(['/../outside.txt', '/%2e%2e/outside.txt', '/assets/%2e%2e/%2e%2e/outside.txt', '/..%5coutside.txt', '/%zz', '/assets', '/a\0b', '/nope.js'])(
    'returns null for %j',
    async (path) => {
      expect(await resolveRendererFile(dir, path)).toBeNull();
    },
  );
});

describe('browserIndexHtml', () => {
  it('puts the bridge script first in <head> and drops the build-time <meta> CSP', () => {
    const html = browserIndexHtml(
      `<html><head lang="en"><meta http-equiv="Content-Security-Policy" content="default-src 'self'"><script type="module" src="./assets/i.js"></script></head></html>`,
    );
    expect(html).toMatch(/^<html><head lang="en">\s*<script src="\/__qd\/bridge\.js"><\/script><script type="module"/);
    expect(html).not.toContain('Content-Security-Policy');
  });

  it('still adds the bridge when the page has no <head>', () => {
    expect(browserIndexHtml('<script type="module" src="x.js"></script>')).toMatch(/^<script src="\/__qd\/bridge\.js"><\/script>/);
  });

  it('labels scripts as JavaScript (served with nosniff)', () => {
    expect(contentTypeOf('/x/index-abc.js')).toMatch(/^text\/javascript/);
    expect(contentTypeOf('/x/unknown.bin')).toBe('application/octet-stream');
  });
});
