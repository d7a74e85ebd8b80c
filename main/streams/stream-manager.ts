// Keeps one UpstreamStream per (connection, stream key) and hands each subscriber its own feed of it
// (design.md, Processes and layers: "one upstream per (connection, stream); fan-out to subscribers").
import type { StreamBatch } from '../contract';
import { DEFAULT_BACKOFF, ReconnectBackoff, type BackoffOptions } from './reconnect-backoff';
import type { StreamProtocol, StreamTransport } from './stream-protocol';
import type { StreamSource } from './subscription-registry';
import type { BatchPolicy, SubscriberFeed } from './subscriber-feed';
import { UpstreamStream } from './upstream-stream';
import type { HistoryPolicy } from './recent-history';

export interface StreamManagerDeps {
  /** The connection's transport (TLS settings included). Throws a HostError for an unknown or non-cluster connection. */
  transportFor(connectionId: string): StreamTransport;
  /** The connection's token, or null; read on every (re)connect so a replaced token applies. */
  tokenFor(connectionId: string): Promise<string | null>;
  /** Removes credentials from server texts before they reach a subscriber (SecretScrubber.scrub). */
  scrub?: (text: string) => string;
}

export interface StreamTuning {
  backoff: BackoffOptions;
  heartbeatFactor: number;
  connectTimeoutMs: number;
  offlineAfterFailures: number;
}

export const DEFAULT_TUNING: StreamTuning = { backoff: DEFAULT_BACKOFF, heartbeatFactor: 2, connectTimeoutMs: 15_000, offlineAfterFailures: 3 };

export interface OpenRequest<Item, P extends StreamProtocol<Item>> {
  connectionId: string;
  key: string;
  subscriptionId: string;
  emit: (batch: StreamBatch<Item>) => void;
  /** Builds the protocol when no upstream for `key` runs yet. */
  protocol: () => P;
  batch: BatchPolicy;
  /** What a subscriber joining the running upstream is shown first; null for none. */
  history: HistoryPolicy<Item> | null;
  /** Runs after the subscriber's feed exists; `joinedRunning` is false for the subscriber that opened the upstream. */
  onJoin?: (protocol: P, feed: SubscriberFeed<Item>, joinedRunning: boolean) => void;
}

interface Entry {
  upstream: UpstreamStream<unknown>;
  protocol: StreamProtocol<unknown>;
}

export class StreamManager {
  private readonly upstreams = new Map<string, Entry>();

  constructor(private readonly deps: StreamManagerDeps, private readonly tuning: StreamTuning = DEFAULT_TUNING) {}

  open<Item, P extends StreamProtocol<Item>>(request: OpenRequest<Item, P>): StreamSource {
    const connectionId = request.connectionId;
    // Fails now, inside subscribe, for an unknown connection: the caller gets an error instead of a dead stream.
    this.deps.transportFor(connectionId);
    let entry = this.upstreams.get(request.key);
    const joinedRunning = entry !== undefined;
    if (!entry) {
      const protocol = request.protocol();
      const scrub = this.deps.scrub ?? ((text: string) => text);
      const created: Entry = {
        protocol: protocol as StreamProtocol<unknown>,
        upstream: new UpstreamStream<unknown>(protocol as StreamProtocol<unknown>, {
          // Looked up per attempt, so an edited address or CA file applies from the next reconnect.
          transport: () => this.deps.transportFor(connectionId),
          token: () => this.deps.tokenFor(connectionId),
          backoff: new ReconnectBackoff(this.tuning.backoff),
          batch: request.batch,
          heartbeatFactor: this.tuning.heartbeatFactor,
          connectTimeoutMs: this.tuning.connectTimeoutMs,
          offlineAfterFailures: this.tuning.offlineAfterFailures,
          history: request.history as HistoryPolicy<unknown> | null,
          scrub,
          onGone: () => {
            if (this.upstreams.get(request.key) === created) this.upstreams.delete(request.key);
          },
        }),
      };
      entry = created;
      this.upstreams.set(request.key, entry);
    }
    const upstream = entry.upstream as UpstreamStream<Item>;
    const feed = upstream.addSubscriber(request.subscriptionId, request.emit);
    request.onJoin?.(entry.protocol as P, feed, joinedRunning);
    let closed = false;
    return {
      close: () => {
        if (closed) return;
        closed = true;
        upstream.removeSubscriber(feed);
      },
    };
  }

  /** Upstreams alive; each holds at most one connection. A window that closed must leave this at zero. */
  upstreamCount(): number {
    return this.upstreams.size;
  }

  /** Upstreams holding a connection or a connection attempt right now. */
  openConnectionCount(): number {
    let n = 0;
    for (const { upstream } of this.upstreams.values()) if (upstream.hasOpenConnection) n++;
    return n;
  }

  closeAll(): void {
    for (const { upstream } of [...this.upstreams.values()]) upstream.close();
    this.upstreams.clear();
  }
}
