// The agent view's writes against the simulator: replace servers, join, force-leave (confirmed), scheduler config;
// bad input is refused before anything is sent, and a token without agent:write is told which permission it lacks.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { AgentClient } from '../clients/cluster-api/agent-client';
import { HostError } from '../host/host-error';
import { startAgentFixture, type AgentFixture } from './test-fixture';

let fx: AgentFixture;
let admin: string;
let readOnly: string;
let operator: string;

beforeAll(async () => {
  fx = await startAgentFixture();
  admin = await fx.connection('management');
  readOnly = await fx.connection('readOnly');
  operator = await fx.connection('operator');
});

afterAll(async () => {
  await fx?.close();
});

describe('agent.setServers', () => {
  let original: string[] = [];
  beforeAll(async () => {
    original = (await fx.call('agent.servers', { connectionId: admin })).value;
  });
  afterEach(async () => {
    await fx.call('agent.setServers', { connectionId: admin, addresses: original });
  });

  it("replaces the client's server list", async () => {
    await fx.call('agent.setServers', { connectionId: admin, addresses: ['10.0.0.11:4647', '[fd00::12]:4647'] });
    const after = await fx.call('agent.servers', { connectionId: admin });
    expect([...after.value].sort()).toEqual(['10.0.0.11:4647', '[fd00::12]:4647'].sort());
  });

  it('refuses addresses that are not ip:port, naming each, and sends nothing', async () => {
    const error = await fx.fail('agent.setServers', { connectionId: admin, addresses: ['10.0.0.11:4647', 'server-2:4647', '10.0.0.300:4647', '10.0.0.12:0'] });
    expect(error.code).toBe('invalid_input');
    const paths = (error.details as { path: string; message: string }[]).map((d) => d.path);
    expect(paths).toEqual(['addresses.1', 'addresses.2', 'addresses.3']);
    expect((await fx.call('agent.servers', { connectionId: admin })).value).toEqual(original);
  });

  it('the client itself refuses a bad address before any request (an unreachable agent is never dialled)', async () => {
    const client = new AgentClient({ address: 'http://127.0.0.1:1', namespace: 'default', tls: {}, token: async () => null });
    try {
      const error = await client.setServers(['not-an-address']).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(HostError);
      expect((error as HostError).code).toBe('invalid_input');
      expect((error as HostError).message).toContain('"not-an-address"');
    } finally {
      client.close();
    }
  });

  it('is refused to a token without agent:write, naming the permission', async () => {
    const error = await fx.fail('agent.setServers', { connectionId: readOnly, addresses: ['10.0.0.11:4647'] });
    expect(error.code).toBe('forbidden');
    expect(error.message).toContain('agent:write');
    const operatorError = await fx.fail('agent.setServers', { connectionId: operator, addresses: ['10.0.0.11:4647'] });
    expect(operatorError.message).toContain('agent:write');
  });
});

describe('agent.join', () => {
  it('joins a live server and reports failures in the body', async () => {
    const members = (await fx.call('agent.members', { connectionId: admin })).value.Members;
    const alive = members.find((m) => m.Status === 'alive' && !m.Name.startsWith('server-1'))!;
    const joined = await fx.call('agent.join', { connectionId: admin, addresses: [`${alive.Addr}:${alive.Port}`] });
    expect(joined).toEqual({ error: '', num_joined: 1 });
    const refused = await fx.call('agent.join', { connectionId: admin, addresses: ['10.9.9.9:4648'] });
    expect(refused.num_joined).toBe(0);
    expect(refused.error).toContain('i/o timeout');
  });

  it('refuses a host name before sending', async () => {
    const error = await fx.fail('agent.join', { connectionId: admin, addresses: ['server-2.internal:4648'] });
    expect(error.code).toBe('invalid_input');
    expect(error.message).toContain('addresses.0');
  });
});

