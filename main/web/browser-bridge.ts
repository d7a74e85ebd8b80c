// `window.quarterdeck` over the browser-mode WebSocket: the same { invoke, subscribe } as the preload, so the
// renderer never knows which shell it runs in (design.md, "Processes and layers"). Runs in the browser; it
// uses no Node and no DOM types (the socket is injected), so it is also tested in Node with the `ws` client.
import type { BridgeRequest, BridgeResult, QuarterdeckBridge, StreamBatch } from '../contract';

/** The subset of the browser's WebSocket this bridge uses (the `ws` client has the same shape). */
export interface SocketLike {
  readonly readyState: number;
  send(data: string): void;
  close(): void;
  onopen: ((event: unknown) => void) | null;
  onmessage: ((event: { data: unknown }) => void) | null;
  onclose: ((event: unknown) => void) | null;
  onerror: ((event: unknown) => void) | null;
}

export interface SocketBridgeOptions {
  connect(): SocketLike;
  newId?: () => string;
  schedule?: (run: () => void, ms: number) => void;
  random?: () => number;
}

type AnyBatch = StreamBatch<unknown>;
type Answer = (result: BridgeResult<unknown>) => void;

interface Subscription {
  stream: string;
  params: unknown;
  onBatch: (batch: AnyBatch) => void;
}

const RETRY_BASE_MS = 250;
const RETRY_CAP_MS = 5_000;

const UNREACHABLE: BridgeResult<never> = {
  ok: false,
  error: {
    code: 'unreachable',
    message: 'Lost the connection to the Quarterdeck host (browser mode). It reconnects by itself; try again in a moment.',
  },
};

function statusBatch(subscriptionId: string, status: 'reconnecting' | 'ended', message: string): AnyBatch {
  return { subscriptionId, status, items: [], dropped: 0, malformed: 0, message };
}

export function createSocketBridge(opts: SocketBridgeOptions): QuarterdeckBridge & { close(): void } {
  const newId = opts.newId ?? (() => crypto.randomUUID());
  const schedule = opts.schedule ?? ((run, ms) => void setTimeout(run, ms));
  const random = opts.random ?? Math.random;

  let socket: SocketLike | null = null;
  let isOpen = false;
  let attempts = 0;
  let stopped = false;
  let nextRequestId = 1;
  /** Sent and awaiting an answer; `invoke` answers are failed on disconnect, stream requests are redone. */
  const pending = new Map<number, { answer: Answer; kind: BridgeRequest['kind'] }>();
  /** Invokes made while disconnected, sent on the next open. */
  const queued: Array<{ request: BridgeRequest; answer: Answer }> = [];
  const subscriptions = new Map<string, Subscription>();

  const transmit = (request: BridgeRequest, answer: Answer): void => {
    const id = nextRequestId++;
    pending.set(id, { answer, kind: request.kind });
    socket?.send(JSON.stringify({ id, ...request }));
  };

  const subscribeUpstream = (subscriptionId: string, sub: Subscription): void => {
    transmit({ kind: 'subscribe', stream: sub.stream, params: sub.params, subscriptionId }, (result) => {
      if (!result.ok && subscriptions.delete(subscriptionId)) {
        sub.onBatch(statusBatch(subscriptionId, 'ended', result.error.message));
      }
    });
  };

  const onMessage = (data: unknown): void => {
    let message: { id?: unknown; result?: unknown; type?: unknown; batch?: AnyBatch };
    try {
      message = JSON.parse(String(data)) as typeof message;
    } catch {
      return; // the server only sends JSON; anything else is ignored rather than crashing the page
    }
    if (message.type === 'batch' && message.batch) {
      subscriptions.get(message.batch.subscriptionId)?.onBatch(message.batch);
      return;
    }
    if (typeof message.id !== 'number') return;
    const entry = pending.get(message.id);
    pending.delete(message.id);
    entry?.answer(message.result as BridgeResult<unknown>);
  };

  const onClosed = (): void => {
    isOpen = false;
    socket = null;
    for (const [id, entry] of pending) {
      pending.delete(id);
      // The host ended this socket's session: invokes fail visibly, streams are resumed after reconnecting.
      if (entry.kind === 'invoke') entry.answer(UNREACHABLE);
    }
    if (stopped) return;
    for (const [id, sub] of subscriptions) {
      sub.onBatch(statusBatch(id, 'reconnecting', 'Lost the connection to the Quarterdeck host; reconnecting.'));
    }
    // Capped exponential backoff with jitter, as for upstream streams (design.md, "Live data").
    const delay = Math.min(RETRY_CAP_MS, RETRY_BASE_MS * 2 ** attempts) * (0.5 + random() / 2);
    attempts++;
    schedule(open, delay);
  };

  function open(): void {
    if (stopped) return;
    const current = opts.connect();
    socket = current;
    current.onopen = () => {
      if (socket !== current) return;
      isOpen = true;
      attempts = 0;
      for (const [id, sub] of subscriptions) subscribeUpstream(id, sub);
      for (const { request, answer } of queued.splice(0)) transmit(request, answer);
    };
    current.onmessage = (event) => {
      if (socket === current) onMessage(event.data);
    };
    current.onclose = () => {
      if (socket === current) onClosed();
    };
    current.onerror = () => undefined; // a close event always follows
  }

  const send = (request: BridgeRequest): Promise<BridgeResult<unknown>> =>
    new Promise((answer) => {
      if (isOpen) transmit(request, answer);
      else queued.push({ request, answer });
    });

  open();

  const bridge = {
    invoke: (method: string, params: unknown) => send({ kind: 'invoke', method, params }),
    subscribe(stream: string, params: unknown, onBatch: (batch: AnyBatch) => void): () => void {
      const subscriptionId = newId();
      const sub = { stream, params, onBatch };
      subscriptions.set(subscriptionId, sub);
      // While disconnected, the next open subscribes every recorded subscription.
      if (isOpen) subscribeUpstream(subscriptionId, sub);
      return () => {
        if (!subscriptions.delete(subscriptionId) || !isOpen) return;
        transmit({ kind: 'unsubscribe', subscriptionId }, () => undefined);
      };
    },
    close(): void {
      stopped = true;
      socket?.close();
    },
  };
  return bridge as QuarterdeckBridge & { close(): void };
}
