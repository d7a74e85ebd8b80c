// What differs between the event stream, task logs and the agent monitor, behind one interface, so UpstreamStream
// holds only what they share: connecting, heartbeats, reconnects and fan-out.
import type { HttpRequest, StreamResponse } from '../clients/http/transport';
import type { LineShortcut } from './ndjson-splitter';
import type { Gap } from './subscriber-feed';

/** The part of HttpTransport a stream needs; tests may wrap it to count open bodies. */
export interface StreamTransport {
  readonly label: string;
  open(req: HttpRequest): Promise<StreamResponse>;
}

/** Where a protocol sends what it made of a frame. */
export interface UpstreamSink<Item> {
  deliver(item: Item): void;
  gap(gap: Gap): void;
  malformed(count: number): void;
  /** Data the server still holds was lost on this connection: reconnect now and resume before it. */
  resync(reason: string): void;
}

export interface StreamProtocol<Item> {
  /** For messages: "the event stream", "stdout of task web in allocation 5f1c…". */
  readonly what: string;
  /** Expected heartbeat interval; null when the server sends none (a log read to its end). */
  readonly heartbeatMs: number | null;
  /** Whether a frame that could not be parsed may have carried data the server can send again. */
  readonly resyncOnMalformed: boolean;
  /** Optional: reads the protocol's usual frame shape straight from a line's bytes (faster than JSON.parse). */
  readonly lineShortcut?: LineShortcut;
  /** Path and query of the next request, resuming after what was already received. */
  request(): Pick<HttpRequest, 'path' | 'query'>;
  /** A connection was accepted (200); its frames follow. */
  connected(): void;
  /** One parsed frame; `line` is its raw text. Returns false if it was not a frame of this stream (malformed). */
  frame(frame: Record<string, unknown>, line: string, sink: UpstreamSink<Item>): boolean;
  /** The server ended the body cleanly: is the stream finished, or should it be resumed? */
  cleanEnd(): { finished: true; message: string } | { finished: false };
  /** Why the server refused the request, in words a person can act on. */
  refusal(status: number, body: string): string;
}

export type { Gap, StreamResponse };
