// One running Quarterdeck for a spec file: the simulator and the app as real processes, a real browser page, and
// connections created through the app's own bridge. Browser mode in Debian's Chromium by default; the desktop app
// through Playwright's Electron support when QD_E2E_TARGET=electron and an Electron binary exists.
import { _electron, chromium, type Browser, type ElectronApplication, type Page } from '@playwright/test';
import { existsSync, mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { startSim, startWebApp, type RunningProcess, type SimInfo } from './processes';

export type Target = 'web' | 'electron';
export const TARGET: Target = process.env.QD_E2E_TARGET === 'electron' ? 'electron' : 'web';

/** Chromium flags for this closed network: without the background-networking ones it floods refused connections. */
export const CHROMIUM_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];

export interface AppOptions {
  /** Extra simulator flags, e.g. `['--scale', 'large']` or `['--faults', 'latency=200']`. */
  simArgs?: string[];
  /** Connections to create before the page shows; the first becomes active. */
  connections?: Array<'cluster' | 'cluster-readonly' | 'workspace' | 'workspace-org-token'>;
  viewport?: { width: number; height: number };
}

export interface ConnectionIds {
  cluster?: string;
  'cluster-readonly'?: string;
  workspace?: string;
  'workspace-org-token'?: string;
}

export interface AppSession {
  page: Page;
  sim: SimInfo & RunningProcess;
  dataDir: string;
  ids: ConnectionIds;
  /** Everything the app process printed (its log lines included). */
  appOutput(): string;
  /** The app's log file(s) under the data folder, concatenated. */
  logFiles(): string;
  /** Calls a host method through the page's bridge; throws with the host's message on `{ ok: false }`. */
  invoke<T = unknown>(method: string, params: unknown): Promise<T>;
  /** Navigates the app to a hash route, e.g. `#/jobs`. */
  goto(hash: string): Promise<void>;
  close(): Promise<void>;
}

/** The Electron executable if its binary was installed; null otherwise (never triggers a download). */
export function electronBinary(): string | null {
  try {
    const require = createRequire(import.meta.url);
    const dir = dirname(require.resolve('electron/package.json'));
    const binary = join(dir, 'dist', readFileSync(join(dir, 'path.txt'), 'utf8').trim());
    return existsSync(binary) ? binary : null;
  } catch {
    return null;
  }
}

const ROOT = join(import.meta.dirname, '..', '..');

async function invokeIn<T>(page: Page, method: string, params: unknown): Promise<T> {
  const answer = await page.evaluate(
    async ([m, p]) => (window as unknown as { quarterdeck: { invoke(m: string, p: unknown): Promise<unknown> } }).quarterdeck.invoke(m as string, p),
    [method, params] as const,
  );
  const result = answer as { ok: true; value: T } | { ok: false; error: { code: string; message: string } };
  if (!result.ok) throw new Error(`${method} failed (${result.error.code}): ${result.error.message}`);
  return result.value;
}

export async function openApp(options: AppOptions = {}): Promise<AppSession> {
  const sim = await startSim(options.simArgs ?? []);
  const dataDir = mkdtempSync(join(tmpdir(), 'qd-e2e-data-'));
  let page: Page;
  let browser: Browser | null = null;
  let electron: ElectronApplication | null = null;
  let web: RunningProcess | null = null;
  let electronOutput = '';
  const viewport = options.viewport ?? { width: 1440, height: 900 };

  if (TARGET === 'electron') {
    const executablePath = electronBinary();
    if (!executablePath) throw new Error('QD_E2E_TARGET=electron needs an installed Electron binary.');
    electron = await _electron.launch({ executablePath, args: [ROOT, '--data-dir', dataDir], cwd: ROOT });
    electron.process().stdout?.on('data', (chunk: Buffer) => (electronOutput += chunk.toString('utf8')));
    electron.process().stderr?.on('data', (chunk: Buffer) => (electronOutput += chunk.toString('utf8')));
    page = await electron.firstWindow();
    await page.setViewportSize(viewport);
  } else {
    const app = await startWebApp({ dataDir });
    web = app;
    browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS });
    page = await browser.newPage({ viewport });
    await page.goto(app.url);
  }
  await page.waitForFunction(() => 'quarterdeck' in window);

  const ids: ConnectionIds = {};
  const tokens: Record<string, string> = {
    cluster: sim.clusterToken,
    'cluster-readonly': sim.clusterReadOnlyToken,
    workspace: sim.workspaceToken,
    'workspace-org-token': sim.workspaceOrgToken,
  };
  const names: Record<string, string> = {
    cluster: 'Sim cluster',
    'cluster-readonly': 'Sim cluster (read-only)',
    workspace: 'Sim organization',
    'workspace-org-token': 'Sim organization (org token)',
  };
  for (const kind of options.connections ?? []) {
    const draft = kind.startsWith('cluster')
      ? { kind: 'cluster', name: names[kind], address: sim.url, namespace: 'default', token: tokens[kind] }
      : { kind: 'workspace', name: names[kind], baseUrl: sim.url, organization: sim.organization, token: tokens[kind] };
    const created = await invokeIn<{ profile: { id: string } }>(page, 'connections.create', draft);
    ids[kind] = created.profile.id;
  }
  const first = options.connections?.[0];
  if (first) {
    await invokeIn(page, 'connections.setActive', { id: ids[first] });
    await page.reload();
    await page.waitForFunction(() => 'quarterdeck' in window);
  }

  const logFiles = () => {
    const dir = join(dataDir, 'logs');
    if (!existsSync(dir)) return '';
    return readdirSync(dir)
      .map((name) => readFileSync(join(dir, name), 'utf8'))
      .join('\n');
  };

  return {
    page,
    sim,
    dataDir,
    ids,
    appOutput: () => (web ? web.output() : electronOutput),
    logFiles,
    invoke: (method, params) => invokeIn(page, method, params),
    async goto(hash) {
      await page.evaluate((h) => {
        window.location.hash = h;
      }, hash.replace(/^#/, ''));
    },
    async close() {
      await browser?.close();
      await electron?.close();
      await web?.stop();
      await sim.stop();
    },
  };
}
