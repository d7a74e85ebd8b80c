// Agent methods: the local agent's operator endpoints (cluster-api.md, Agent) — gossip members, the client's server
// list, self, health, host data, scheduler workers, join, force-leave and profiling captures saved to a file.
// Records keep the API's own field names (PascalCase for members and host data, snake_case for schedulers).
import type { Fetched } from './lists';
import type { TransferProgress } from './workspace';

/** A gossip pool member (cluster-api.md, Agent records). */
export interface AgentMember {
  Name: string;
  Addr: string;
  Port: number;
  Tags: Record<string, string>;
  /** `alive`, `failed`, `left` (cluster-api.md, Gossip member). */
  Status: string;
  ProtocolMin: number;
  ProtocolMax: number;
  ProtocolCur: number;
  DelegateMin: number;
  DelegateMax: number;
  DelegateCur: number;
}

export interface AgentMembers {
  ServerName: string;
  ServerRegion: string;
  ServerDC: string;
  Members: AgentMember[];
}

/** `config` is the agent's configuration with every credential replaced by `<redacted>` in main. */
export interface AgentSelf {
  config: Record<string, unknown>;
  member: AgentMember;
  /** Groups (`runtime`, `server`, `raft`, `client`, `gossip`) of string values. */
  stats: Record<string, Record<string, string>>;
}

export interface AgentJoinResult {
  /** The gossip library's error text when nothing could be joined; empty otherwise. */
  error: string;
  num_joined: number;
}

export interface AgentHealthCheck {
  message: string;
  ok: boolean;
}

/** A 500 answer is the agent saying it is unhealthy: it arrives as data (`unhealthy: true`), not as an error. */
export interface AgentHealth {
  client?: AgentHealthCheck;
  server?: AgentHealthCheck;
  unhealthy: boolean;
  /** The server's message when unhealthy (the failing checks' messages, or its error text). */
  message?: string;
}

export interface AgentHostData {
  OS: string;
  Network: Array<Record<string, string>>;
  ResolvConf: string;
  Hosts: string;
  Environment: Record<string, string>;
  Disk: Record<string, { DiskMB: number; UsedMB: number }>;
}

export interface AgentHost {
  AgentID: string;
  HostData: AgentHostData;
  /** The spec's caveat, to show beside the data: the agent redacts only the variables it knows. */
  warning: string;
}

export type SchedulerName = 'service' | 'batch' | 'system' | 'sysbatch' | '_core';

export interface SchedulerWorker {
  enabled_schedulers: string[];
  id: string;
  started: string;
  status: string;
  workload_status: string;
}

export interface AgentSchedulers {
  schedulers: SchedulerWorker[];
  server_id: string;
}

export interface SchedulerConfig {
  enabled_schedulers: string[];
  num_schedulers: number;
  server_id: string;
}

export type ProfileKind = 'cmdline' | 'profile' | 'trace' | 'goroutine' | 'heap' | 'allocs' | 'threadcreate' | 'block' | 'mutex';

export interface ProfileCapture {
  /** Where main saved the capture. */
  path: string;
  bytes: number;
  contentType: string;
}

/**
 * Progress of a capture, pushed on the contract's `transfers` stream under the call's `transferId` (phase
 * `downloading` while the agent records, then `done` or `failed`). The extra fields say how far the recording is.
 */
export interface ProfileProgress extends TransferProgress {
  kind: 'profile';
  /** Time since the request went out, capped at `durationMs`. */
  elapsedMs: number;
  /** The recording time asked for (`seconds` × 1000) for `profile` and `trace`; 0 for instant captures. */
  durationMs: number;
}

type Conn = { connectionId: string };
/** Forwarding to another agent: a client node, or a server by id, name or `leader`; never both. */
type AgentTarget = { nodeId?: string; serverId?: string };

export interface AgentMethods {
  'agent.members': { params: Conn; result: Fetched<AgentMembers> };
  /** failed → left; `confirm` must repeat the member name (design.md, invariant 4). */
  'agent.forceLeave': { params: Conn & { node: string; prune?: boolean; confirm: string }; result: void };
  'agent.servers': { params: Conn; result: Fetched<string[]> };
  /** Replaces a client agent's server list; each address is `ip:port`. */
  'agent.setServers': { params: Conn & { addresses: string[] }; result: void };
  'agent.self': { params: Conn; result: Fetched<AgentSelf> };
  'agent.join': { params: Conn & { addresses: string[] }; result: AgentJoinResult };
  'agent.health': { params: Conn; result: Fetched<AgentHealth> };
  'agent.host': { params: Conn & AgentTarget; result: Fetched<AgentHost> };
  'agent.schedulers': { params: Conn; result: Fetched<AgentSchedulers> };
  'agent.schedulerConfig': { params: Conn; result: Fetched<SchedulerConfig> };
  /** The answer is the configuration after applying; it lasts until the next update or a restart. */
  'agent.setSchedulerConfig': { params: Conn & { enabled_schedulers: SchedulerName[]; num_schedulers: number }; result: SchedulerConfig };
  /** Main saves the capture to a file (save dialog or downloads folder); progress goes to `transfers`. */
  'agent.profile': { params: Conn & AgentTarget & { kind: ProfileKind; seconds?: number; debug?: number; transferId: string }; result: ProfileCapture };
}
