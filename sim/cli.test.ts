// `npm run sim`: the command prints exactly one JSON line with the URL and tokens, honours its flags, stops on
// SIGTERM, and refuses bad flags with a message and exit code 2 (sim/README.md).
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readFrames } from './cluster/test/stream-reader';

const ROOT = join(__dirname, '..');
const TSX = join(ROOT, 'node_modules', 'tsx', 'dist', 'cli.mjs');

function run(args: string[]) {
  const child = spawn(process.execPath, [TSX, join(ROOT, 'sim', 'cli.ts'), ...args], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (d) => (stdout += d));
  child.stderr.on('data', (d) => (stderr += d));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const firstLine = new Promise<string>((resolve, reject) => {
    const check = () => {
      if (stdout.includes('\n')) resolve(stdout.slice(0, stdout.indexOf('\n')));
    };
    child.stdout.on('data', check);
    void exited.then(() => reject(new Error(`sim exited before printing: ${stderr}`)));
  });
  firstLine.catch(() => undefined); // awaited only by the start-up test; the refusal tests expect the exit
  return { child, exited, firstLine, output: () => ({ stdout, stderr }) };
}

describe('sim/cli.ts', () => {
  it('prints one JSON line with the six fields, applies --heartbeat-ms and --faults, and exits 0 on SIGTERM', async () => {
    const sim = run(['--port', '0', '--seed', '2', '--heartbeat-ms', '40', '--faults', 'latency=1', '--event-rate', '0']);
    try {
      const info = JSON.parse(await sim.firstLine);
      expect(Object.keys(info).sort()).toEqual(['clusterReadOnlyToken', 'clusterToken', 'organization', 'url', 'workspaceOrgToken', 'workspaceToken']);
      expect(info.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
      const faults = await (await fetch(`${info.url}/_sim/faults`)).json();
      expect(faults.config.latencyMs).toBe(1);
      const stream = readFrames(await fetch(`${info.url}/v1/event/stream?topic=Node`, { headers: { 'X-Cluster-Token': info.clusterToken } }));
      await stream.until((frames) => frames.filter((f) => JSON.stringify(f) === '{}').length >= 2);
      await stream.cancel();
      const ws = await fetch(`${info.url}/api/v2/organizations/${info.organization}/workspaces`, { headers: { Authorization: `Bearer ${info.workspaceToken}` } });
      expect(ws.status).toBe(200);
      // Nothing else ever goes to stdout: scripts read the first line as the whole answer.
      expect(sim.output().stdout.trim().split('\n')).toHaveLength(1);
    } finally {
      sim.child.kill('SIGTERM');
    }
    expect(await sim.exited).toBe(0);
  }, 30_000);

  it.each([
    [['--scale', 'huge'], /--scale must be small or large/],
    [['--faults', 'boom=1'], /unknown fault "boom"/],
    [['--port', 'x'], /--port must be an integer/],
    [['--heartbeat-ms', '0'], /--heartbeat-ms must be a positive integer/],
    [['--event-rate', 'fast'], /--event-rate must be a non-negative number/],
    [['--bogus'], /Unknown option/],
  ])('refuses %j with exit code 2', async (args, message) => {
    const sim = run(args as string[]);
    expect(await sim.exited).toBe(2);
    expect(sim.output().stderr).toMatch(message);
    expect(sim.output().stdout).toBe('');
  }, 30_000);
});
