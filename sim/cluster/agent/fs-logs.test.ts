// Contract tests of task logs: exact bytes across frames, origin/offset, plain bodies, follow, errors.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ALLOC_ID, endsMidCharacter, frameBytes, READ_TOKEN, startAgent, StreamReader, type AgentHarness } from './test-support';

const FIXED_CLOCK = () => Date.UTC(2025, 5, 1, 12, 0, 0);
let h: AgentHarness;
let reader: StreamReader | undefined;
beforeEach(async () => {
  h = await startAgent({ heartbeatMs: 100, clock: FIXED_CLOCK });
});
afterEach(async () => {
  reader?.close();
  reader = undefined;
  await h.close();
});

const logsPath = (query: string, alloc = ALLOC_ID) => `/v1/client/fs/logs/${alloc}?${query}`;
const open = async (query: string, token?: string | null) => (reader = await StreamReader.open(h.url + logsPath(query), token));

/** Checks that data frames tile the file: each Offset is where the previous frame's bytes ended. */
function expectTiled(frames: { Offset?: number; Data?: string; FileEvent?: string }[], start: number): void {
  let expected = start;
  for (const frame of frames.filter((f) => f.Data)) {
    expect(frame.FileEvent).toBe('');
    expect(frame.Offset).toBe(expected);
    expected += Buffer.from(frame.Data as string, 'base64').length;
  }
}

describe('GET /v1/client/fs/logs/:alloc_id without follow', () => {
  it('streams the whole file from the start as frames that decode to the exact bytes, then ends', async () => {
    const r = await open('task=web&type=stdout', READ_TOKEN);
    expect(r.status).toBe(200);
    await r.until((x) => x.ended);
    const file = h.agent.taskLog(ALLOC_ID, 'web', 'stdout');
    expect(file.length).toBeGreaterThan(200_000);
    expect(frameBytes(r.frames()).equals(file)).toBe(true);
    expectTiled(r.frames(), 0);
    // Frames end inside multi-byte characters on purpose; the file has colours and multi-byte text to split.
    expect(r.frames().some((f) => f.Data && endsMidCharacter(Buffer.from(f.Data, 'base64')))).toBe(true);
    const text = file.toString('utf8');
    expect(text).toContain('\x1b[32mINFO\x1b[0m');
    expect(text).toContain('überprüfung ✓');
    expect(text).toContain('日本語 ok 🚀');
  });

  it('generates the same file for the same seed and a different one per task and stream', async () => {
    const other = await startAgent({ clock: FIXED_CLOCK });
    try {
      expect(other.agent.taskLog(ALLOC_ID, 'web', 'stdout').equals(h.agent.taskLog(ALLOC_ID, 'web', 'stdout'))).toBe(true);
    } finally {
      await other.close();
    }
    expect(h.agent.taskLog(ALLOC_ID, 'web', 'stderr').equals(h.agent.taskLog(ALLOC_ID, 'web', 'stdout'))).toBe(false);
    expect(h.agent.taskLog(ALLOC_ID, 'web', 'stderr').toString()).toMatch(/Traceback|ERROR|WARN/);
  });

  it('starts N bytes before the end with origin=end, so earlier text can be loaded by asking for more', async () => {
    const file = h.agent.taskLog(ALLOC_ID, 'sidecar', 'stderr');
    const tail = await open('task=sidecar&type=stderr&origin=end&offset=1000');
    await tail.until((x) => x.ended);
    expect(frameBytes(tail.frames()).equals(file.subarray(file.length - 1000))).toBe(true);
    expectTiled(tail.frames(), file.length - 1000);
    tail.close();
    const more = await open('task=sidecar&type=stderr&origin=end&offset=5000');
    await more.until((x) => x.ended);
    expect(frameBytes(more.frames()).equals(file.subarray(file.length - 5000))).toBe(true);
    more.close();
    const beyond = await open(`task=sidecar&type=stderr&origin=end&offset=${file.length + 10}`);
    await beyond.until((x) => x.ended);
    expect(frameBytes(beyond.frames()).equals(file)).toBe(true);
  });

  it('starts at an offset from the start with origin=start', async () => {
    const file = h.agent.taskLog(ALLOC_ID, 'web', 'stdout');
    const r = await open('task=web&type=stdout&origin=start&offset=12345');
    await r.until((x) => x.ended);
    expect(frameBytes(r.frames()).equals(file.subarray(12345))).toBe(true);
    expectTiled(r.frames(), 12345);
  });

  it('answers raw bytes with plain=true, byte-exact even when starting inside a character', async () => {
    const file = h.agent.taskLog(ALLOC_ID, 'web', 'stdout');
    const lead = file.indexOf(Buffer.from('✓'));
    const offset = file.length - (lead + 1); // starts on the second byte of ✓
    const r = await open(`task=web&type=stdout&origin=end&offset=${offset}&plain=true`);
    expect(r.headers['content-type']).toBe('text/plain; charset=utf-8');
    await r.until((x) => x.ended);
    expect(r.body().equals(file.subarray(lead + 1))).toBe(true);
  });
});

