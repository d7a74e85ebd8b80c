// `/v1/agent/self`: the agent's configuration, its own gossip member and its stats groups.
// The configuration deliberately carries live-looking secrets (integration tokens, the gossip encryption key, the ACL
// replication token), as older agents exposed them, so the console's redaction has something real to strip
// (design.md, Security invariants 2: "tokens in agent config").
import type { IncomingMessage, ServerResponse } from 'node:http';
import { send } from '../../http-kit';
import { createRng } from '../../rng';
import { BUILD_VERSION, GO_VERSION, HTTP_PORT, RPC_PORT, SERF_PORT, selfMember, type AgentState } from './agent-state';
import { localNode, requireAcl, type AgentContext } from './context';
import { invalidMethod } from './http-errors';

const SECOND_NS = 1_000_000_000;

export function selfRoute(ctx: AgentContext, req: IncomingMessage, res: ServerResponse): void {
  if (req.method !== 'GET') throw invalidMethod();
  requireAcl(ctx, req, 'agent:read');
  send(res, 200, { config: agentConfig(ctx), member: selfMember(ctx.state), stats: agentStats(ctx) });
}

/** The secrets are drawn from the seed, so a test can assert the exact value never leaves the host unredacted. */
export function agentSecrets(seed: number): { consulToken: string; vaultToken: string; encryptKey: string; replicationToken: string; consulAuth: string } {
  const rng = createRng((seed ^ 0x7e57ab1e) >>> 0);
  return {
    consulToken: rng.uuid(),
    vaultToken: `hvs.${rng.idBody(24)}`,
    encryptKey: Buffer.from(rng.hex(64), 'hex').toString('base64'),
    replicationToken: rng.uuid(),
    consulAuth: `agent:${rng.idBody(12)}`,
  };
}

function agentConfig(ctx: AgentContext): Record<string, unknown> {
  const { state } = ctx;
  const self = selfMember(state);
  const secrets = agentSecrets(ctx.seed);
  const addrs = { HTTP: '0.0.0.0', RPC: '0.0.0.0', Serf: '0.0.0.0' };
  return {
    Region: state.region,
    Datacenter: state.datacenter,
    NodeName: self.Name.replace(`.${state.region}`, ''),
    DataDir: '/opt/cluster/data',
    PluginDir: '/opt/cluster/data/plugins',
    LogLevel: 'INFO',
    LogJson: false,
    BindAddr: '0.0.0.0',
    EnableDebug: state.enableDebug ?? false,
    DevMode: false,
    Ports: { HTTP: HTTP_PORT, RPC: RPC_PORT, Serf: SERF_PORT },
    Addresses: addrs,
    AdvertiseAddrs: { HTTP: `${self.Addr}:${HTTP_PORT}`, RPC: `${self.Addr}:${RPC_PORT}`, Serf: `${self.Addr}:${SERF_PORT}` },
    LeaveOnInt: false,
    LeaveOnTerm: false,
    EnableSyslog: false,
    SyslogFacility: 'LOCAL0',
    DisableUpdateCheck: true,
    Client: {
      Enabled: true,
      StateDir: '/opt/cluster/data/client',
      AllocDir: '/opt/cluster/data/alloc',
      Servers: state.clientServers,
      NodeClass: '',
      NodePool: 'default',
      Options: { 'driver.allowlist': 'docker,exec,raw_exec' },
      Meta: { rack: 'r1' },
      NetworkInterface: 'eth0',
      CpuCompute: state.cores * 2400,
      MemoryMB: 0,
      MaxKillTimeout: '30s',
      GCInterval: 60 * SECOND_NS,
      GCMaxAllocs: 50,
    },
    Server: {
      Enabled: true,
      AuthoritativeRegion: state.region,
      BootstrapExpect: 3,
      DataDir: '/opt/cluster/data/server',
      ProtocolVersion: 0,
      RaftProtocol: 3,
      NumSchedulers: state.cores,
      EnabledSchedulers: ['service', 'batch', 'system', 'sysbatch', '_core'],
      NodeGCThreshold: '24h',
      HeartbeatGrace: 10 * SECOND_NS,
      EncryptKey: secrets.encryptKey,
      ServerJoin: { RetryJoin: state.members.map((m) => m.Addr), RetryMaxAttempts: 0, RetryInterval: 30 * SECOND_NS, StartJoin: [] },
    },
    ACL: {
      Enabled: state.aclsEnabled,
      TokenTTL: 30 * SECOND_NS,
      PolicyTTL: 30 * SECOND_NS,
      RoleTTL: 30 * SECOND_NS,
      ReplicationToken: secrets.replicationToken,
    },
    Consul: {
      ServerServiceName: 'cluster',
      ClientServiceName: 'cluster-client',
      Tags: [],
      AutoAdvertise: true,
      ChecksUseAdvertise: false,
      Addr: '127.0.0.1:8500',
      GRPCAddr: '127.0.0.1:8502',
      Timeout: 5 * SECOND_NS,
      Token: secrets.consulToken,
      Auth: secrets.consulAuth,
      EnableSSL: false,
      VerifySSL: true,
      ServerAutoJoin: true,
      ClientAutoJoin: true,
    },
    Vault: {
      Enabled: true,
      Addr: 'https://vault.service.consul:8200',
      Role: 'cluster-cluster',
      Token: secrets.vaultToken,
      TaskTokenTTL: '72h',
      AllowUnauthenticated: true,
      TLSSkipVerify: false,
      TLSServerName: '',
      ConnectionRetryIntv: 30 * SECOND_NS,
    },
    TLSConfig: {
      EnableHTTP: true,
      EnableRPC: true,
      VerifyServerHostname: true,
      VerifyHTTPSClient: false,
      CAFile: '/etc/cluster.d/tls/ca.pem',
      CertFile: '/etc/cluster.d/tls/server.pem',
      KeyFile: '/etc/cluster.d/tls/server-key.pem',
      RPCUpgradeMode: false,
      TLSMinVersion: 'tls12',
      TLSCipherSuites: '',
    },
    Telemetry: {
      CollectionInterval: '1s',
      UseNodeName: false,
      PublishAllocationMetrics: true,
      PublishNodeMetrics: true,
      PrometheusMetrics: true,
      StatsiteAddr: '',
      StatsdAddr: '',
      DataDogAddr: '',
      DisableHostname: false,
    },
    Limits: { HTTPSHandshakeTimeout: '5s', HTTPMaxConnsPerClient: 100, RPCHandshakeTimeout: '5s', RPCMaxConnsPerClient: 100 },
    Version: { Revision: self.Tags.revision, Version: BUILD_VERSION, VersionPrerelease: '', VersionMetadata: '' },
    Files: ['/etc/cluster.d/server.hcl', '/etc/cluster.d/tls.hcl'],
  };
}

