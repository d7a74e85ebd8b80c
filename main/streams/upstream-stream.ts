// One upstream HTTP stream shared by every subscriber of the same (connection, stream key) (design.md, Processes and
// layers: streams). It connects, watches heartbeats, reconnects with backoff and resumes, and fans frames out to
// each subscriber's bounded, batched feed.
import type { IncomingMessage } from 'node:http';
import type { StreamBatch, StreamStatus } from '../contract';
import { DEFAULT_MAX_LINE_BYTES, NdjsonSplitter } from './ndjson-splitter';
import { ReconnectBackoff } from './reconnect-backoff';
import { SubscriberFeed, type BatchPolicy } from './subscriber-feed';
import { RecentHistory, type HistoryPolicy } from './recent-history';
import type { Gap, StreamProtocol, StreamTransport, UpstreamSink } from './stream-protocol';

export interface UpstreamOptions<Item> {
  /** Looked up for every attempt. */
  transport: () => StreamTransport;
  /** Read for every connection attempt, so a replaced token applies from the next reconnect. */
  token: () => Promise<string | null>;
  backoff: ReconnectBackoff;
  batch: BatchPolicy;
  /** No frame for this many heartbeat intervals means the connection is dead (design.md: "about 2×"). */
  heartbeatFactor: number;
  /** Longest wait for the response headers. */
  connectTimeoutMs: number;
  /** Consecutive failed attempts after which subscribers see `offline` instead of `reconnecting`. */
  offlineAfterFailures: number;
  /** Recent items replayed to a subscriber that joins a running stream (null = none). */
  history: HistoryPolicy<Item> | null;
  /** Applied to server texts before they reach a subscriber (they may echo a credential). */
  scrub: (text: string) => string;
  /** Called once when the stream is closed or finished, so its owner can forget it. */
  onGone: () => void;
}

const REFUSAL_BODY_BYTES = 4096;
/** Statuses a retry cannot fix: bad parameters, no permission, nothing there. */
const FINAL_STATUSES = new Set([400, 401, 403, 404, 405]);

export class UpstreamStream<Item> {
  private state: StreamStatus = 'connecting';
  private message: string | undefined;
  private readonly feeds = new Set<SubscriberFeed<Item>>();
  private readonly history: RecentHistory<Item> | null;
  private readonly splitter: NdjsonSplitter;
  private body: IncomingMessage | undefined;
  private abort: AbortController | undefined;
  private retryTimer: NodeJS.Timeout | undefined;
  private watchdog: NodeJS.Timeout | undefined;
  private lastDataAt = 0;
  private dropReason: string | undefined;
  private gone = false;
  private label = 'the cluster';
  private started = false;
  private readonly sink: UpstreamSink<Item>;

  constructor(private readonly protocol: StreamProtocol<Item>, private readonly options: UpstreamOptions<Item>) {
    this.history = options.history ? new RecentHistory(options.history) : null;
    this.splitter = new NdjsonSplitter(DEFAULT_MAX_LINE_BYTES, protocol.lineShortcut);
    this.sink = {
      deliver: (item) => {
        this.history?.push(item);
        for (const feed of this.feeds) feed.push(item);
      },
      gap: (gap: Gap) => {
        for (const feed of this.feeds) feed.addGap(gap);
      },
      malformed: (count) => {
        for (const feed of this.feeds) feed.addMalformed(count);
      },
      resync: (reason) => this.dropConnection(reason),
    };
  }

  get status(): StreamStatus {
    return this.state;
  }

  /** True while a response body is held open. */
  get hasOpenConnection(): boolean {
    return this.body !== undefined || this.abort !== undefined;
  }

  get subscriberCount(): number {
    return this.feeds.size;
  }

  get isGone(): boolean {
    return this.gone;
  }

  addSubscriber(subscriptionId: string, emit: (batch: StreamBatch<Item>) => void): SubscriberFeed<Item> {
    const feed = new SubscriberFeed<Item>(subscriptionId, emit, this.options.batch, { status: this.state, message: this.message });
    this.feeds.add(feed);
    for (const item of this.history?.snapshot() ?? []) feed.push(item);
    // The first batch says where the stream stands, even before any item arrives.
    feed.flush();
    if (!this.started) {
      this.started = true;
      void this.connect();
    }
    return feed;
  }

  /** The last subscriber leaving closes the upstream: no connection outlives its windows (design.md, The contract). */
  removeSubscriber(feed: SubscriberFeed<Item>): void {
    feed.close();
    this.feeds.delete(feed);
    if (this.feeds.size === 0) this.close();
  }

  close(): void {
    if (this.gone) return;
    this.gone = true;
    this.clearTimers();
    this.abort?.abort();
    this.abort = undefined;
    this.body?.destroy();
    this.body = undefined;
    for (const feed of this.feeds) feed.close();
    this.feeds.clear();
    this.options.onGone();
  }

  private async connect(): Promise<void> {
    this.retryTimer = undefined;
    if (this.gone) return;
    const abort = new AbortController();
    this.abort = abort;
    let response;
    try {
      const token = await this.options.token();
      if (this.gone || abort.signal.aborted) return;
      const { path, query } = this.protocol.request();
      const transport = this.options.transport();
      this.label = transport.label;
      response = await transport.open({
        method: 'GET',
        path,
        query,
        headers: token ? { 'X-Cluster-Token': token } : {},
        timeoutMs: this.options.connectTimeoutMs,
        signal: abort.signal,
      });
    } catch (error) {
      if (this.abort === abort) this.abort = undefined;
      if (!this.gone) this.retry(`Cannot open ${this.protocol.what}: ${this.options.scrub((error as Error).message)}`);
      return;
    }
    if (this.gone) {
      response.body.destroy();
      return;
    }
    if (response.status !== 200) {
      const text = await readBounded(response.body);
      if (this.abort === abort) this.abort = undefined;
      if (this.gone) return;
      const reason = this.options.scrub(this.protocol.refusal(response.status, text));
      if (FINAL_STATUSES.has(response.status)) this.finish(reason);
      else this.retry(reason, retryAfterMs(response.headers['retry-after']));
      return;
    }
    this.attach(response.body, abort);
  }

