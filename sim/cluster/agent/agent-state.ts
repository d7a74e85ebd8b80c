// The mutable state of the simulated local agent: a combined server + client (like a small production server that
// also runs workloads), its gossip pool, the client's server list, health, profiling switches and scheduler workers.
import { createRng, type Rng } from '../../rng';
import type { ClusterLookup } from '../../types';

export type MemberStatus = 'alive' | 'failed' | 'left';

/** A gossip member exactly as `/v1/agent/members` lists it (cluster-api.md, Agent records). */
export interface Member {
  Name: string;
  Addr: string;
  Port: number;
  Tags: Record<string, string>;
  Status: MemberStatus;
  ProtocolMin: number;
  ProtocolMax: number;
  ProtocolCur: number;
  DelegateMin: number;
  DelegateMax: number;
  DelegateCur: number;
}

export interface SchedulerWorker {
  id: string;
  started: string;
}

export const ALL_SCHEDULERS = ['service', 'batch', 'system', 'sysbatch', '_core'] as const;

export const BUILD_VERSION = '1.9.3';
export const GO_VERSION = 'go1.22.7';
export const SERF_PORT = 4648;
export const RPC_PORT = 4647;
export const HTTP_PORT = 4646;

export interface AgentState {
  region: string;
  datacenter: string;
  /** Logical CPUs of the simulated host; also the upper bound of `num_schedulers`. */
  cores: number;
  startedAt: number;
  /** The gossip pool; `members[0]` is this agent, which is also the raft leader. */
  members: Member[];
  /** Members removed by `force-leave&prune=true`, kept so `resetMembers` and `join` can bring them back. */
  pruned: Member[];
  /** The client's list of known servers (`ip:port` RPC addresses). */
  clientServers: string[];
  /** Server health; false answers `/v1/agent/health` with 500 as when there is no leader. */
  serverHealth: { ok: boolean; message: string };
  /** `enable_debug` of the agent config; undefined means "unset" (cluster-api.md, Profiling availability). */
  enableDebug: boolean | undefined;
  /**
   * Whether the agent enforces ACLs. The simulator issues tokens, so this is on; switching it off (tests of the
   * profiling table) makes the agent endpoints skip the token check as an agent without ACLs does.
   */
  aclsEnabled: boolean;
  schedulers: { enabled: string[]; num: number; workers: SchedulerWorker[] };
  /** Local client node id, used when the cluster lists no nodes yet. */
  fallbackNodeId: string;
  rng: Rng;
}

export function createAgentState(seed: number, lookup: ClusterLookup, now: number): AgentState {
  // A separate stream from the cluster's own generator, so adding agent fields never reshuffles the estate.
  const rng = createRng((seed ^ 0x5a17a9e7) >>> 0);
  const startedAt = now - rng.int(2, 72) * 3_600_000;
  const state: AgentState = {
    region: lookup.region,
    datacenter: lookup.datacenter,
    cores: 8,
    startedAt,
    members: [],
    pruned: [],
    clientServers: [],
    serverHealth: { ok: true, message: 'ok' },
    enableDebug: undefined,
    aclsEnabled: true,
    schedulers: { enabled: [...ALL_SCHEDULERS], num: 8, workers: [] },
    fallbackNodeId: rng.uuid(),
    rng,
  };
  resetMembers(state, seed);
  state.clientServers = state.members.map((m) => `${m.Addr}:${RPC_PORT}`).sort();
  resizeWorkers(state, startedAt);
  return state;
}

/** Three servers, the third `failed` so that force-leave can be demonstrated; deterministic for a seed. */
export function resetMembers(state: AgentState, seed: number): void {
  const rng = createRng((seed ^ 0x0badf00d) >>> 0);
  const statuses: MemberStatus[] = ['alive', 'alive', 'failed'];
  state.members = statuses.map((Status, i) => {
    const addr = `10.0.0.${11 + i}`;
    return {
      Name: `server-${i + 1}.${state.region}`,
      Addr: addr,
      Port: SERF_PORT,
      Tags: {
        role: 'server',
        region: state.region,
        dc: state.datacenter,
        build: BUILD_VERSION,
        revision: rng.hex(40),
        vsn: '1',
        mvn: '1',
        raft_vsn: '3',
        port: String(RPC_PORT),
        expect: '3',
        id: rng.uuid(),
        rpc_addr: addr,
      },
      Status,
      ProtocolMin: 1,
      ProtocolMax: 5,
      ProtocolCur: 2,
      DelegateMin: 2,
      DelegateMax: 5,
      DelegateCur: 4,
    };
  });
  state.pruned = [];
}

export function selfMember(state: AgentState): Member {
  return state.members[0];
}

/** Finds a server the way the agent forwards requests: by member name or by its `id` tag; `leader` is this agent. */
export function findServer(state: AgentState, serverId: string): Member | undefined {
  if (serverId === 'leader') return selfMember(state);
  return state.members.find((m) => m.Name === serverId || m.Tags.id === serverId);
}

/** Rebuilds the worker list after a config change, keeping existing workers' ids and start times. */
export function resizeWorkers(state: AgentState, now: number): void {
  const { workers } = state.schedulers;
  while (workers.length > state.schedulers.num) workers.pop();
  // Workers start a few milliseconds apart, as the server starts them one after another.
  for (let i = 0; workers.length < state.schedulers.num; i++) {
    workers.push({ id: state.rng.uuid(), started: new Date(now + i * 7).toISOString() });
  }
}
