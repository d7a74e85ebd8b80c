// Contract tests of the scheduler workers list and its configuration (GET/PUT with validation).
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { READ_TOKEN, startAgent, type AgentHarness } from './test-support';

let h: AgentHarness;
beforeEach(async () => {
  h = await startAgent();
});
afterEach(() => h.close());

interface Workers {
  schedulers: { enabled_schedulers: string[]; id: string; started: string; status: string; workload_status: string }[];
  server_id: string;
}

const put = (body: unknown, token?: string) => h.fetch('/v1/agent/schedulers/config', { method: 'PUT', body: typeof body === 'string' ? body : JSON.stringify(body), token });

describe('GET /v1/agent/schedulers', () => {
  it('lists one worker per configured scheduler, three quarters paused on the leader', async () => {
    const res = await h.fetch('/v1/agent/schedulers', { token: READ_TOKEN });
    expect(res.status).toBe(200);
    const body = (await res.json()) as Workers;
    expect(body.server_id).toBe('server-1.global');
    expect(body.schedulers).toHaveLength(8);
    expect(body.schedulers.filter((w) => w.status === 'Paused')).toHaveLength(6);
    for (const worker of body.schedulers) {
      expect(worker.enabled_schedulers).toEqual(['service', 'batch', 'system', 'sysbatch', '_core']);
      expect(new Date(worker.started).toISOString()).toBe(worker.started);
      expect(worker.id).toMatch(/^[0-9a-f-]{36}$/);
    }
  });

  it('needs agent:read and only answers GET', async () => {
    expect((await h.fetch('/v1/agent/schedulers', { token: null })).status).toBe(403);
    expect((await h.fetch('/v1/agent/schedulers', { method: 'PUT' })).status).toBe(405);
  });
});

describe('/v1/agent/schedulers/config', () => {
  it('reads the configuration', async () => {
    const res = await h.fetch('/v1/agent/schedulers/config', { token: READ_TOKEN });
    expect(await res.json()).toEqual({ enabled_schedulers: ['service', 'batch', 'system', 'sysbatch', '_core'], num_schedulers: 8, server_id: 'server-1.global' });
  });

  it('applies an update, answers the new configuration, and the workers list follows', async () => {
    const before = (await (await h.fetch('/v1/agent/schedulers')).json()) as Workers;
    const res = await put({ enabled_schedulers: ['_core', 'batch'], num_schedulers: 2, server_id: 'ignored' });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ enabled_schedulers: ['_core', 'batch'], num_schedulers: 2, server_id: 'server-1.global' });
    const after = (await (await h.fetch('/v1/agent/schedulers')).json()) as Workers;
    expect(after.schedulers.map((w) => w.id)).toEqual(before.schedulers.slice(0, 2).map((w) => w.id));
    expect(after.schedulers[0].enabled_schedulers).toEqual(['_core', 'batch']);
    // The answer of a GET can be sent straight back.
    const roundTrip = await put(await (await h.fetch('/v1/agent/schedulers/config')).json());
    expect(roundTrip.status).toBe(200);
  });

  it.each([
    ['a non-integer count', { enabled_schedulers: ['_core'], num_schedulers: 1.5 }, /integer/],
    ['a negative count', { enabled_schedulers: ['_core'], num_schedulers: -1 }, /negative/],
    ['more workers than cores', { enabled_schedulers: ['_core'], num_schedulers: 9 }, /at most 8/],
    ['a missing count', { enabled_schedulers: ['_core'] }, /num_schedulers/],
    ['an unknown scheduler', { enabled_schedulers: ['_core', 'gpu'], num_schedulers: 1 }, /unknown scheduler/],
    ['a list without _core', { enabled_schedulers: ['service'], num_schedulers: 1 }, /_core/],
    ['a repeated scheduler', { enabled_schedulers: ['_core', '_core'], num_schedulers: 1 }, /repeat/],
    ['a body that is not an object', '[1]', /JSON object/],
    ['malformed JSON', '{"num_schedulers":', /not valid JSON/],
  ])('refuses %s with 400 and changes nothing', async (_name, body, message) => {
    const res = await put(body);
    expect(res.status).toBe(400);
    expect(await res.text()).toMatch(message);
    expect(((await (await h.fetch('/v1/agent/schedulers/config')).json()) as { num_schedulers: number }).num_schedulers).toBe(8);
  });

  it('needs agent:write to update', async () => {
    expect((await put({ enabled_schedulers: ['_core'], num_schedulers: 1 }, READ_TOKEN)).status).toBe(403);
    expect((await h.fetch('/v1/agent/schedulers/config', { method: 'DELETE' })).status).toBe(405);
  });
});