describe('GET /v1/client/fs/logs/:alloc_id with follow', () => {
  it('sends the existing text, then the text appended while following, with heartbeats', async () => {
    h.agent.setLogRate(50_000);
    const initial = h.agent.taskLog(ALLOC_ID, 'web', 'stdout').length;
    const r = await open('task=web&type=stdout&origin=end&offset=100&follow=true');
    await r.until((x) => frameBytes(x.frames()).length > 100 + 5_000 && x.lines().includes('{}'));
    const received = frameBytes(r.frames());
    const file = h.agent.taskLog(ALLOC_ID, 'web', 'stdout');
    expect(file.length).toBeGreaterThan(initial);
    expect(received.equals(file.subarray(initial - 100, initial - 100 + received.length))).toBe(true);
    expectTiled(r.frames(), initial - 100);
    expect(h.agent.activeStreams()).toBe(1);
    r.close();
    await expect.poll(() => h.agent.activeStreams()).toBe(0);
  });

  it('follows plain bodies line by line', async () => {
    h.agent.setLogRate(20_000);
    const initial = h.agent.taskLog(ALLOC_ID, 'sidecar', 'stdout').length;
    const r = await open('task=sidecar&type=stdout&origin=end&offset=0&follow=true&plain=true');
    await r.until((x) => x.body().length > 2_000);
    const file = h.agent.taskLog(ALLOC_ID, 'sidecar', 'stdout');
    expect(r.body().equals(file.subarray(initial, initial + r.body().length))).toBe(true);
  });

  it('does not grow at rate 0: only heartbeats arrive after the existing text', async () => {
    h.agent.setLogRate(0);
    const r = await open('task=web&type=stderr&origin=end&offset=10&follow=1');
    await r.until((x) => x.lines().filter((l) => l === '{}').length >= 3);
    expect(frameBytes(r.frames()).length).toBe(10);
  });

  it('is cut by a drop fault like any stream', async () => {
    h.faults.set({ dropAfterFrames: 2 });
    const r = await open('task=web&type=stdout&follow=true');
    await r.until((x) => x.ended);
    expect(h.faults.fired.drops).toBe(1);
  });
});

describe('errors of GET /v1/client/fs/logs/:alloc_id', () => {
  it.each([
    ['type=stdout', 400, 'must provide task name'],
    ['task=web', 400, 'must provide log type (stdout/stderr)'],
    ['task=web&type=stdlog', 400, 'must provide log type (stdout/stderr)'],
    ['task=web&type=stdout&origin=middle', 400, 'origin must be start or end'],
    ['task=web&type=stdout&offset=ten', 400, 'error parsing offset'],
    ['task=web&type=stdout&offset=-5', 400, 'offset cannot be negative'],
    ['task=web&type=stdout&follow=sometimes', 400, 'follow'],
    ['task=web&type=stdout&plain=yes', 400, 'plain'],
    ['task=db&type=stdout', 400, 'does not have task with name "db"'],
  ])('%s → %i', async (query, status, message) => {
    const res = await h.fetch(logsPath(query));
    expect(res.status).toBe(status);
    expect(await res.text()).toContain(message);
  });

  it('answers 404 for an unknown allocation, 400 for a missing id, 403 without a token, 405 for POST', async () => {
    const unknown = await h.fetch(logsPath('task=web&type=stdout', '00000000-0000-4000-8000-000000000000'));
    expect(unknown.status).toBe(404);
    expect(await unknown.text()).toBe('Unknown allocation "00000000-0000-4000-8000-000000000000"');
    expect((await h.fetch('/v1/client/fs/logs/?task=web&type=stdout')).status).toBe(400);
    expect((await h.fetch('/v1/client/fs/logs/%E0%A4%A?task=web&type=stdout')).status).toBe(400);
    expect((await h.fetch(logsPath('task=web&type=stdout'), { token: null })).status).toBe(403);
    expect((await h.fetch(logsPath('task=web&type=stdout'), { method: 'POST' })).status).toBe(405);
  });
});