describe('agent.forceLeave', () => {
  afterEach(async () => {
    await fx.admin('/_sim/agent/reset-members', {});
  });

  const failedMember = async () => (await fx.call('agent.members', { connectionId: admin })).value.Members.find((m) => m.Status === 'failed')!.Name;

  it('is refused without a confirmation, or with one that does not repeat the member name', async () => {
    const node = await failedMember();
    const missing = await fx.fail('agent.forceLeave', { connectionId: admin, node });
    expect(missing.code).toBe('invalid_input');
    expect(missing.message).toContain('confirm');
    const wrong = await fx.fail('agent.forceLeave', { connectionId: admin, node, confirm: 'server-2' });
    expect(wrong.message).toContain(`must repeat the member name "${node}"`);
    const members = (await fx.call('agent.members', { connectionId: admin })).value.Members;
    expect(members.find((m) => m.Name === node)?.Status).toBe('failed');
  });

  it('moves a failed server to left, and with prune removes it from the list', async () => {
    const node = await failedMember();
    await fx.call('agent.forceLeave', { connectionId: admin, node, confirm: node });
    let members = (await fx.call('agent.members', { connectionId: admin })).value.Members;
    expect(members.find((m) => m.Name === node)?.Status).toBe('left');
    await fx.admin('/_sim/agent/reset-members', {});
    await fx.call('agent.forceLeave', { connectionId: admin, node, prune: true, confirm: node });
    members = (await fx.call('agent.members', { connectionId: admin })).value.Members;
    expect(members.some((m) => m.Name === node)).toBe(false);
  });

  it('is refused to a token without agent:write', async () => {
    const node = await failedMember();
    const error = await fx.fail('agent.forceLeave', { connectionId: readOnly, node, confirm: node });
    expect(error.code).toBe('forbidden');
    expect(error.message).toContain('agent:write');
  });
});

describe('agent.setSchedulerConfig', () => {
  let original: { enabled_schedulers: string[]; num_schedulers: number };
  beforeAll(async () => {
    original = (await fx.call('agent.schedulerConfig', { connectionId: admin })).value;
  });
  afterEach(async () => {
    await fx.call('agent.setSchedulerConfig', { connectionId: admin, enabled_schedulers: original.enabled_schedulers as never, num_schedulers: original.num_schedulers });
  });

  it('applies the new configuration and answers it; the workers follow', async () => {
    const applied = await fx.call('agent.setSchedulerConfig', { connectionId: admin, enabled_schedulers: ['service', '_core'], num_schedulers: 2 });
    expect(applied).toMatchObject({ enabled_schedulers: ['service', '_core'], num_schedulers: 2 });
    const workers = await fx.call('agent.schedulers', { connectionId: admin });
    expect(workers.value.schedulers).toHaveLength(2);
    expect(workers.value.schedulers[0].enabled_schedulers).toEqual(['service', '_core']);
  });

  it.each([
    [{ enabled_schedulers: ['service', '_core'], num_schedulers: -1 }, 'num_schedulers'],
    [{ enabled_schedulers: ['service', '_core'], num_schedulers: 1.5 }, 'num_schedulers'],
    [{ enabled_schedulers: ['service', 'gpu', '_core'], num_schedulers: 2 }, 'enabled_schedulers.1'],
    [{ enabled_schedulers: ['service'], num_schedulers: 2 }, 'enabled_schedulers'],
    [{ enabled_schedulers: ['_core', '_core'], num_schedulers: 2 }, 'enabled_schedulers'],
  ])('refuses %j before sending (%s)', async (body, path) => {
    const error = await fx.fail('agent.setSchedulerConfig', { connectionId: admin, ...body });
    expect(error.code).toBe('invalid_input');
    expect((error.details as { path: string }[])[0].path).toBe(path);
  });

  it("passes the server's refusal through: more workers than cores", async () => {
    const error = await fx.fail('agent.setSchedulerConfig', { connectionId: admin, enabled_schedulers: ['_core'], num_schedulers: 64 });
    expect(error.code).toBe('invalid_input');
    expect(error.status).toBe(400);
    expect(error.message).toContain('CPU cores');
  });

  it('is refused to a token with only agent:read', async () => {
    const error = await fx.fail('agent.setSchedulerConfig', { connectionId: operator, enabled_schedulers: ['_core'], num_schedulers: 1 });
    expect(error.code).toBe('forbidden');
    expect(error.message).toContain('agent:write');
  });
});
