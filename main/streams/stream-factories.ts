// The StreamFactory per cluster stream that create-host registers: validate params, pick the shared upstream by
// key, and hand the subscriber its feed. One StreamManager behind all three.
import type { ClusterEvent, LogChunk, StreamBatch } from '../contract';
import { ClusterEventProtocol } from './cluster-event-protocol';
import { AgentMonitorProtocol, AllocLogProtocol } from './log-stream-protocol';
import { parseStreamParams, streamKey, type UpstreamStreamName } from './stream-params';
import { DEFAULT_TUNING, StreamManager, type StreamManagerDeps, type StreamTuning } from './stream-manager';
import type { StreamFactory } from './subscription-registry';
import type { BatchPolicy } from './subscriber-feed';

export interface StreamFactoryOptions {
  /**
   * Heartbeat interval of the event stream. The simulator's default is 30 s (sim/index.ts, `heartbeatMs`); a
   * connection silent for `heartbeatFactor` times this is presumed dead.
   */
  eventHeartbeatMs: number;
  /** The agent's framer sends `{}` every second on followed logs and the monitor (sim/cluster/agent/README.md). */
  agentHeartbeatMs: number;
  tuning: StreamTuning;
  eventBatch: BatchPolicy;
  /** Log items are chunks of up to 64 KiB, so far fewer are held than events. */
  logBatch: BatchPolicy;
  /** Recent log chunks shown to a second tab that opens the same log while it streams, at most `logHistoryChars` of text. */
  logHistoryChunks: number;
  logHistoryChars: number;
}

export const DEFAULT_STREAM_OPTIONS: StreamFactoryOptions = {
  eventHeartbeatMs: 30_000,
  agentHeartbeatMs: 1_000,
  tuning: DEFAULT_TUNING,
  eventBatch: { intervalMs: 75, maxItems: 1000, bufferItems: 20_000 },
  // A batch goes out at 16 chunks (≤ 1 MiB of text at full speed): bigger batches kept more text alive through V8's
  // young-generation collections, and cost the host a quarter more CPU per byte (bench/streams.bench.ts).
  logBatch: { intervalMs: 75, maxItems: 16, bufferItems: 256 },
  logHistoryChunks: 64,
  // 1 MiB: thousands of lines of context; more kept the host's CPU per byte three times higher (recent-history.ts).
  logHistoryChars: 1024 * 1024,
};

export interface ClusterStreams {
  /** Register these in create-host's `streams` record. */
  factories: Record<UpstreamStreamName, StreamFactory>;
  manager: StreamManager;
}

export function createStreamFactories(deps: StreamManagerDeps, overrides: Partial<StreamFactoryOptions> = {}): ClusterStreams {
  const options: StreamFactoryOptions = { ...DEFAULT_STREAM_OPTIONS, ...overrides };
  const manager = new StreamManager(deps, options.tuning);
  const logHistory = { items: options.logHistoryChunks, maxWeight: options.logHistoryChars, weigh: (chunk: LogChunk) => chunk.text.length };

  const events: StreamFactory = (raw, emit, subscriptionId) => {
    const params = parseStreamParams('events.cluster', raw);
    return manager.open<ClusterEvent, ClusterEventProtocol>({
      connectionId: params.connectionId,
      key: streamKey('events.cluster', params),
      subscriptionId,
      emit: emit as (batch: StreamBatch<ClusterEvent>) => void,
      protocol: () => new ClusterEventProtocol(params, options.eventHeartbeatMs),
      batch: options.eventBatch,
      history: null,
      onJoin: (protocol, feed, joinedRunning) => {
        // A subscriber joining a running upstream gets events from now on. If it says it stands at an older index,
        // the events in between went to the others only: tell it, so it refetches (design.md, Live data).
        const since = params.index ?? 0;
        const upstreamAt = protocol.cursor.lastIndex;
        if (joinedRunning && since > 0 && upstreamAt > since) feed.addGap({ fromIndex: since, toIndex: upstreamAt });
      },
    });
  };

  const allocLogs: StreamFactory = (raw, emit, subscriptionId) => {
    const { connectionId, ...params } = parseStreamParams('logs.alloc', raw);
    return manager.open<LogChunk, AllocLogProtocol>({
      connectionId,
      key: streamKey('logs.alloc', { connectionId, ...params }),
      subscriptionId,
      emit: emit as (batch: StreamBatch<LogChunk>) => void,
      protocol: () => new AllocLogProtocol(params, { heartbeatMs: options.agentHeartbeatMs }),
      batch: options.logBatch,
      history: logHistory,
    });
  };

  const agentLogs: StreamFactory = (raw, emit, subscriptionId) => {
    const { connectionId, ...params } = parseStreamParams('logs.agent', raw);
    return manager.open<LogChunk, AgentMonitorProtocol>({
      connectionId,
      key: streamKey('logs.agent', { connectionId, ...params }),
      subscriptionId,
      emit: emit as (batch: StreamBatch<LogChunk>) => void,
      protocol: () => new AgentMonitorProtocol(params, options.agentHeartbeatMs),
      batch: options.logBatch,
      history: logHistory,
    });
  };

  return { factories: { 'events.cluster': events, 'logs.alloc': allocLogs, 'logs.agent': agentLogs }, manager };
}
