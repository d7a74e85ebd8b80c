// Contract tests of the agent log monitor: frames, heartbeats, level filter, formats, targeting, errors, faults.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { endsMidCharacter, frameBytes, NODES, READ_TOKEN, startAgent, StreamReader, type AgentHarness } from './test-support';

let h: AgentHarness;
let reader: StreamReader | undefined;
beforeEach(async () => {
  h = await startAgent({ heartbeatMs: 100, monitorLinesPerSecond: 400 });
});
afterEach(async () => {
  reader?.close();
  reader = undefined;
  await h.close();
});

const strict = new TextDecoder('utf-8', { fatal: true });
const open = async (query: string, token?: string | null) => (reader = await StreamReader.open(`${h.url}/v1/agent/monitor${query}`, token));
/** The text carried so far by the data frames, cut back to whole lines. */
const frameText = (r: StreamReader): string => {
  // A fresh decoder each time: `stream: true` tolerates a character still incomplete at the end.
  const text = new TextDecoder('utf-8', { fatal: true }).decode(frameBytes(r.frames()), { stream: true });
  return text.slice(0, text.lastIndexOf('\n') + 1);
};
const logLines = (r: StreamReader): string[] => frameText(r).split('\n').filter(Boolean);

describe('GET /v1/agent/monitor', () => {
  it('streams {Offset, Data, FileEvent: "log"} frames of info-and-above lines in the agent text format', async () => {
    const r = await open('', READ_TOKEN);
    expect(r.status).toBe(200);
    await r.until(() => logLines(r).length >= 20);
    for (const frame of r.frames().filter((f) => f.Data)) {
      expect(frame).toEqual({ Offset: 0, Data: expect.any(String), FileEvent: 'log' });
      expect(Buffer.from(frame.Data as string, 'base64').length).toBeLessThanOrEqual(1024);
    }
    for (const line of logLines(r)) expect(line).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z \[(INFO\] |WARN\] |ERROR\])  ?[\w.]+: /);
  });

  it('sends {} heartbeats', async () => {
    const r = await open('?log_level=error');
    await r.until(() => r.lines().filter((l) => l === '{}').length >= 2);
  });

  it('splits multi-byte characters across frames, and the joined bytes are valid UTF-8', async () => {
    const r = await open('?log_level=info');
    await r.until(() => r.frames().some((f) => f.Data && endsMidCharacter(Buffer.from(f.Data, 'base64'))), 15_000);
    await r.until(() => /[✓🚀ü]/u.test(frameText(r)), 15_000);
    const split = r.frames().find((f) => f.Data && endsMidCharacter(Buffer.from(f.Data, 'base64')))!;
    // Decoding that frame on its own would be wrong; decoding the stream as a whole is right.
    expect(() => strict.decode(Buffer.from(split.Data as string, 'base64'))).toThrow();
    expect(() => frameText(r)).not.toThrow();
  });

  it('filters by log_level: trace shows everything, error only errors', async () => {
    const all = await open('?log_level=TRACE');
    await all.until(() => /\[TRACE\]/.test(frameText(all)) && /\[DEBUG\]/.test(frameText(all)));
    all.close();
    const errors = await open('?log_level=error');
    await errors.until(() => logLines(errors).length >= 3);
    expect(logLines(errors).every((l) => l.includes('[ERROR]'))).toBe(true);
  });

  it('writes JSON lines with log_json, and callers with log_include_location', async () => {
    const r = await open('?log_json=true&log_include_location=true');
    await r.until(() => logLines(r).length >= 5);
    for (const line of logLines(r)) {
      const entry = JSON.parse(line) as Record<string, string>;
      expect(['info', 'warn', 'error']).toContain(entry['@level']);
      expect(entry['@message']).toEqual(expect.any(String));
      expect(entry['@module']).toEqual(expect.any(String));
      expect(entry['@timestamp']).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6}Z$/);
      expect(entry['@caller']).toMatch(/\.go:\d+$/);
    }
  });

  it('writes plain text lines without frames or heartbeats with plain=true, locations included on request', async () => {
    const r = await open('?plain=true&log_include_location=1');
    expect(r.headers['content-type']).toBe('text/plain; charset=utf-8');
    await r.until(() => r.lines().length >= 10);
    for (const line of r.lines()) expect(line).toMatch(/^\S+Z \[\w+\]\s+[\w/]+\.go:\d+: [\w.]+: /);
  });

  it('monitors a client node or another server', async () => {
    const node = await open(`?node_id=${NODES[0].ID}`);
    await node.until(() => logLines(node).length >= 1);
    node.close();
    const server = await open('?server_id=server-2.global');
    await server.until(() => logLines(server).length >= 1);
  });

  it.each([
    ['?log_level=loud', 400, /^Unknown log level: loud/],
    ['?log_json=maybe', 400, /log_json/],
    ['?plain=2', 400, /plain/],
    [`?node_id=${NODES[0].ID}&server_id=leader`, 400, /Cannot target node and server simultaneously/],
    ['?server_id=server-9.global', 400, /unknown server/],
    ['?node_id=00000000-0000-4000-8000-000000000000', 404, /^Unknown node/],
  ])('refuses %s with %i before streaming', async (query, status, message) => {
    const res = await h.fetch(`/v1/agent/monitor${query}`);
    expect(res.status).toBe(status);
    expect(await res.text()).toMatch(message);
    expect(h.agent.activeStreams()).toBe(0);
  });

  it('needs agent:read', async () => {
    expect((await h.fetch('/v1/agent/monitor', { token: null })).status).toBe(403);
  });

  it('releases the stream when the client goes away', async () => {
    const r = await open('');
    await r.until(() => r.lines().length >= 1);
    expect(h.agent.activeStreams()).toBe(1);
    r.close();
    await expect.poll(() => h.agent.activeStreams()).toBe(0);
  });

  it('passes frames through the stream faults: a drop closes the connection', async () => {
    h.faults.set({ dropAfterFrames: 3 });
    const r = await open('');
    await r.until((x) => x.ended);
    expect(r.lines().length).toBeLessThanOrEqual(3);
    expect(h.faults.fired.drops).toBe(1);
  });
});
