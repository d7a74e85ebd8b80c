// Long-lived streams: their params, items and the batch shape delivered to subscribers.

export type StreamStatus = 'connecting' | 'live' | 'reconnecting' | 'offline' | 'ended';

export interface StreamBatch<Item> {
  subscriptionId: string;
  status: StreamStatus;
  items: Item[];
  /** Items dropped from the bounded buffer since the previous batch. */
  dropped: number;
  /** Frames that could not be parsed since the previous batch (skipped, not fatal). */
  malformed: number;
  /** Set when the upstream skipped ahead past events the subscriber never saw. */
  gap?: { fromIndex: number; toIndex: number };
  /** Set with status `reconnecting`/`offline`/`ended` to say why. */
  message?: string;
}

export interface ClusterEvent {
  Topic: string;
  Type: string;
  Key: string;
  Namespace: string;
  FilterKeys: string[] | null;
  Index: number;
  Payload: Record<string, unknown>;
}

export interface ClusterEventParams {
  connectionId: string;
  /** `Topic` or `Topic:FilterKey`; empty means every topic the token may read. */
  topics: string[];
  namespace: string;
  /** Resume from this index (0 = from the server's buffer start). */
  index?: number;
}

export interface LogChunk {
  /** Byte offset of this chunk in the upstream file or stream. */
  offset: number;
  /** Decoded UTF-8 text; characters split across frames are joined before decoding. */
  text: string;
}

export interface AllocLogParams {
  connectionId: string;
  allocId: string;
  task: string;
  type: 'stdout' | 'stderr';
  follow: boolean;
  origin: 'start' | 'end';
  offset: number;
}

export interface AgentLogParams {
  connectionId: string;
  logLevel: 'trace' | 'debug' | 'info' | 'warn' | 'error';
  logJson: boolean;
  nodeId?: string;
  serverId?: string;
}

import type { ListChange } from './lists';
import type { TransferProgress } from './workspace';
import type { CacheStreams } from './cache';

export interface StreamMap extends CacheStreams {
  /** Dataset changes for one connection; the batch status doubles as the live / reconnecting / offline indicator. */
  'lists.changes': { params: { connectionId: string }; item: ListChange };
  'transfers': { params: { transferId: string }; item: TransferProgress };
  'events.cluster': { params: ClusterEventParams; item: ClusterEvent };
  'logs.alloc': { params: AllocLogParams; item: LogChunk };
  'logs.agent': { params: AgentLogParams; item: LogChunk };
}

export type StreamName = keyof StreamMap;
export type StreamParams<S extends StreamName> = StreamMap[S]['params'];
export type StreamItem<S extends StreamName> = StreamMap[S]['item'];
