// Contract tests of agent self (config with secrets to redact, member, string stats) and host data.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { hostPlainSecrets } from './host';
import { agentSecrets } from './self';
import { NODES, READ_TOKEN, startAgent, type AgentHarness } from './test-support';

let h: AgentHarness;
beforeEach(async () => {
  h = await startAgent();
});
afterEach(() => h.close());

describe('GET /v1/agent/self', () => {
  it('answers config, member and stats with the documented sections', async () => {
    const res = await h.fetch('/v1/agent/self', { token: READ_TOKEN });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { config: Record<string, unknown>; member: { Name: string; Status: string }; stats: Record<string, Record<string, unknown>> };
    for (const section of ['Addresses', 'AdvertiseAddrs', 'BindAddr', 'Client', 'Consul', 'DataDir', 'Datacenter', 'DevMode', 'Ports', 'Region', 'Server', 'TLSConfig', 'Telemetry', 'Vault', 'Version', 'ACL']) {
      expect(body.config, section).toHaveProperty(section);
    }
    expect(body.member).toMatchObject({ Name: 'server-1.global', Status: 'alive' });
    expect(Object.keys(body.stats).sort()).toEqual(['client', 'gossip', 'raft', 'runtime', 'server']);
    for (const group of Object.values(body.stats)) expect(Object.values(group).every((v) => typeof v === 'string')).toBe(true);
    expect(body.stats.raft.num_peers).toBe('2');
  });

  it('exposes the agent secrets unredacted, so the console has to redact them', async () => {
    const text = await (await h.fetch('/v1/agent/self')).text();
    const secrets = agentSecrets(7);
    for (const secret of [secrets.consulToken, secrets.vaultToken, secrets.encryptKey, secrets.replicationToken]) expect(text).toContain(secret);
  });

  it('reflects force-leave in the gossip stats', async () => {
    await h.fetch('/v1/agent/force-leave?node=server-3.global&prune=true', { method: 'POST' });
    const stats = ((await (await h.fetch('/v1/agent/self')).json()) as { stats: Record<string, Record<string, string>> }).stats;
    expect(stats.gossip).toMatchObject({ members: '2', failed: '0' });
  });

  it('needs agent:read', async () => {
    const res = await h.fetch('/v1/agent/self', { token: null });
    expect(res.status).toBe(403);
    expect(await res.text()).toBe('Permission denied');
  });
});

describe('GET /v1/agent/host', () => {
  interface HostBody {
    AgentID: string;
    HostData: { OS: string; Network: Record<string, string>[]; ResolvConf: string; Hosts: string; Environment: Record<string, string>; Disk: Record<string, { DiskMB: number; UsedMB: number }> };
  }

  it('answers host data of this server, with known secrets redacted and others left in plain text', async () => {
    const res = await h.fetch('/v1/agent/host');
    expect(res.status).toBe(200);
    const body = (await res.json()) as HostBody;
    expect(body.AgentID).toBe('server-1.global');
    expect(body.HostData.OS).toMatch(/^Linux/);
    expect(body.HostData.ResolvConf).toContain('nameserver');
    expect(body.HostData.Network.some((n) => n.address === '10.0.0.11/24')).toBe(true);
    const env = body.HostData.Environment;
    for (const key of ['VAULT_TOKEN', 'CLUSTER_TOKEN', 'AWS_SECRET_ACCESS_KEY', 'GITHUB_TOKEN']) expect(env[key], key).toBe('<redacted>');
    expect(env.DB_PASSWORD).toBe(hostPlainSecrets(7).DB_PASSWORD);
    expect(Number.isInteger(body.HostData.Disk['/'].DiskMB)).toBe(true);
  });

  it('targets another server or a client node', async () => {
    const server = (await (await h.fetch('/v1/agent/host?server_id=server-2.global')).json()) as HostBody;
    expect(server.AgentID).toBe('server-2.global');
    const node = (await (await h.fetch(`/v1/agent/host?node_id=${NODES[1].ID}`)).json()) as HostBody;
    expect(node.AgentID).toBe(NODES[1].ID);
    expect(node.HostData.Network.some((n) => n.address === `${NODES[1].Address}/24`)).toBe(true);
  });

  it('reports targeting errors as the agent does', async () => {
    const both = await h.fetch(`/v1/agent/host?server_id=leader&node_id=${NODES[0].ID}`);
    expect(both.status).toBe(400);
    const unknownNode = await h.fetch('/v1/agent/host?node_id=00000000-0000-4000-8000-000000000000');
    expect(unknownNode.status).toBe(404);
    expect(await unknownNode.text()).toMatch(/^Unknown node/);
    expect((await h.fetch('/v1/agent/host?server_id=server-9.global')).status).toBe(500);
    const dead = await h.fetch('/v1/agent/host?server_id=server-3.global');
    expect(dead.status).toBe(500);
    expect(await dead.text()).toContain('connection refused');
  });

  it('needs agent:read, and without ACLs needs enable_debug', async () => {
    expect((await h.fetch('/v1/agent/host', { token: null })).status).toBe(403);
    h.agent.setProfiling({ aclsEnabled: false });
    expect((await h.fetch('/v1/agent/host', { token: null })).status).toBe(403);
    h.agent.setProfiling({ enableDebug: true });
    expect((await h.fetch('/v1/agent/host', { token: null })).status).toBe(200);
  });
});
