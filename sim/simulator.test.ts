// The whole simulator over real HTTP: start-up fields, faults on demand (from options and from the admin endpoint,
// in each API's own error shape), stream faults (drop, malformed, stall) and the emitted-events record.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSimulator, type Simulator } from './index';
import { readFrames } from './cluster/test/stream-reader';

let sim: Simulator;
beforeAll(async () => {
  sim = await startSimulator({ seed: 3, heartbeatMs: 25, eventRate: 0 });
});
afterAll(async () => {
  await sim.close();
});

const cluster = (path: string, init: RequestInit = {}) => fetch(sim.url + path, { ...init, headers: { 'X-Cluster-Token': sim.clusterToken, ...(init.headers as Record<string, string>) } });
const workspace = (path: string) => fetch(sim.url + path, { headers: { Authorization: `Bearer ${sim.workspaceToken}` } });
const admin = (method: string, body?: unknown) =>
  fetch(`${sim.url}/_sim/faults`, { method, headers: { 'Content-Type': 'application/json' }, body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body) });

async function until(predicate: () => boolean, timeoutMs = 5000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!predicate()) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setImmediate(resolve));
  }
}

describe('startSimulator', () => {
  it('returns the loopback URL, the four tokens and the organization', async () => {
    expect(sim.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(sim.clusterToken).toMatch(/^[0-9a-f-]{36}$/);
    expect(sim.clusterReadOnlyToken).not.toBe(sim.clusterToken);
    expect(sim.workspaceToken).toMatch(/\.atlasv1\./);
    expect(sim.workspaceOrgToken).not.toBe(sim.workspaceToken);
    expect(sim.organization).toBe('demo-org');
    // The read-only token reads jobs and nodes, and nothing more.
    const ro = { headers: { 'X-Cluster-Token': sim.clusterReadOnlyToken } };
    expect((await fetch(`${sim.url}/v1/jobs`, ro)).status).toBe(200);
    expect((await fetch(`${sim.url}/v1/nodes`, ro)).status).toBe(200);
    expect((await fetch(`${sim.url}/v1/job/web/evaluate`, { ...ro, method: 'POST' })).status).toBe(200);
    expect((await fetch(`${sim.url}/v1/job/web`, { ...ro, method: 'DELETE' })).status).toBe(403);
    expect((await fetch(`${sim.url}/v1/agent/self`, ro)).status).toBe(403);
  });

  it('keeps the default event-stream heartbeat at 30 s unless told otherwise', async () => {
    const other = await startSimulator({ seed: 3 });
    try {
      expect(other.cluster.streams.heartbeatMs).toBe(30_000);
    } finally {
      await other.close();
    }
    expect(sim.cluster.streams.heartbeatMs).toBe(25);
  });

  it('answers unknown paths with each API’s 404', async () => {
    const v1 = await cluster('/v1/nope');
    expect(v1.status).toBe(404);
    expect(await v1.text()).toBe('404 page not found\n');
    const v2 = await workspace('/api/v2/nope');
    expect(v2.status).toBe(404);
    expect((await v2.json()).errors[0].status).toBe('404');
    expect((await fetch(`${sim.url}/_sim/nope`)).status).toBe(404);
  });
});

describe('faults from the start-up options', () => {
  it('applies the --faults spec given to startSimulator', async () => {
    const slow = await startSimulator({ seed: 3, faults: 'latency=120' });
    try {
      const started = Date.now();
      const res = await fetch(`${slow.url}/v1/agent/health`);
      expect(res.status).toBe(200);
      expect(Date.now() - started).toBeGreaterThanOrEqual(110);
      expect(slow.faults.fired.latency).toBe(1);
    } finally {
      await slow.close();
    }
  });

  it.each([
    ['5xx=1', 'answers 5xx'],
    ['429=1', 'answers 429'],
    ['drop=2', 'drops streams'],
    ['malformed=1', 'garbles frames'],
    ['stall', 'stalls streams'],
  ])('applies %s from the start-up spec (%s)', async (spec) => {
    const faulty = await startSimulator({ seed: 3, faults: spec, heartbeatMs: 20, eventRate: 0 });
    try {
      const res = await fetch(`${faulty.url}/v1/event/stream?topic=Node`, { headers: { 'X-Cluster-Token': faulty.clusterToken } });
      if (spec === '5xx=1') return expect([500, 502, 503]).toContain(res.status);
      if (spec === '429=1') return expect(res.status).toBe(429);
      expect(res.status).toBe(200);
      const reader = readFrames(res);
      if (spec === 'drop=2') await until(() => reader.closed);
      if (spec === 'malformed=1') {
        await until(() => reader.lines.length >= 2);
        expect(reader.frames).toHaveLength(0);
      }
      if (spec === 'stall') {
        await until(() => faulty.faults.fired.stalls >= 3);
        expect(reader.lines).toHaveLength(0);
      }
      await reader.cancel();
    } finally {
      await faulty.close();
    }
  });

  it('refuses a bad fault spec at start-up', async () => {
    await expect(startSimulator({ faults: 'latency=soon' })).rejects.toThrow(/latency/);
  });
});

describe('/_sim/faults', () => {
  it('shows, sets (by spec or by patch), refuses bad settings and resets', async () => {
    expect(await (await admin('GET')).json()).toMatchObject({ config: { latencyMs: 0, errorRate: 0, stall: false }, fired: { errors: expect.any(Number) } });
    const bySpec = await admin('POST', { spec: 'latency=5,malformed=0.5' });
    expect(bySpec.status).toBe(200);
    expect((await bySpec.json()).config).toMatchObject({ latencyMs: 5, malformedRate: 0.5 });
    const byPatch = await admin('POST', { malformedRate: 0 });
    expect((await byPatch.json()).config).toMatchObject({ latencyMs: 5, malformedRate: 0 });

    for (const [body, message] of [
      [{ latency: 5 }, /unknown fault setting "latency"/],
      [{ errorRate: 'often' }, /errorRate must be a non-negative number/],
      [{ rateLimitStorm: 3 }, /probability/],
      [{ spec: 'boom=1' }, /unknown fault "boom"/],
      [{ spec: 5 }, /spec must be a string/],
      ['{not json', /not valid JSON/],
      ['[1,2]', /body must be/],
    ] as const) {
      const res = await admin('POST', body);
      expect(res.status).toBe(400);
      expect((await res.json()).error).toMatch(message);
    }
    // A refused patch changes nothing.
    expect((await (await admin('GET')).json()).config).toMatchObject({ latencyMs: 5, errorRate: 0, rateLimitStorm: 0 });
    expect((await (await admin('DELETE')).json()).config).toEqual({ latencyMs: 0, errorRate: 0, rateLimitStorm: 0, dropAfterFrames: 0, malformedRate: 0, stall: false });
  });

  it('injects 5xx in each API’s error shape', async () => {
    await admin('POST', { errorRate: 1 });
    try {
      const v1 = await cluster('/v1/jobs');
      expect([500, 502, 503]).toContain(v1.status);
      expect(v1.headers.get('content-type')).toContain('text/plain');
      expect((await v1.text()).length).toBeGreaterThan(0);
      const v2 = await workspace(`/api/v2/organizations/${sim.organization}/workspaces`);
      expect([500, 502, 503]).toContain(v2.status);
      expect(v2.headers.get('content-type')).toBe('application/vnd.api+json');
      expect((await v2.json()).errors[0]).toMatchObject({ status: String(v2.status), title: expect.any(String), detail: expect.stringContaining('injected') });
    } finally {
      await admin('DELETE');
    }
    expect((await cluster('/v1/jobs')).status).toBe(200);
  });

  it('injects 429 storms with Retry-After, and the workspace rate-limit headers', async () => {
    await admin('POST', { spec: '429=1' });
    try {
      const v1 = await cluster('/v1/nodes');
      expect(v1.status).toBe(429);
      expect(v1.headers.get('retry-after')).toBe('1');
      const v2 = await workspace(`/api/v2/organizations/${sim.organization}/projects`);
      expect(v2.status).toBe(429);
      expect(v2.headers.get('x-ratelimit-limit')).toBe('30');
      expect(Number(v2.headers.get('x-ratelimit-reset'))).toBeGreaterThan(0);
      expect((await v2.json()).errors[0].status).toBe('429');
    } finally {
      await admin('DELETE');
    }
  });

  it('adds latency to every answer', async () => {
    await admin('POST', { latencyMs: 100 });
    try {
      const started = Date.now();
      expect((await workspace(`/api/v2/organizations/${sim.organization}/projects`)).status).toBe(200);
      expect(Date.now() - started).toBeGreaterThanOrEqual(90);
    } finally {
      await admin('DELETE');
    }
  });
});

describe('stream faults set at run time', () => {
  it('drops the event stream mid-stream after N frames', async () => {
    await admin('POST', { dropAfterFrames: 3 });
    try {
      const before = sim.faults.fired.drops;
      const reader = readFrames(await cluster('/v1/event/stream?topic=Node'));
      await until(() => reader.closed);
      expect(reader.lines.length).toBeGreaterThanOrEqual(2);
      expect(reader.lines.length).toBeLessThanOrEqual(3);
      expect(sim.faults.fired.drops).toBe(before + 1);
    } finally {
      await admin('DELETE');
    }
  });

  it('sends truncated frames that do not parse', async () => {
    await admin('POST', { malformedRate: 1 });
    try {
      const reader = readFrames(await cluster('/v1/event/stream?topic=Node'));
      await until(() => reader.lines.length >= 2);
      expect(reader.frames).toHaveLength(0);
      for (const line of reader.lines) expect(() => JSON.parse(line)).toThrow();
      await reader.cancel();
    } finally {
      await admin('DELETE');
    }
  });

  it('stalls streams: the socket stays open, heartbeats included go silent, and resume when cleared', async () => {
    const reader = readFrames(await cluster('/v1/event/stream?topic=Node'));
    await until(() => reader.lines.length >= 1);
    await admin('POST', { stall: true });
    const seen = reader.lines.length;
    const stallsBefore = sim.faults.fired.stalls;
    // Three heartbeats swallowed while stalled, none of them reaching the client.
    await until(() => sim.faults.fired.stalls >= stallsBefore + 3);
    expect(reader.lines.length).toBeLessThanOrEqual(seen + 1); // at most one frame already in flight
    expect(reader.closed).toBe(false);
    await admin('DELETE');
    await until(() => reader.lines.length >= seen + 3);
    expect(reader.frames.at(-1)).toEqual({});
    await reader.cancel();
  });
});

describe('/_sim/events/emitted', () => {
  it('records every event emitted, matching what a full-topic stream received', async () => {
    const startIndex = sim.cluster.state.index + 1;
    const reader = readFrames(await cluster(`/v1/event/stream?index=${startIndex}&topic=*&namespace=*`));
    const burst = await fetch(`${sim.url}/_sim/events/burst`, { method: 'POST', body: JSON.stringify({ count: 150 }) });
    expect((await burst.json()).emitted).toBe(150);
    const record = (await (await fetch(`${sim.url}/_sim/events/emitted?since=${startIndex}`)).json()) as { total: number; events: { Index: number; Topic: string; Type: string; Key: string }[] };
    expect(record.events.length).toBeGreaterThanOrEqual(150);
    type Frame = { Index?: number; Events?: { Index: number; Topic: string; Type: string; Key: string }[] };
    const received = () => (reader.frames as Frame[]).flatMap((f) => f.Events ?? []);
    await until(() => received().length >= record.events.length);
    const key = (e: { Index: number; Topic: string; Type: string; Key: string }) => `${e.Index}/${e.Topic}/${e.Type}/${e.Key}`;
    expect(received().map(key)).toEqual(record.events.map(key));
    expect(record.total).toBe(sim.cluster.emitted.total);
    await reader.cancel();
    const bad = await fetch(`${sim.url}/_sim/events/emitted?since=recent`);
    expect(bad.status).toBe(400);
    expect((await bad.json()).error).toMatch(/since must be a non-negative integer/);
  });
});
