// The agent view's reads against the simulator over real HTTP: members, servers, self (redacted), health (the
// unhealthy 500 as data), host data (with the spec's caveat), schedulers, and the permissions they need.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agentSecrets } from '../../sim/cluster/agent/self';
import { hostPlainSecrets } from '../../sim/cluster/agent/host';
import { SEED, startAgentFixture, type AgentFixture } from './test-fixture';

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

describe('agent.members', () => {
  it('lists the gossip pool with status, tags and protocol versions, readable with node:read', async () => {
    const result = await fx.call('agent.members', { connectionId: readOnly });
    expect(result.source).toBe('live');
    expect(result.value.ServerName).toMatch(/^server-1\./);
    const failed = result.value.Members.find((m) => m.Status === 'failed');
    expect(failed?.Name).toMatch(/^server-3\./);
    for (const member of result.value.Members) {
      expect(Number.isInteger(member.ProtocolCur)).toBe(true);
      expect(member.Tags.role).toBe('server');
    }
  });
});

describe('agent.servers', () => {
  it("reads the client's server list as ip:port strings", async () => {
    const result = await fx.call('agent.servers', { connectionId: admin });
    expect(result.value.length).toBeGreaterThan(0);
    for (const address of result.value) expect(address).toMatch(/^\d+\.\d+\.\d+\.\d+:\d+$/);
  });

  it('is refused to a token without agent:read, naming the permission', async () => {
    const error = await fx.fail('agent.servers', { connectionId: readOnly });
    expect(error.code).toBe('forbidden');
    expect(error.message).toContain('agent:read');
    expect(error.status).toBe(403);
  });
});

describe('agent.self', () => {
  it('returns config sections and stats with no secret value left anywhere', async () => {
    const result = await fx.call('agent.self', { connectionId: admin });
    const { config, stats, member } = result.value;
    expect(Object.keys(config)).toEqual(expect.arrayContaining(['Addresses', 'Client', 'Server', 'Consul', 'Vault', 'TLSConfig', 'Telemetry', 'Version']));
    expect(Object.keys(stats)).toEqual(expect.arrayContaining(['runtime', 'server', 'raft', 'client', 'gossip']));
    expect(member.Name).toMatch(/^server-1\./);

    const json = JSON.stringify(result);
    for (const [name, secret] of Object.entries(agentSecrets(SEED))) {
      expect(json.includes(secret), `${name} leaked`).toBe(false);
    }
    const sections = config as Record<string, Record<string, unknown>>;
    expect(sections.Consul.Token).toBe('<redacted>');
    expect(sections.Consul.Auth).toBe('<redacted>');
    expect(sections.Vault.Token).toBe('<redacted>');
    expect(sections.Server.EncryptKey).toBe('<redacted>');
    expect(sections.ACL.ReplicationToken).toBe('<redacted>');
    // Ordinary settings stay readable.
    expect(sections.Consul.Addr).toBe('127.0.0.1:8500');
    expect(sections.TLSConfig.KeyFile).toBe('/etc/cluster.d/tls/server-key.pem');
  });

  it('is refused to a token without agent:read', async () => {
    const error = await fx.fail('agent.self', { connectionId: readOnly });
    expect(error.code).toBe('forbidden');
    expect(error.message).toContain('agent:read');
  });
});

describe('agent.health', () => {
  it('reports a healthy agent', async () => {
    const result = await fx.call('agent.health', { connectionId: admin });
    expect(result.value).toMatchObject({ unhealthy: false, client: { ok: true }, server: { ok: true } });
  });

  it('returns the unhealthy 500 answer as data, with the server message', async () => {
    await fx.admin('/_sim/agent/health', { healthy: false, message: 'no cluster leader elected' });
    try {
      const result = await fx.call('agent.health', { connectionId: admin });
      expect(result.value.unhealthy).toBe(true);
      expect(result.value.server).toEqual({ ok: false, message: 'no cluster leader elected' });
      expect(result.value.message).toContain('no cluster leader elected');
    } finally {
      await fx.admin('/_sim/agent/health', { healthy: true });
    }
  });
});

describe('agent.host', () => {
  it("carries the spec's warning and hides credentials the agent left in plain text", async () => {
    const result = await fx.call('agent.host', { connectionId: admin });
    expect(result.value.warning).toMatch(/known sensitive environment variables are redacted by the agent, but other sensitive data may remain/i);
    expect(result.value.AgentID).toMatch(/^server-1\./);
    const env = result.value.HostData.Environment;
    expect(env.PATH).toContain('/usr/bin');
    expect(env.VAULT_TOKEN).toBe('<redacted>');
    const plain = hostPlainSecrets(SEED);
    const json = JSON.stringify(result);
    expect(json.includes(plain.DB_PASSWORD)).toBe(false);
    expect(env.DATABASE_URL).toBe('postgres://app:<redacted>@db.internal:5432/app');
  });

  it('targets a server by name or leader, and a client node by ID', async () => {
    const leader = await fx.call('agent.host', { connectionId: admin, serverId: 'leader' });
    expect(leader.value.AgentID).toMatch(/^server-1\./);
    const second = await fx.call('agent.host', { connectionId: admin, serverId: `server-2.${leader.value.AgentID.split('.')[1]}` });
    expect(second.value.AgentID).toMatch(/^server-2\./);
    const nodeId = fx.sim.cluster.lookup.listNodes()[0].ID;
    const node = await fx.call('agent.host', { connectionId: admin, nodeId });
    expect(node.value.AgentID).toBe(nodeId);
  });

  it('refuses node and server at once before sending', async () => {
    const nodeId = fx.sim.cluster.lookup.listNodes()[0].ID;
    const error = await fx.fail('agent.host', { connectionId: admin, nodeId, serverId: 'leader' });
    expect(error.code).toBe('invalid_input');
    expect(error.message).toContain('serverId');
  });
});

describe('agent.schedulers', () => {
  it('lists workers and reads the scheduler configuration', async () => {
    const workers = await fx.call('agent.schedulers', { connectionId: admin });
    expect(workers.value.server_id).toMatch(/^server-1\./);
    expect(workers.value.schedulers.length).toBeGreaterThan(0);
    expect(workers.value.schedulers[0]).toMatchObject({ status: expect.any(String), workload_status: expect.any(String) });
    const config = await fx.call('agent.schedulerConfig', { connectionId: admin });
    expect(Number.isInteger(config.value.num_schedulers)).toBe(true);
    expect(config.value.enabled_schedulers).toContain('_core');
    expect(workers.value.schedulers).toHaveLength(config.value.num_schedulers);
  });
});

describe('connections', () => {
  it('refuses a workspace connection with a message that says why', async () => {
    const created = await fx.connections.create({ kind: 'workspace', name: 'org', baseUrl: fx.sim.url, organization: fx.sim.organization });
    const error = await fx.fail('agent.members', { connectionId: created.profile.id });
    expect(error.code).toBe('invalid_input');
    expect(error.message).toContain('needs a cluster connection');
  });

  it('uses the new token once it changes (the client is rebuilt)', async () => {
    const id = (await fx.connections.create({ kind: 'cluster', name: 'swap', address: fx.sim.url, namespace: 'default', token: fx.sim.clusterReadOnlyToken })).profile.id;
    expect((await fx.fail('agent.self', { connectionId: id })).code).toBe('forbidden');
    await fx.connections.setToken(id, fx.sim.clusterToken);
    expect((await fx.call('agent.self', { connectionId: id })).value.member.Name).toMatch(/^server-1\./);
  });
});
