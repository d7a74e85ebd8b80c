// "The app's own page" for navigation guards and the IPC sender check.
import { describe, expect, it } from 'vitest';
import { appLocation } from './app-url';

describe('appLocation', () => {
  const built = appLocation({ rendererIndexFile: '/opt/quarterdeck/out/renderer/index.html' });

  it('loads the built index.html and accepts it with any route', () => {
    expect(built.url).toBe('file:///opt/quarterdeck/out/renderer/index.html');
    expect(built.isAppUrl('file:///opt/quarterdeck/out/renderer/index.html')).toBe(true);
    expect(built.isAppUrl('file:///opt/quarterdeck/out/renderer/index.html#/jobs/web?ns=default')).toBe(true);
  });

  it('rejects other files, other schemes and web pages', () => {
    for (const url of [
      'file:///opt/quarterdeck/out/renderer/evil.html',
      'file:///tmp/index.html',
      'file:///opt/quarterdeck/out/renderer/../renderer2/index.html',
      'https://evil.example/index.html',
      'about:blank',
      'devtools://devtools/bundled/inspector.html',
      'garbage',
    ]) {
      expect(built.isAppUrl(url), url).toBe(false);
    }
  });

  it('in development accepts only the dev server origin', () => {
    const dev = appLocation({ rendererIndexFile: '/x/index.html', devServerUrl: 'http://localhost:5173' });
    expect(dev.url).toBe('http://localhost:5173/');
    expect(dev.isAppUrl('http://localhost:5173/#/jobs')).toBe(true);
    expect(dev.isAppUrl('http://localhost:5174/')).toBe(false);
    expect(dev.isAppUrl('file:///x/index.html')).toBe(false);
  });

  it('ignores a dev server URL that is not http(s)', () => {
    const location = appLocation({ rendererIndexFile: '/x/index.html', devServerUrl: 'javascript:alert(1)' });
    expect(location.url).toBe('file:///x/index.html');
  });
});
