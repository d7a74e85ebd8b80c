// Contract tests of profiling: cmdline, CPU profile, trace, named profiles, targeting and the availability table.
import { gunzipSync } from 'node:zlib';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { NODES, READ_TOKEN, startAgent, type AgentHarness } from './test-support';

let h: AgentHarness;
beforeEach(async () => {
  h = await startAgent();
});
afterEach(() => h.close());

/** Reads the string table (field 6) of a profile.proto message, enough to see what a profile describes. */
function stringTable(proto: Buffer): string[] {
  const strings: string[] = [];
  let i = 0;
  const varint = (): number => {
    let value = 0;
    let scale = 1;
    for (;;) {
      const byte = proto[i++];
      value += (byte & 0x7f) * scale;
      if (byte < 0x80) return value;
      scale *= 0x80;
    }
  };
  while (i < proto.length) {
    const key = varint();
    const wire = key & 7;
    if (wire === 0) varint();
    else if (wire === 2) {
      const length = varint();
      if (key >> 3 === 6) strings.push(proto.subarray(i, i + length).toString('utf8'));
      i += length;
    } else throw new Error(`unexpected wire type ${wire} at ${i}`);
  }
  return strings;
}

describe('GET /v1/agent/pprof/cmdline', () => {
  it('answers the NUL-separated argv as text/plain', async () => {
    const res = await h.fetch('/v1/agent/pprof/cmdline');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    const argv = (await res.text()).split('\0');
    expect(argv.length).toBeGreaterThan(1);
    expect(argv[1]).toBe('agent');
  });
});

describe('GET /v1/agent/pprof/profile and /trace', () => {
  it('holds the response for the requested seconds and answers a gzip-compressed CPU profile', async () => {
    const started = Date.now();
    const res = await h.fetch('/v1/agent/pprof/profile?seconds=1');
    const body = Buffer.from(await res.arrayBuffer());
    expect(Date.now() - started).toBeGreaterThanOrEqual(950);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/octet-stream');
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="profile"');
    expect(body.subarray(0, 2)).toEqual(Buffer.from([0x1f, 0x8b]));
    const strings = stringTable(gunzipSync(body));
    expect(strings[0]).toBe('');
    expect(strings).toEqual(expect.arrayContaining(['samples', 'count', 'cpu', 'nanoseconds', 'cluster/server.(*Worker).run']));
  });

  it('answers an execution trace with the Go trace header', async () => {
    const res = await h.fetch('/v1/agent/pprof/trace?seconds=1&server_id=leader');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/octet-stream');
    expect(Buffer.from(await res.arrayBuffer()).subarray(0, 13).toString('latin1')).toBe('go 1.22 trace');
  });

  it('refuses a malformed or out-of-range duration with 400 before holding anything', async () => {
    for (const seconds of ['abc', '0', '301', '1.5']) {
      const res = await h.fetch(`/v1/agent/pprof/profile?seconds=${seconds}`);
      expect(res.status, seconds).toBe(400);
    }
  });

  it('releases a held profile when the simulator closes', async () => {
    const pending = h.fetch('/v1/agent/pprof/profile?seconds=60').then(
      (res) => res.status,
      () => 'aborted',
    );
    await expect.poll(() => h.agent.activeStreams()).toBe(1);
    await h.close();
    expect(h.agent.activeStreams()).toBe(0);
    expect(await pending).toBe('aborted');
    h = await startAgent(); // afterEach closes a fresh harness
  });
});

describe('GET /v1/agent/pprof/<profile>', () => {
  it.each(['goroutine', 'heap', 'allocs', 'threadcreate', 'block', 'mutex'])('answers %s as a gzip protobuf by default', async (name) => {
    const res = await h.fetch(`/v1/agent/pprof/${name}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/octet-stream');
    expect(stringTable(gunzipSync(Buffer.from(await res.arrayBuffer()))).length).toBeGreaterThan(3);
  });

  it('answers Go text formats with debug=1 and full goroutine stacks with debug=2', async () => {
    const goroutines = await h.fetch('/v1/agent/pprof/goroutine?debug=1');
    expect(goroutines.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    expect(await goroutines.text()).toMatch(/^goroutine profile: total \d+\n\d+ @ 0x[0-9a-f]+/);
    expect(await (await h.fetch('/v1/agent/pprof/heap?debug=1')).text()).toMatch(/^heap profile: \d+: \d+ \[\d+: \d+\] @ heap\/1048576\n/);
    expect(await (await h.fetch('/v1/agent/pprof/mutex?debug=1')).text()).toMatch(/^--- mutex:\ncycles\/second=\d+\n/);
    const dump = await (await h.fetch('/v1/agent/pprof/goroutine?debug=2')).text();
    expect(dump).toMatch(/^goroutine 1 \[chan receive, \d+ minutes\]:\nmain\.main\(\)\n/);
    expect(dump).toContain('created by ');
  });

  it('answers 404 for an unknown profile and 400 for a malformed debug value', async () => {
    const unknown = await h.fetch('/v1/agent/pprof/nosuch');
    expect(unknown.status).toBe(404);
    expect(await unknown.text()).toMatch(/^Pprof profile not found profile: nosuch/);
    expect((await h.fetch('/v1/agent/pprof/')).status).toBe(404);
    expect((await h.fetch('/v1/agent/pprof/heap?debug=x')).status).toBe(400);
  });

  it('targets nodes and servers, with the agent error statuses', async () => {
    expect((await h.fetch(`/v1/agent/pprof/heap?node_id=${NODES[1].ID}`)).status).toBe(200);
    expect((await h.fetch('/v1/agent/pprof/heap?server_id=server-2.global')).status).toBe(200);
    expect((await h.fetch('/v1/agent/pprof/heap?node_id=00000000-0000-4000-8000-000000000000')).status).toBe(404);
    expect((await h.fetch('/v1/agent/pprof/heap?server_id=nosuch')).status).toBe(500);
    expect((await h.fetch(`/v1/agent/pprof/heap?server_id=leader&node_id=${NODES[0].ID}`)).status).toBe(400);
  });
});

describe('profiling availability (cluster-api.md table)', () => {
  it('with ACLs requires agent:write whatever enable_debug says', async () => {
    for (const enableDebug of [undefined, false, true]) {
      h.agent.setProfiling({ enableDebug, aclsEnabled: true });
      expect((await h.fetch('/v1/agent/pprof/cmdline', { token: READ_TOKEN })).status).toBe(403);
      expect((await h.fetch('/v1/agent/pprof/cmdline')).status).toBe(200);
    }
  });

  it.each([
    [undefined, 403],
    [false, 403],
    [true, 200],
  ])('without ACLs, enable_debug=%s answers %i', async (enableDebug, status) => {
    h.agent.setProfiling({ enableDebug, aclsEnabled: false });
    expect((await h.fetch('/v1/agent/pprof/cmdline', { token: null })).status).toBe(status);
  });

  it('is switchable through the admin route (null = unset)', async () => {
    await fetch(`${h.url}/_sim/agent/profiling`, { method: 'POST', body: JSON.stringify({ aclsEnabled: false, enableDebug: null }) });
    expect((await h.fetch('/v1/agent/pprof/cmdline', { token: null })).status).toBe(403);
    await fetch(`${h.url}/_sim/agent/profiling`, { method: 'POST', body: JSON.stringify({ enableDebug: true }) });
    expect((await h.fetch('/v1/agent/pprof/cmdline', { token: null })).status).toBe(200);
  });
});
