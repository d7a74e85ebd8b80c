// The one door between renderer and host: `window.quarterdeck`, identical in the desktop app and in browser mode.
import type { BridgeResult } from './errors';
import type { MethodName, MethodParams, MethodResult } from './methods';
import type { StreamBatch, StreamItem, StreamName, StreamParams } from './streams';

export interface QuarterdeckBridge {
  invoke<M extends MethodName>(method: M, params: MethodParams<M>): Promise<BridgeResult<MethodResult<M>>>;
  /** Starts a stream; batches arrive through `onBatch`. The returned function unsubscribes. */
  subscribe<S extends StreamName>(stream: S, params: StreamParams<S>, onBatch: (batch: StreamBatch<StreamItem<S>>) => void): () => void;
}

/** Wire messages of the single IPC channel / WebSocket. */
export type BridgeRequest =
  | { kind: 'invoke'; method: string; params: unknown }
  | { kind: 'subscribe'; stream: string; params: unknown; subscriptionId: string }
  | { kind: 'unsubscribe'; subscriptionId: string };
