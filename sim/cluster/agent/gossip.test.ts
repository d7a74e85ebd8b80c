// Contract tests of the gossip endpoints: members, force-leave (failed → left, prune removes), join.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { READ_TOKEN, startAgent, type AgentHarness } from './test-support';

let h: AgentHarness;
beforeEach(async () => {
  h = await startAgent();
});
afterEach(() => h.close());

interface MemberBody {
  ServerName: string;
  ServerRegion: string;
  ServerDC: string;
  Members: { Name: string; Addr: string; Port: number; Status: string; Tags: Record<string, string>; ProtocolCur: number; DelegateCur: number }[];
}

async function members(): Promise<MemberBody> {
  const res = await h.fetch('/v1/agent/members');
  expect(res.status).toBe(200);
  return (await res.json()) as MemberBody;
}

describe('GET /v1/agent/members', () => {
  it('lists three servers with integer protocol fields and string tags, one of them failed', async () => {
    const body = await members();
    expect(body).toMatchObject({ ServerName: 'server-1.global', ServerRegion: 'global', ServerDC: 'dc1' });
    expect(body.Members.map((m) => m.Status)).toEqual(['alive', 'alive', 'failed']);
    for (const member of body.Members) {
      expect(Number.isInteger(member.Port) && Number.isInteger(member.ProtocolCur) && Number.isInteger(member.DelegateCur)).toBe(true);
      expect(member.Tags).toMatchObject({ region: 'global', dc: 'dc1', vsn: '1' });
      expect(Object.values(member.Tags).every((v) => typeof v === 'string')).toBe(true);
    }
  });

  it('needs node:read (403 plain text without a token) and refuses other methods with 405', async () => {
    const denied = await h.fetch('/v1/agent/members', { token: null });
    expect(denied.status).toBe(403);
    expect(await denied.text()).toBe('Permission denied');
    expect((await h.fetch('/v1/agent/members', { token: READ_TOKEN })).status).toBe(200);
    expect((await h.fetch('/v1/agent/members', { method: 'DELETE' })).status).toBe(405);
  });
});

describe('POST /v1/agent/force-leave', () => {
  it('moves a failed server to left, and with prune removes it from the list at once', async () => {
    const failed = (await members()).Members.find((m) => m.Status === 'failed')!;
    const leave = await h.fetch(`/v1/agent/force-leave?node=${failed.Name}`, { method: 'POST' });
    expect(leave.status).toBe(200);
    expect(await leave.text()).toBe('');
    expect((await members()).Members.find((m) => m.Name === failed.Name)?.Status).toBe('left');

    expect((await h.fetch(`/v1/agent/force-leave?node=${failed.Name}&prune=true`, { method: 'PUT' })).status).toBe(200);
    expect((await members()).Members.map((m) => m.Name)).not.toContain(failed.Name);

    h.agent.resetMembers();
    expect((await members()).Members).toHaveLength(3);
  });

  it('leaves an alive member alive and ignores an unknown name, as the gossip layer does', async () => {
    expect((await h.fetch('/v1/agent/force-leave?node=server-2.global', { method: 'POST' })).status).toBe(200);
    expect((await h.fetch('/v1/agent/force-leave?node=nope.global&prune=true', { method: 'POST' })).status).toBe(200);
    expect((await members()).Members.map((m) => m.Status)).toEqual(['alive', 'alive', 'failed']);
  });

  it('rejects a missing node, a malformed prune, a read-only token and GET', async () => {
    const missing = await h.fetch('/v1/agent/force-leave', { method: 'POST' });
    expect(missing.status).toBe(400);
    expect(await missing.text()).toMatch(/missing node name/);
    expect((await h.fetch('/v1/agent/force-leave?node=server-3.global&prune=maybe', { method: 'POST' })).status).toBe(400);
    expect((await h.fetch('/v1/agent/force-leave?node=server-3.global', { method: 'POST', token: READ_TOKEN })).status).toBe(403);
    expect((await h.fetch('/v1/agent/force-leave?node=server-3.global')).status).toBe(405);
    expect((await members()).Members[2].Status).toBe('failed');
  });
});

describe('POST /v1/agent/join', () => {
  it('counts live servers as joined with an empty error, without needing a token', async () => {
    const res = await h.fetch('/v1/agent/join?address=10.0.0.12:4648&address=10.0.0.11', { method: 'POST', token: null });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ error: '', num_joined: 2 });
  });

  it('reports dial failures in the body when nothing could be joined', async () => {
    const res = await h.fetch('/v1/agent/join?address=10.0.0.13:4648&address=10.9.9.9:4648', { method: 'POST' });
    const body = (await res.json()) as { error: string; num_joined: number };
    expect(res.status).toBe(200);
    expect(body.num_joined).toBe(0);
    expect(body.error).toContain('2 errors occurred');
    expect(body.error).toContain('10.0.0.13:4648: connect: connection refused');
    expect(body.error).toContain('10.9.9.9:4648: i/o timeout');
  });

  it('answers 400 without an address and 405 for GET', async () => {
    const res = await h.fetch('/v1/agent/join', { method: 'POST' });
    expect(res.status).toBe(400);
    expect(await res.text()).toBe('missing address to join');
    expect((await h.fetch('/v1/agent/join?address=10.0.0.11')).status).toBe(405);
  });
});

it('answers unknown agent paths with 404 and leaves foreign paths to other modules', async () => {
  expect((await h.fetch('/v1/agent/nope')).status).toBe(404);
  const foreign = await h.fetch('/v1/jobs');
  expect(await foreign.json()).toEqual({ error: 'not mine' });
});
