// Profiling captures against the simulator: saved atomically to a file with the agent's exact bytes, progress on
// the `transfers` stream, the spec's parameter limits checked before sending, and agent:write required.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProfileProgress } from '../contract/agent';
import { startAgentFixture, type AgentFixture } from './test-fixture';

let fx: AgentFixture;
let admin: string;
let readOnly: string;

beforeAll(async () => {
  fx = await startAgentFixture();
  admin = await fx.connection('management');
  readOnly = await fx.connection('readOnly');
});

afterAll(async () => {
  await fx?.close();
});

const progressOf = (batches: { items: unknown[] }[]) => batches.flatMap((batch) => batch.items as ProfileProgress[]);

function leftovers(): string[] {
  try {
    return readdirSync(fx.downloadsDir).filter((name) => name.endsWith('.part'));
  } catch {
    return [];
  }
}

describe('agent.profile', () => {
  it('records a CPU profile for `seconds`, saves the gzip bytes, and reports progress', async () => {
    const watch = fx.watchTransfer('cpu-1');
    const capture = await fx.call('agent.profile', { connectionId: admin, kind: 'profile', seconds: 1, transferId: 'cpu-1' });
    watch.close();

    const bytes = readFileSync(capture.path);
    expect(bytes.length).toBe(capture.bytes);
    expect(bytes.subarray(0, 2)).toEqual(Buffer.from([0x1f, 0x8b])); // gzip magic: `go tool pprof` opens it
    expect(capture.contentType).toBe('application/octet-stream');
    expect(capture.path.startsWith(fx.downloadsDir)).toBe(true);
    expect(capture.path).toMatch(/\.pb\.gz$/);
    expect(statSync(capture.path).mode & 0o777).toBe(0o600);
    expect(leftovers()).toEqual([]);

    const items = progressOf(watch.batches);
    const recording = items.filter((p) => p.phase === 'downloading');
    expect(recording.length).toBeGreaterThan(0);
    expect(recording.every((p) => p.durationMs === 1000 && p.elapsedMs <= 1000)).toBe(true);
    expect(recording[0].message).toContain('Recording the CPU profile');
    const last = items[items.length - 1];
    expect(last).toMatchObject({ phase: 'done', bytes: capture.bytes, total: capture.bytes, elapsedMs: 1000 });
    expect(watch.batches[watch.batches.length - 1].status).toBe('ended');
  });

  it('captures the command line as text at once', async () => {
    const capture = await fx.call('agent.profile', { connectionId: admin, kind: 'cmdline', transferId: 'cmd-1' });
    expect(capture.contentType).toContain('text/plain');
    expect(capture.path).toMatch(/\.txt$/);
    expect(readFileSync(capture.path, 'utf8').length).toBe(capture.bytes);
  });

  it('captures a named profile as text with debug=1, and a goroutine dump with debug=2', async () => {
    const heap = await fx.call('agent.profile', { connectionId: admin, kind: 'heap', debug: 1, transferId: 'heap-1' });
    expect(readFileSync(heap.path, 'utf8')).toMatch(/heap profile/);
    const goroutines = await fx.call('agent.profile', { connectionId: admin, kind: 'goroutine', debug: 2, transferId: 'gr-1' });
    expect(readFileSync(goroutines.path, 'utf8')).toMatch(/goroutine \d+ \[/);
  });

  it('targets the leader for a trace, and a client node by ID', async () => {
    const trace = await fx.call('agent.profile', { connectionId: admin, kind: 'trace', seconds: 1, serverId: 'leader', transferId: 'tr-1' });
    expect(readFileSync(trace.path).subarray(0, 14).toString('latin1')).toBe('go 1.22 trace\0');
    expect(trace.path).toMatch(/trace-leader-.*\.trace$/);
    const nodeId = fx.sim.cluster.lookup.listNodes()[0].ID;
    const mutex = await fx.call('agent.profile', { connectionId: admin, kind: 'mutex', nodeId, transferId: 'mx-1' });
    expect(mutex.bytes).toBeGreaterThan(0);
  });

  it('is refused to a token without agent:write, leaving no file and a failed transfer', async () => {
    const before = readdirSync(fx.downloadsDir).length;
    const watch = fx.watchTransfer('denied-1');
    const error = await fx.fail('agent.profile', { connectionId: readOnly, kind: 'heap', transferId: 'denied-1' });
    watch.close();
    expect(error.code).toBe('forbidden');
    expect(error.message).toContain('agent:write');
    expect(error.message).toContain('enable_debug');
    expect(readdirSync(fx.downloadsDir).length).toBe(before);
    expect(progressOf(watch.batches).at(-1)).toMatchObject({ phase: 'failed', message: error.message });
  });

  it('reports an unknown server as the agent says it', async () => {
    const error = await fx.fail('agent.profile', { connectionId: admin, kind: 'heap', serverId: 'server-9', transferId: 'nosuch-1' });
    expect(error.code).toBe('internal');
    expect(error.message).toContain('unknown server server-9');
    expect(leftovers()).toEqual([]);
  });

  it.each([
    [{ kind: 'profile', seconds: 0 }, 'seconds'],
    [{ kind: 'profile', seconds: 301 }, 'seconds'],
    [{ kind: 'profile', seconds: 1.5 }, 'seconds'],
    [{ kind: 'goroutine', debug: 3 }, 'debug'],
    [{ kind: 'symbol' }, 'kind'],
    [{ kind: 'heap', transferId: 'a b' }, 'transferId'],
  ])('refuses %j before sending (%s)', async (params, path) => {
    const error = await fx.fail('agent.profile', { connectionId: admin, transferId: 't-1', ...params });
    expect(error.code).toBe('invalid_input');
    expect((error.details as { path: string }[])[0].path).toBe(path);
  });
});

describe('agent.profile with a save dialog', () => {
  it('writes where the person chose; a cancelled dialog captures nothing', async () => {
    const suggested: string[] = [];
    const dialog = await startAgentFixture({
      // The first dialog is cancelled; the second picks a file in the fixture's folder.
      chooseSavePath: async (name) => {
        suggested.push(name);
        return suggested.length === 1 ? null : join(dialog.dir, 'chosen.pb.gz');
      },
    });
    try {
      const id = await dialog.connection('management');
      const cancelled = await dialog.fail('agent.profile', { connectionId: id, kind: 'allocs', transferId: 'dlg-1' });
      expect(cancelled.message).toContain('no file was chosen');
      const capture = await dialog.call('agent.profile', { connectionId: id, kind: 'allocs', transferId: 'dlg-2' });
      expect(capture.path).toBe(join(dialog.dir, 'chosen.pb.gz'));
      expect(readFileSync(capture.path).subarray(0, 2)).toEqual(Buffer.from([0x1f, 0x8b]));
      expect(suggested[0]).toMatch(/^allocs-agent-\d{4}-.*\.pb\.gz$/);
    } finally {
      await dialog.close();
    }
  });
});
