// Starts the simulator and the app (browser mode) as real child processes and captures everything they print.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface SimInfo {
  url: string;
  clusterToken: string;
  clusterReadOnlyToken: string;
  workspaceToken: string;
  workspaceOrgToken: string;
  organization: string;
}

export interface RunningProcess {
  child: ChildProcess;
  /** Everything the process wrote to stdout and stderr so far. */
  output(): string;
  stop(): Promise<void>;
}

const ROOT = join(import.meta.dirname, '..', '..');

function launch(args: string[], env: NodeJS.ProcessEnv = {}): { child: ChildProcess; output: () => string; firstLine: (match: (line: string) => boolean) => Promise<string> } {
  const child = spawn(process.execPath, [join(ROOT, 'node_modules', 'tsx', 'dist', 'cli.mjs'), ...args], {
    cwd: ROOT,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const waiters: Array<{ match: (line: string) => boolean; resolve: (line: string) => void }> = [];
  let pending = '';
  child.stdout!.on('data', (chunk: Buffer) => {
    const text = chunk.toString('utf8');
    output += text;
    pending += text;
    const lines = pending.split('\n');
    pending = lines.pop() ?? '';
    for (const line of lines) {
      for (const waiter of [...waiters]) {
        if (waiter.match(line)) {
          waiters.splice(waiters.indexOf(waiter), 1);
          waiter.resolve(line);
        }
      }
    }
  });
  child.stderr!.on('data', (chunk: Buffer) => {
    output += chunk.toString('utf8');
  });
  const firstLine = (match: (line: string) => boolean) =>
    new Promise<string>((resolve, reject) => {
      waiters.push({ match, resolve });
      child.once('exit', (code) => reject(new Error(`process exited (${code}) before printing the expected line:\n${output.slice(-2000)}`)));
    });
  return { child, output: () => output, firstLine };
}

function stopper(child: ChildProcess): () => Promise<void> {
  return () =>
    new Promise((resolve) => {
      if (child.exitCode !== null || child.signalCode !== null) return resolve();
      child.once('exit', () => resolve());
      child.kill('SIGTERM');
      setTimeout(() => child.kill('SIGKILL'), 5000).unref();
    });
}

export async function startSim(extraArgs: string[] = []): Promise<SimInfo & RunningProcess> {
  const { child, output, firstLine } = launch(['sim/cli.ts', '--port', '0', ...extraArgs]);
  const line = await firstLine((l) => l.startsWith('{'));
  return { ...(JSON.parse(line) as SimInfo), child, output, stop: stopper(child) };
}

export interface WebApp extends RunningProcess {
  url: string;
  dataDir: string;
}

export async function startWebApp(options: { dataDir?: string; demo?: boolean; env?: NodeJS.ProcessEnv } = {}): Promise<WebApp> {
  const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), 'qd-e2e-data-'));
  // QD_E2E_RENDERER_DIR serves a private copy of the renderer build, so a build by someone else sharing out/ cannot
  // pull the files from under a running spec.
  const rendererDir = process.env.QD_E2E_RENDERER_DIR;
  const args = ['main/web/cli.ts', '--port', '0', '--data-dir', dataDir, ...(options.demo ? ['--demo'] : []), ...(rendererDir ? ['--renderer-dir', rendererDir] : [])];
  const { child, output, firstLine } = launch(args, options.env);
  const line = await firstLine((l) => l.includes('http://127.0.0.1'));
  const url = line.slice(line.indexOf('http://127.0.0.1')).trim().split(/\s/)[0];
  return { url, dataDir, child, output, stop: stopper(child) };
}
