// Only plain http(s) links leave the app for the OS browser (design.md, invariant 3).
import { describe, expect, it, vi } from 'vitest';
import { externalUrlProblem, openExternalSafely } from './external-links';

describe('openExternalSafely', () => {
  it('opens http and https links', async () => {
    const open = vi.fn(async () => undefined);
    expect(await openExternalSafely('https://developer.example.com/docs?q=1#x', open)).toBe(true);
    expect(await openExternalSafely('http://cluster.internal:4646/ui/jobs', open)).toBe(true);
    expect(open.mock.calls).toEqual([['https://developer.example.com/docs?q=1#x'], ['http://cluster.internal:4646/ui/jobs']]);
  });

  it.each([
    'javascript:alert(1)',
    'JAVASCRIPT:alert(1)',
    'file:///etc/passwd',
    'file://server/share/x.exe',
    'smb://server/share',
    'ms-msdt:/id PCWDiagnostic',
    'vscode://extension/install',
    'data:text/html,<script>1</script>',
    'mailto:ops@example.com',
    'ftp://example.com/file',
    'https://user:pass@example.com/',
    'https://trusted.example@evil.example/',
    '/relative/path',
    'not a url',
    '',
  ])('refuses %j and opens nothing', async (url) => {
    const open = vi.fn(async () => undefined);
    expect(await openExternalSafely(url, open)).toBe(false);
    expect(open).not.toHaveBeenCalled();
  });

  it('explains a refusal in words', () => {
    expect(externalUrlProblem('file:///etc/passwd')).toMatch(/only http and https/);
  });
});
