// `window.quarterdeck` over Electron IPC: invoke and subscribe, nothing else (design.md, "the ONLY door").
// Takes the ipcRenderer as a parameter so it is tested without Electron; index.ts does the wiring.
import type { BridgeRequest, BridgeResult, QuarterdeckBridge, StreamBatch } from '../main/contract';
import { INVOKE_CHANNEL, STREAM_CHANNEL } from '../main/electron/channels';

export interface IpcRendererLike {
  invoke(channel: string, ...args: unknown[]): Promise<unknown>;
  on(channel: string, listener: (event: unknown, ...args: unknown[]) => void): unknown;
}

type AnyBatch = StreamBatch<unknown>;

function lostResult(): BridgeResult<never> {
  return {
    ok: false,
    error: { code: 'internal', message: 'The request did not reach the Quarterdeck host. Restart the app if this persists.' },
  };
}

/** What a subscriber sees when its stream could not start: a final `ended` batch that says why. */
function endedBatch(subscriptionId: string, message: string): AnyBatch {
  return { subscriptionId, status: 'ended', items: [], dropped: 0, malformed: 0, message };
}

export function createIpcBridge(ipc: IpcRendererLike, newId: () => string = () => crypto.randomUUID()): QuarterdeckBridge {
  const listeners = new Map<string, (batch: AnyBatch) => void>();

  // One listener for all streams; batches are routed by the subscription id the renderer chose.
  ipc.on(STREAM_CHANNEL, (_event, batch) => {
    const id = (batch as AnyBatch | null)?.subscriptionId;
    if (typeof id === 'string') listeners.get(id)?.(batch as AnyBatch);
  });

  const send = async (request: BridgeRequest): Promise<BridgeResult<unknown>> => {
    try {
      return (await ipc.invoke(INVOKE_CHANNEL, request)) as BridgeResult<unknown>;
    } catch {
      return lostResult();
    }
  };

  const bridge = {
    invoke: (method: string, params: unknown) => send({ kind: 'invoke', method, params }),
    subscribe(stream: string, params: unknown, onBatch: (batch: AnyBatch) => void): () => void {
      const subscriptionId = newId();
      // Listen before asking, so a batch that races the reply is not lost.
      listeners.set(subscriptionId, onBatch);
      void send({ kind: 'subscribe', stream, params, subscriptionId }).then((result) => {
        if (!result.ok && listeners.delete(subscriptionId)) onBatch(endedBatch(subscriptionId, result.error.message));
      });
      return () => {
        if (!listeners.delete(subscriptionId)) return;
        void send({ kind: 'unsubscribe', subscriptionId });
      };
    },
  };
  return bridge as QuarterdeckBridge;
}
