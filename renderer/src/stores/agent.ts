// The agent view's data for the active cluster connection: one read slot per agent endpoint (members, servers,
// self, health, host data, schedulers and their config) and the actions (force-leave, replace servers, join,
// scheduler config, profiling). Reads reset when the active connection changes; actions reload what they changed.
import { defineStore } from 'pinia';
import { computed, reactive, ref, shallowRef, watch, type Ref } from 'vue';
import type {
  AgentHost,
  AgentJoinResult,
  AgentMethods,
  Fetched,
  ProfileCapture,
  ProfileKind,
  SchedulerConfig,
  SchedulerName,
} from '../../../main/contract';
import { call, subscribe } from '@/bridge';
import { useConnectionsStore } from './connections';

type ReadMethod = 'agent.members' | 'agent.servers' | 'agent.self' | 'agent.health' | 'agent.schedulers' | 'agent.schedulerConfig';
type ReadValue<M extends ReadMethod> = AgentMethods[M]['result'] extends Fetched<infer T> ? T : never;

/** One endpoint's last answer; a reactive object, so `slot.data` reads the same in scripts and templates. */
export interface AgentRead<T> {
  data: Fetched<T> | null;
  loading: boolean;
  error: unknown;
  load(): Promise<void>;
  reset(): void;
}

function readSlot<T>(fetch: (connectionId: string) => Promise<Fetched<T>>, connectionId: () => string | null): AgentRead<T> {
  const data = shallowRef<Fetched<T> | null>(null);
  const loading = ref(false);
  const error = shallowRef<unknown>(null);
  let generation = 0;
  async function load(): Promise<void> {
    const id = connectionId();
    if (!id) return;
    const mine = ++generation;
    loading.value = true;
    try {
      const fetched = await fetch(id);
      if (mine !== generation) return;
      data.value = fetched;
      error.value = null;
    } catch (caught) {
      if (mine === generation) error.value = caught;
    } finally {
      if (mine === generation) loading.value = false;
    }
  }
  function reset(): void {
    generation++;
    data.value = null;
    error.value = null;
    loading.value = false;
  }
  return reactive({ data, loading, error, load, reset }) as AgentRead<T>;
}

export type AgentTarget = { nodeId?: string; serverId?: string };

export interface ProfileRequest extends AgentTarget {
  kind: ProfileKind;
  seconds?: number;
  debug?: number;
}

export interface ProfileRun {
  request: ProfileRequest;
  phase: 'running' | 'done' | 'failed';
  elapsedMs: number;
  durationMs: number;
  bytes: number;
  message: string;
  capture?: ProfileCapture;
  error?: unknown;
}

export const useAgentStore = defineStore('agent', () => {
  const connections = useConnectionsStore();
  const connectionId = computed(() => (connections.active?.profile.kind === 'cluster' ? connections.active.profile.id : null));
  const current = () => connectionId.value;
  const read = <M extends ReadMethod>(method: M) =>
    readSlot<ReadValue<M>>((id) => call(method, { connectionId: id }) as Promise<Fetched<ReadValue<M>>>, current);

  const members = read('agent.members');
  const servers = read('agent.servers');
  const self = read('agent.self');
  const health = read('agent.health');
  const schedulers = read('agent.schedulers');
  const schedulerConfig = read('agent.schedulerConfig');
  const hostTarget = ref<AgentTarget>({});
  const host = readSlot<AgentHost>((id) => call('agent.host', { connectionId: id, ...hostTarget.value }), current);
  const slots = [members, servers, self, health, schedulers, schedulerConfig, host];

  const profileRuns = ref([]) as Ref<ProfileRun[]>;

  watch(connectionId, () => {
    for (const slot of slots) slot.reset();
    profileRuns.value = [];
  });

  function requireConnection(): string {
    const id = connectionId.value;
    if (!id) throw new Error('No cluster connection is active. Switch to a cluster connection in the sidebar.');
    return id;
  }

  async function forceLeave(node: string, prune: boolean, confirm: string): Promise<void> {
    await call('agent.forceLeave', { connectionId: requireConnection(), node, prune, confirm });
    await members.load();
  }

  async function setServers(addresses: string[]): Promise<void> {
    await call('agent.setServers', { connectionId: requireConnection(), addresses });
    await servers.load();
  }

  async function join(addresses: string[]): Promise<AgentJoinResult> {
    const result = await call('agent.join', { connectionId: requireConnection(), addresses });
    void members.load();
    return result;
  }

  async function setSchedulerConfig(numSchedulers: number, enabled: SchedulerName[]): Promise<SchedulerConfig> {
    const result = await call('agent.setSchedulerConfig', { connectionId: requireConnection(), num_schedulers: numSchedulers, enabled_schedulers: enabled });
    await Promise.all([schedulerConfig.load(), schedulers.load()]);
    return result;
  }

  async function loadHost(target: AgentTarget): Promise<void> {
    hostTarget.value = target;
    await host.load();
  }

  /** Captures a profile; progress arrives on `transfers` under a fresh id while main records and saves it. */
  async function profile(request: ProfileRequest): Promise<ProfileRun> {
    const connection = requireConnection();
    const transferId = `profile-${Date.now()}-${Math.random().toString(36).slice(2, 8)}`;
    const timed = request.kind === 'profile' || request.kind === 'trace';
    const started: ProfileRun = { request, phase: 'running', elapsedMs: 0, durationMs: timed ? (request.seconds ?? 3) * 1000 : 0, bytes: 0, message: 'Sending the request…' };
    profileRuns.value = [started, ...profileRuns.value].slice(0, 10);
    const run = profileRuns.value[0];
    const stop = subscribe('transfers', { transferId }, (batch) => {
      for (const item of batch.items) {
        const progress = item as typeof item & { elapsedMs?: number; durationMs?: number };
        if (run.phase !== 'running') continue;
        run.bytes = progress.bytes;
        if (progress.elapsedMs !== undefined) run.elapsedMs = progress.elapsedMs;
        if (progress.durationMs !== undefined) run.durationMs = progress.durationMs;
        if (progress.message) run.message = progress.message;
      }
    });
    try {
      run.capture = await call('agent.profile', { connectionId: connection, ...request, transferId });
      run.phase = 'done';
      run.bytes = run.capture.bytes;
      run.elapsedMs = run.durationMs;
      run.message = `Saved to ${run.capture.path}`;
    } catch (error) {
      run.phase = 'failed';
      run.error = error;
    } finally {
      stop();
    }
    return run;
  }

  return {
    connectionId,
    members,
    servers,
    self,
    health,
    schedulers,
    schedulerConfig,
    host,
    hostTarget,
    profileRuns,
    forceLeave,
    setServers,
    join,
    setSchedulerConfig,
    loadHost,
    profile,
  };
});