/** Every stat is a string, as the agent renders them (cluster-api.md, Agent: "groups of string values"). */
function agentStats(ctx: AgentContext): Record<string, Record<string, string>> {
  const { state } = ctx;
  const self = selfMember(state);
  const uptimeSeconds = Math.max(1, Math.floor((ctx.clock() - state.startedAt) / 1000));
  const index = 4_000 + uptimeSeconds * 3;
  const voters = state.members.filter((m) => m.Status !== 'left');
  return {
    runtime: {
      arch: 'amd64',
      cpu_count: String(state.cores),
      goroutines: String(140 + (uptimeSeconds % 37)),
      'kernel.name': 'linux',
      max_procs: String(state.cores),
      version: GO_VERSION,
    },
    server: {
      server: 'true',
      leader: 'true',
      leader_addr: `${self.Addr}:${RPC_PORT}`,
      bootstrap: 'false',
      known_regions: '1',
    },
    raft: raftStats(state, index, voters.length),
    client: {
      node_id: localNode(ctx).ID,
      known_servers: [...state.clientServers].sort().join(','),
      num_allocations: '0',
      last_heartbeat: `${(uptimeSeconds % 17) + 0.5}s`,
      heartbeat_ttl: '17.3s',
    },
    gossip: {
      members: String(state.members.length),
      failed: String(state.members.filter((m) => m.Status === 'failed').length),
      left: String(state.members.filter((m) => m.Status === 'left').length),
      health_score: '0',
      member_time: String(3 + state.pruned.length),
      event_time: '1',
      query_time: '1',
      intent_queue: '0',
      event_queue: '0',
      query_queue: '0',
      encrypted: 'true',
      coordinate_resets: '0',
    },
  };
}

function raftStats(state: AgentState, index: number, voters: number): Record<string, string> {
  const configuration = state.members
    .filter((m) => m.Status !== 'left')
    .map((m) => `{Suffrage:Voter ID:${m.Tags.id} Address:${m.Addr}:${RPC_PORT}}`)
    .join(' ');
  return {
    state: 'Leader',
    term: '4',
    applied_index: String(index),
    commit_index: String(index),
    fsm_pending: '0',
    last_contact: '0',
    last_log_index: String(index),
    last_log_term: '4',
    last_snapshot_index: String(index - (index % 8192)),
    last_snapshot_term: '4',
    latest_configuration: `[${configuration}]`,
    latest_configuration_index: '0',
    num_peers: String(Math.max(0, voters - 1)),
    protocol_version: '3',
    protocol_version_max: '3',
    protocol_version_min: '0',
    snapshot_version_max: '1',
    snapshot_version_min: '0',
  };
}