  private attach(body: IncomingMessage, abort: AbortController): void {
    this.body = body;
    this.splitter.reset();
    this.protocol.connected();
    this.setState('live');
    this.armWatchdog();
    let cleanEnd = false;
    let healthy = false;
    const onFrame = (frame: Record<string, unknown>, line: string): void => {
      if (this.body !== body || this.dropReason !== undefined) return; // dropped mid-chunk (resync, watchdog)
      if (!this.protocol.frame(frame, line, this.sink)) {
        this.splitter.malformed++;
        onMalformed();
        return;
      }
      if (!healthy) {
        // A frame that parses proves the server serves this stream: backoff starts over (but not for a server
        // that accepts and then sends garbage, which would otherwise reconnect in a tight loop).
        healthy = true;
        this.options.backoff.reset();
      }
    };
    const onMalformed = (): void => {
      if (this.body !== body || this.dropReason !== undefined) return;
      this.sink.malformed(1);
      // Resync at the bad frame itself: frames after it must not move the resume point past what it carried.
      if (this.protocol.resyncOnMalformed) this.dropConnection(`Skipped a malformed frame from ${this.protocol.what}; resuming to fetch what it carried again`);
    };
    body.on('data', (chunk: Buffer) => {
      if (this.body !== body || this.dropReason !== undefined) return;
      this.lastDataAt = Date.now();
      this.splitter.push(chunk, onFrame, onMalformed);
    });
    body.on('end', () => {
      cleanEnd = true;
    });
    body.on('error', () => undefined); // 'close' follows and decides what to do
    body.on('close', () => {
      if (this.body !== body) return;
      this.body = undefined;
      if (this.abort === abort) this.abort = undefined;
      this.stopWatchdog();
      if (this.gone) return;
      if (cleanEnd && this.dropReason === undefined) {
        this.splitter.end(onFrame, () => this.sink.malformed(1));
        const end = this.protocol.cleanEnd();
        if (end.finished) this.finish(end.message);
        else this.retry(`The server closed ${this.protocol.what}`);
        return;
      }
      this.splitter.reset();
      const reason = this.dropReason ?? `The connection to ${this.label} broke during ${this.protocol.what}`;
      this.dropReason = undefined;
      this.retry(reason);
    });
  }

  /** Ends the current connection on purpose; its 'close' handler schedules the resume. */
  private dropConnection(reason: string): void {
    const body = this.body;
    if (!body || this.dropReason !== undefined) return;
    this.dropReason = reason;
    body.destroy();
  }

  private retry(reason: string, atLeastMs = 0): void {
    if (this.gone) return;
    const delay = Math.max(atLeastMs, this.options.backoff.next());
    const offline = this.options.backoff.failures > this.options.offlineAfterFailures;
    const when = delay < 1000 ? 'now' : `in ${Math.round(delay / 1000)} s`;
    this.setState(offline ? 'offline' : 'reconnecting', `${reason}. Reconnecting ${when}.`);
    this.retryTimer = setTimeout(() => void this.connect(), delay);
  }

  /** Nothing more will come (a finished log, a refusal a retry cannot fix): tell everyone, then let go. */
  private finish(message: string): void {
    this.setState('ended', message);
    for (const feed of this.feeds) feed.flush();
    this.close();
  }

  private setState(state: StreamStatus, message?: string): void {
    this.state = state;
    this.message = state === 'live' ? undefined : message;
    for (const feed of this.feeds) feed.setStatus(state, this.message);
  }

  /** One timer per heartbeat interval rather than one per chunk: cheap at thousands of chunks per second. */
  private armWatchdog(): void {
    const interval = this.protocol.heartbeatMs;
    if (interval === null) return;
    const limit = interval * this.options.heartbeatFactor;
    this.lastDataAt = Date.now();
    const check = (): void => {
      const quiet = Date.now() - this.lastDataAt;
      if (quiet >= limit) {
        this.watchdog = undefined;
        this.dropConnection(`No data or heartbeat from ${this.protocol.what} for ${(quiet / 1000).toFixed(1)} s; the connection is presumed dead`);
        return;
      }
      this.watchdog = setTimeout(check, limit - quiet);
    };
    this.watchdog = setTimeout(check, limit);
  }

  private stopWatchdog(): void {
    if (this.watchdog !== undefined) clearTimeout(this.watchdog);
    this.watchdog = undefined;
  }

  private clearTimers(): void {
    this.stopWatchdog();
    if (this.retryTimer !== undefined) clearTimeout(this.retryTimer);
    this.retryTimer = undefined;
  }
}

async function readBounded(body: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  try {
    for await (const chunk of body) {
      chunks.push(chunk as Buffer);
      size += (chunk as Buffer).length;
      if (size >= REFUSAL_BODY_BYTES) break;
    }
  } catch {
    // A refusal whose body broke still has its status.
  }
  body.destroy();
  return Buffer.concat(chunks).toString('utf8').slice(0, REFUSAL_BODY_BYTES).trim();
}

function retryAfterMs(header: string | string[] | undefined): number {
  const value = Array.isArray(header) ? header[0] : header;
  const seconds = Number(value);
  return Number.isFinite(seconds) && seconds > 0 ? Math.min(seconds, 300) * 1000 : 0;
}
