// Log streams of StreamFrames: a task's stdout/stderr (`/v1/client/fs/logs/:alloc`, resumed by byte offset) and the
// agent monitor (`/v1/agent/monitor`, live lines only, nothing to resume) — cluster-api.md, Agent; the simulator
// issue for the task logs, which lie outside the spec.
import type { AgentLogParams, AllocLogParams, LogChunk } from '../contract';
import { LogFrameDecoder } from './log-frame-decoder';
import { createLogFrameShortcut } from './log-frame-shortcut';
import type { StreamProtocol, UpstreamSink } from './stream-protocol';

abstract class LogStreamProtocol implements StreamProtocol<LogChunk> {
  abstract readonly what: string;
  abstract readonly heartbeatMs: number | null;
  /** Whether the server can send a malformed frame's bytes again (task logs, by offset) or not (the monitor). */
  abstract readonly resyncOnMalformed: boolean;
  /** This stream's own: it decodes into a buffer reused from frame to frame. */
  readonly lineShortcut = createLogFrameShortcut();
  protected readonly decoder: LogFrameDecoder;
  protected firstFrame = true;

  constructor(trackOffsets: boolean) {
    this.decoder = new LogFrameDecoder({ trackOffsets });
  }

  abstract request(): ReturnType<StreamProtocol<LogChunk>['request']>;
  abstract cleanEnd(): ReturnType<StreamProtocol<LogChunk>['cleanEnd']>;
  abstract refusal(status: number, body: string): string;

  connected(): void {
    this.firstFrame = true;
  }

  frame(frame: Record<string, unknown>, _line: string, sink: UpstreamSink<LogChunk>): boolean {
    if (frame.Offset === undefined && frame.Data === undefined && frame.FileEvent === undefined) return true; // `{}` heartbeat
    const first = this.firstFrame;
    this.firstFrame = false;
    let result = this.decoder.decode(frame);
    if (result.kind === 'gap') {
      if (!first) {
        // Mid-connection, a jump means a frame was lost on the way (a malformed line): the server still has it.
        sink.resync(`Lost a frame of ${this.what} at byte ${result.expected}; resuming from there`);
        return true;
      }
      // The first frame of a resumed request starts later than asked: the server no longer has those bytes.
      const tail = this.decoder.skipTo(result.offset);
      if (tail) sink.deliver({ offset: result.expected, text: tail });
      sink.gap({ fromIndex: result.expected, toIndex: result.offset });
      result = this.decoder.decode(frame);
    }
    if (result.kind === 'malformed') return false;
    // A frame may hold only the first byte of a character; its text arrives with the next frame.
    if (result.kind === 'data' && result.text.length > 0) sink.deliver({ offset: result.offset, text: result.text });
    return true;
  }
}

export interface AllocLogOptions {
  heartbeatMs: number;
}

export class AllocLogProtocol extends LogStreamProtocol {
  readonly what: string;
  /**
   * Resume at the bad frame rather than wait for the offset jump on the next one: a bad first or last frame has no
   * next frame to reveal it (regression: a malformed first frame made the second one look like the log's start,
   * dropping its bytes silently; stream.resilience.test.ts).
   */
  readonly resyncOnMalformed = true;
  readonly heartbeatMs: number | null;

  constructor(private readonly params: Omit<AllocLogParams, 'connectionId'>, options: AllocLogOptions) {
    super(true);
    this.what = `the ${params.type} of task "${params.task}" in allocation ${params.allocId.slice(0, 8)}`;
    // A log read to its end gets no heartbeats; only a followed one does.
    this.heartbeatMs = params.follow ? options.heartbeatMs : null;
  }

  request() {
    const next = this.decoder.nextOffset;
    // Frames tile the file (Offset = position of the first byte), so a resume asks for the next byte exactly.
    const position = next === null ? { origin: this.params.origin, offset: this.params.offset } : { origin: 'start', offset: next };
    return {
      path: `/v1/client/fs/logs/${encodeURIComponent(this.params.allocId)}`,
      query: { task: this.params.task, type: this.params.type, follow: this.params.follow, ...position },
    };
  }

  cleanEnd() {
    if (this.params.follow) return { finished: false } as const;
    return { finished: true, message: `Reached the end of ${this.what}.` } as const;
  }

  refusal(status: number, body: string): string {
    const server = body ? ` (${status} ${body.slice(0, 200)})` : ` (${status})`;
    if (status === 403 || status === 401) return `The cluster refused ${this.what}${server}. Reading task logs needs namespace:read-logs; use a token that has it.`;
    if (status === 404) return `Cannot read ${this.what}${server}: the allocation is gone or was garbage-collected.`;
    if (status === 400) return `Cannot read ${this.what}${server}. Check the task name and log type.`;
    return `Reading ${this.what} failed${server}`;
  }
}

export class AgentMonitorProtocol extends LogStreamProtocol {
  readonly what: string;
  /** The monitor has no backlog: reconnecting cannot bring a bad frame's lines back, so it is skipped and counted. */
  readonly resyncOnMalformed = false;
  private connections = 0;

  constructor(private readonly params: Omit<AgentLogParams, 'connectionId'>, readonly heartbeatMs: number) {
    // Monitor frames carry Offset 0 (sim/cluster/agent/README.md): positions are counted, not read.
    super(false);
    const target = params.nodeId ? `node ${params.nodeId.slice(0, 8)}` : params.serverId ? `server ${params.serverId}` : 'the agent';
    this.what = `the log monitor of ${target}`;
  }

  request() {
    return {
      path: '/v1/agent/monitor',
      query: { log_level: this.params.logLevel, log_json: this.params.logJson, node_id: this.params.nodeId, server_id: this.params.serverId },
    };
  }

  override connected(): void {
    super.connected();
    // The monitor has no backlog: a new connection starts with fresh lines, so a half character held from the
    // old one can never be completed.
    if (this.connections++ > 0) this.decoder.restart();
  }

  cleanEnd() {
    return { finished: false } as const;
  }

  refusal(status: number, body: string): string {
    const server = body ? ` (${status} ${body.slice(0, 200)})` : ` (${status})`;
    if (status === 403 || status === 401) return `The cluster refused ${this.what}${server}. Streaming agent logs needs agent:read; use a token that has it.`;
    if (status === 404) return `Cannot stream ${this.what}${server}: the node is unknown.`;
    if (status === 400) return `Cannot stream ${this.what}${server}. Check the log level and target (a node or a server, not both).`;
    return `Streaming ${this.what} failed${server}`;
  }
}
