// The event stream: frames, resume by index, skip-ahead, heartbeats, topic ACLs, namespaces and stream faults.
import { afterEach, describe, expect, it } from 'vitest';
import { startTestCluster, type TestCluster } from './server';
import { readFrames } from './stream-reader';

let c: TestCluster | undefined;
afterEach(async () => {
  await c?.close();
  c = undefined;
});

type Frame = { Index?: number; Events?: { Topic: string; Type: string; Key: string; Index: number; Namespace: string; FilterKeys: string[] | null; Payload: any }[] };
const events = (frames: unknown[]) => (frames as Frame[]).flatMap((f) => f.Events ?? []);

async function registerWeb(cl: TestCluster, tag: string) {
  const job = await cl.json('/v1/job/web');
  return cl.json('/v1/job/web', { method: 'POST', json: { Job: { ...job, Meta: { tag } } } });
}

describe('GET /v1/event/stream', () => {
  it('streams NDJSON frames per index with typed payloads', async () => {
    c = await startTestCluster();
    const res = await c.call('/v1/event/stream');
    expect(res.status).toBe(200);
    const reader = readFrames(res);
    await registerWeb(c, 'a');
    await reader.until((f) => events(f).some((e) => e.Topic === 'Allocation'));
    const all = events(reader.frames);
    const job = all.find((e) => e.Topic === 'Job')!;
    expect(job).toMatchObject({ Type: 'JobRegistered', Key: 'web', Namespace: 'default' });
    expect(job.Payload.Job.ID).toBe('web');
    const alloc = all.find((e) => e.Topic === 'Allocation')!;
    expect(alloc.Payload.Allocation).not.toHaveProperty('Job');
    expect(alloc.FilterKeys).toContain('web');
    expect(all.find((e) => e.Topic === 'Evaluation')!.Payload.Evaluation.JobID).toBe('web');
    for (const frame of reader.frames as Frame[]) expect(frame.Events!.every((e) => e.Index === frame.Index)).toBe(true);
    await reader.cancel();
  });

  it('delivers exactly what the simulator emitted, resuming by index without loss', async () => {
    c = await startTestCluster();
    const first = readFrames(await c.call('/v1/event/stream?topic=*&namespace=*'));
    await registerWeb(c, 'a');
    await first.until((f) => events(f).length === c!.sim.emitted.total);
    const lastIndex = (first.frames as Frame[]).at(-1)!.Index!;
    await first.cancel();
    await registerWeb(c, 'b');
    c.sim.emitBurst(120);
    const resumed = readFrames(await c.call(`/v1/event/stream?index=${lastIndex + 1}&namespace=*`));
    const expected = c.sim.emitted.list(lastIndex + 1);
    await resumed.until((f) => events(f).length >= expected.length);
    const got = events(resumed.frames).map((e) => `${e.Index}/${e.Topic}/${e.Type}/${e.Key}`);
    expect(got).toEqual(expected.map((e) => `${e.Index}/${e.Topic}/${e.Type}/${e.Key}`));
    expect(new Set(got).size).toBe(got.length);
    await resumed.cancel();
  });

  it('skips ahead silently when the index has left the buffer', async () => {
    c = await startTestCluster({ eventBufferSize: 50 });
    c.sim.emitBurst(200);
    const oldest = c.sim.bus.at(c.sim.bus.start)!.Index;
    const reader = readFrames(await c.call('/v1/event/stream?index=1&namespace=*'));
    await reader.until((f) => f.length > 0);
    expect((reader.frames as Frame[])[0].Index).toBe(oldest);
    await reader.until((f) => events(f).length === 50);
    await reader.cancel();
  });

  it('sends {} heartbeats every heartbeatMs', async () => {
    c = await startTestCluster({ heartbeatMs: 30 });
    const reader = readFrames(await c.call('/v1/event/stream?topic=Node'));
    await reader.until((f) => f.filter((x) => JSON.stringify(x) === '{}').length >= 3);
    await reader.cancel();
  });

  it('filters by topic and filter key', async () => {
    c = await startTestCluster();
    const reader = readFrames(await c.call('/v1/event/stream?topic=Job:api&topic=Node'));
    await registerWeb(c, 'x');
    const api = await c.json('/v1/job/api');
    await c.json('/v1/job/api', { method: 'POST', json: { Job: { ...api, Meta: { x: '1' } } } });
    const node = (await c.json('/v1/nodes'))[0];
    await c.call(`/v1/node/${node.ID}/eligibility`, { method: 'POST', json: { Eligibility: 'ineligible' } });
    await reader.until((f) => events(f).some((e) => e.Topic === 'Node'));
    const got = events(reader.frames);
    expect(got.filter((e) => e.Topic === 'Job').every((e) => e.Key === 'api')).toBe(true);
    expect(got.some((e) => e.Topic === 'Job' && e.Key === 'api')).toBe(true);
    expect(got.some((e) => e.Topic === 'Allocation' || e.Topic === 'Evaluation')).toBe(false);
    const nodeEvent = got.find((e) => e.Topic === 'Node')!;
    expect(nodeEvent).toMatchObject({ Type: 'NodeEligibility', Key: node.ID, Namespace: '' });
    expect(nodeEvent.Payload.Node.SchedulingEligibility).toBe('ineligible');
    await reader.cancel();
  });

  it('applies topic ACLs and the namespace * rule', async () => {
    c = await startTestCluster();
    const ro = c.tokens.readOnly;
    expect((await c.call('/v1/event/stream', { token: ro })).status).toBe(403);
    expect((await c.call('/v1/event/stream?topic=*', { token: ro })).status).toBe(403);
    expect((await c.call('/v1/event/stream?topic=ACLToken', { token: ro })).status).toBe(403);
    expect((await c.call('/v1/event/stream?topic=Node', { token: c.tokens.noNode })).status).toBe(403);
    expect((await c.call('/v1/event/stream?topic=Job&namespace=*', { token: c.tokens.defaultReader })).status).toBe(403);
    expect((await c.call('/v1/event/stream?topic=Job&namespace=ops', { token: c.tokens.defaultReader })).status).toBe(403);
    expect((await c.call('/v1/event/stream?topic=Job', { token: 'bogus' })).status).toBe(403);
    expect((await c.call('/v1/event/stream?index=x')).status).toBe(400);
    const ok = await c.call('/v1/event/stream?topic=Job&topic=Node&namespace=*', { token: ro });
    expect(ok.status).toBe(200);
    await ok.body!.cancel();
  });

  it('keeps namespaces apart unless * is asked for', async () => {
    c = await startTestCluster();
    const def = readFrames(await c.call('/v1/event/stream?topic=Job'));
    const all = readFrames(await c.call('/v1/event/stream?topic=Job&namespace=*'));
    const billing = await c.json('/v1/job/billing?namespace=ops');
    await c.json('/v1/job/billing?namespace=ops', { method: 'POST', json: { Job: { ...billing, Meta: { x: '1' } } } });
    await registerWeb(c, 'z');
    await all.until((f) => events(f).some((e) => e.Key === 'web'));
    await def.until((f) => events(f).some((e) => e.Key === 'web'));
    expect(events(all.frames).some((e) => e.Namespace === 'ops')).toBe(true);
    expect(events(def.frames).some((e) => e.Namespace === 'ops')).toBe(false);
    await def.cancel();
    await all.cancel();
  });

  it('drops the connection after N frames and garbles frames under faults', async () => {
    c = await startTestCluster({ heartbeatMs: 10 });
    c.faults.set({ dropAfterFrames: 3 });
    const dropped = readFrames(await c.call('/v1/event/stream?topic=Node'));
    await dropped.until(() => dropped.closed || false, 5000).catch(() => undefined);
    expect(dropped.closed).toBe(true);
    // The third frame may be lost with the socket, as on a broken network.
    expect(dropped.lines.length).toBeGreaterThanOrEqual(2);
    expect(dropped.lines.length).toBeLessThanOrEqual(3);
    expect(c.faults.fired.drops).toBe(1);
    c.faults.set({ dropAfterFrames: 0, malformedRate: 1 });
    const garbled = readFrames(await c.call('/v1/event/stream?topic=Node'));
    const deadline = Date.now() + 5000;
    while (garbled.lines.length < 2 && Date.now() < deadline) await new Promise((r) => setImmediate(r));
    expect(garbled.lines.length).toBeGreaterThanOrEqual(2);
    expect(garbled.frames).toHaveLength(0);
    expect(c.faults.fired.malformed).toBeGreaterThan(0);
    await garbled.cancel();
  });
});
