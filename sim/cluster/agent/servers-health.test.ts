// Contract tests of the client's server list and the agent health check (including the 500 when unhealthy).
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { READ_TOKEN, startAgent, type AgentHarness } from './test-support';

let h: AgentHarness;
beforeEach(async () => {
  h = await startAgent();
});
afterEach(() => h.close());

describe('/v1/agent/servers', () => {
  it('lists the known servers as sorted ip:port strings with agent:read', async () => {
    const res = await h.fetch('/v1/agent/servers', { token: READ_TOKEN });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual(['10.0.0.11:4647', '10.0.0.12:4647', '10.0.0.13:4647']);
  });

  it('replaces the list from repeated address parameters and answers with an empty body', async () => {
    const res = await h.fetch('/v1/agent/servers?address=10.0.0.12:4647&address=[fd00::1]:4647', { method: 'POST' });
    expect(res.status).toBe(200);
    expect(await res.text()).toBe('');
    expect(await (await h.fetch('/v1/agent/servers')).json()).toEqual(['10.0.0.12:4647', '[fd00::1]:4647']);
  });

  it('refuses a missing or malformed address with 400 and leaves the list alone', async () => {
    const missing = await h.fetch('/v1/agent/servers', { method: 'POST' });
    expect(missing.status).toBe(400);
    expect(await missing.text()).toBe('missing server address');
    for (const bad of ['10.0.0.1', '10.0.0.1:99999', '300.0.0.1:4647', 'server-1:4647', '']) {
      const res = await h.fetch(`/v1/agent/servers?address=${encodeURIComponent(bad)}`, { method: 'PUT' });
      expect(res.status, bad).toBe(400);
    }
    expect(await (await h.fetch('/v1/agent/servers')).json()).toHaveLength(3);
  });

  it('needs agent:write to replace and a token to read', async () => {
    expect((await h.fetch('/v1/agent/servers?address=10.0.0.1:4647', { method: 'POST', token: READ_TOKEN })).status).toBe(403);
    expect((await h.fetch('/v1/agent/servers', { token: null })).status).toBe(403);
    expect((await h.fetch('/v1/agent/servers', { method: 'DELETE' })).status).toBe(405);
  });
});

describe('GET /v1/agent/health', () => {
  it('answers ok for client and server without a token', async () => {
    const res = await h.fetch('/v1/agent/health', { token: null });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ client: { message: 'ok', ok: true }, server: { message: 'ok', ok: true } });
  });

  it('answers 500 with the health document as its error message when unhealthy, and recovers', async () => {
    h.agent.setHealthy(false);
    const res = await h.fetch('/v1/agent/health');
    expect(res.status).toBe(500);
    expect(JSON.parse(await res.text())).toEqual({ client: { message: 'ok', ok: true }, server: { message: 'no leader', ok: false } });
    h.agent.setHealthy(true);
    expect((await h.fetch('/v1/agent/health')).status).toBe(200);
  });

  it('can be toggled through the admin route, which validates its body', async () => {
    const admin = await fetch(`${h.url}/_sim/agent/health`, { method: 'POST', body: JSON.stringify({ healthy: false, message: 'raft: no quorum' }) });
    expect(admin.status).toBe(200);
    expect(JSON.parse(await (await h.fetch('/v1/agent/health')).text()).server).toEqual({ message: 'raft: no quorum', ok: false });
    expect((await fetch(`${h.url}/_sim/agent/health`, { method: 'POST', body: '{"healthy":"no"}' })).status).toBe(400);
    expect((await fetch(`${h.url}/_sim/agent/health`, { method: 'POST', body: '{' })).status).toBe(400);
  });

  it('refuses POST with 405', async () => {
    expect((await h.fetch('/v1/agent/health', { method: 'POST' })).status).toBe(405);
  });
});
