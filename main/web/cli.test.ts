// `npm run web`: its options, and the real program started as a person would (design.md, invariant 5).
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { defaultDataDir, formatStartupLine, parseWebCliArgs } from './cli-options';
import { rawGet } from './testing/http-client';

const projectRoot = fileURLToPath(new URL('../..', import.meta.url));

describe('web cli options', () => {
  it('defaults to a random port, the XDG config folder and no demo', () => {
    expect(parseWebCliArgs([], { XDG_CONFIG_HOME: '/cfg' })).toEqual({ port: 0, dataDir: '/cfg/quarterdeck-web', demo: false, rendererDir: undefined });
    expect(defaultDataDir({ XDG_CONFIG_HOME: '' })).toMatch(/\.config\/quarterdeck-web$/);
  });

  it('reads --port, --data-dir and --demo', () => {
    expect(parseWebCliArgs(['--port', '4100', '--data-dir', '/d', '--demo'])).toMatchObject({ port: 4100, dataDir: '/d', demo: true });
  });

  it('refuses --host by name, bad ports and unknown options', () => {
    expect(() => parseWebCliArgs(['--host', '0.0.0.0'])).toThrow(/127\.0\.0\.1 only/);
    expect(() => parseWebCliArgs(['--host=0.0.0.0'])).toThrow(/127\.0\.0\.1 only/);
    expect(() => parseWebCliArgs(['--port', '70000'])).toThrow(/--port/);
    expect(() => parseWebCliArgs(['--port', 'abc'])).toThrow(/--port/);
    expect(() => parseWebCliArgs(['--bind', 'x'])).toThrow();
  });

  it('formats the start-up line with the loopback URL and token', () => {
    expect(formatStartupLine('http://127.0.0.1:4100/?token=abc')).toBe('Quarterdeck (browser mode) at http://127.0.0.1:4100/?token=abc');
  });
});

describe('web cli program', () => {
  const temp: string[] = [];
  afterEach(() => {
    for (const dir of temp.splice(0)) rmSync(dir, { recursive: true, force: true });
  });

  it('prints the token URL as the first loopback line, serves it, and exits cleanly on SIGTERM', async () => {
    const home = mkdtempSync(join(tmpdir(), 'qd-web-home-'));
    const rendererDir = mkdtempSync(join(tmpdir(), 'qd-web-renderer-'));
    temp.push(home, rendererDir);
    writeFileSync(join(rendererDir, 'index.html'), '<html><head></head><body>app</body></html>');

    // A throw-away HOME so the host never touches the person's real keyring or config.
    const child = spawn(process.execPath, ['scripts/web.mjs', '--data-dir', join(home, 'data'), '--renderer-dir', rendererDir], {
      cwd: projectRoot,
      env: { ...process.env, HOME: home, XDG_CONFIG_HOME: join(home, '.config'), XDG_DATA_HOME: join(home, '.local/share'), DBUS_SESSION_BUS_ADDRESS: 'disabled:' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));

    const firstLine = await new Promise<string>((resolve, reject) => {
      let stdout = '';
      child.stdout.on('data', (chunk: Buffer) => {
        stdout += chunk.toString();
        const line = stdout.split('\n').find((candidate) => candidate.includes('http://127.0.0.1'));
        if (line) resolve(line);
      });
      child.once('exit', (code) => reject(new Error(`exited ${code} before printing the URL:\n${stderr}`)));
    });

    const match = /^Quarterdeck \(browser mode\) at (http:\/\/127\.0\.0\.1:(\d+)\/\?token=([\w-]{43}))$/.exec(firstLine);
    expect(match, firstLine).not.toBeNull();
    const port = Number(match![2]);
    expect((await rawGet(port, '/')).status).toBe(401);
    const page = await rawGet(port, `/?token=${match![3]}`);
    expect(page.status).toBe(200);
    expect(page.body).toContain('/__qd/bridge.js');

    child.kill('SIGTERM');
    expect(await exited).toBe(0);
  });
});
