// Decodes log StreamFrames `{Offset, Data (Base64), FileEvent}` (cluster-api.md, Agent records: Log frame) into text.
// The agent cuts frames at byte limits, inside multi-byte characters too, so the bytes of consecutive frames are
// decoded as one stream: the incomplete character at a frame's end waits for the next frame and comes out whole.
import { utf8Text } from './utf8-text';

export interface LogFrame {
  Offset: number;
  Data?: string;
  /** `Data` already decoded, by the line shortcut (log-frame-shortcut.ts); takes the place of `Data`. */
  DataBytes?: Buffer;
  FileEvent?: string;
}

export type LogFrameResult =
  /** Text decoded from the frame's new bytes; `offset` is the position of the first of them. */
  | { kind: 'data'; offset: number; text: string }
  /** A frame with no new bytes: a repeat of data already decoded (after a resume) or a file event. */
  | { kind: 'empty'; fileEvent: string }
  /** The frame starts past the next expected byte: bytes in between were never received. */
  | { kind: 'gap'; expected: number; offset: number }
  | { kind: 'malformed' };

export function isLogFrame(frame: Record<string, unknown>): frame is Record<string, unknown> & LogFrame {
  return (
    typeof frame.Offset === 'number' &&
    Number.isInteger(frame.Offset) &&
    frame.Offset >= 0 &&
    (frame.Data === undefined || typeof frame.Data === 'string') &&
    (frame.FileEvent === undefined || typeof frame.FileEvent === 'string')
  );
}

export interface LogFrameDecoderOptions {
  /**
   * Whether `Offset` is a real file position. Task logs: yes, frames tile the file. The agent monitor: no, its
   * frames all say 0 (sim/cluster/agent/README.md, "Monitor frames carry no offset"), so positions are counted here.
   */
  trackOffsets: boolean;
}

export class LogFrameDecoder {
  /** Position of the next byte expected: where a resumed stream starts (`origin=start&offset=`). */
  nextOffset: number | null = null;
  /** The first bytes of a character cut at the end of the previous frame (at most 3). */
  private pending: Buffer | null = null;
  private counted = 0;

  constructor(private readonly options: LogFrameDecoderOptions) {}

  decode(frame: Record<string, unknown>): LogFrameResult {
    if (!isLogFrame(frame)) return { kind: 'malformed' };
    // Only the shortcut makes a Buffer; a `DataBytes` key in a server's JSON is just an unknown key.
    let bytes = Buffer.isBuffer(frame.DataBytes) ? frame.DataBytes : Buffer.from(frame.Data ?? '', 'base64');
    if (bytes.length === 0) return { kind: 'empty', fileEvent: frame.FileEvent ?? '' };
    if (!this.options.trackOffsets) {
      const offset = this.counted;
      this.counted += bytes.length;
      return { kind: 'data', offset, text: this.text(bytes) };
    }
    let offset = frame.Offset;
    if (this.nextOffset !== null) {
      if (offset > this.nextOffset) return { kind: 'gap', expected: this.nextOffset, offset };
      if (offset < this.nextOffset) {
        // A resumed request overlapping what was already decoded: keep only the bytes not seen yet.
        const seen = this.nextOffset - offset;
        if (seen >= bytes.length) return { kind: 'empty', fileEvent: frame.FileEvent ?? '' };
        bytes = bytes.subarray(seen);
        offset = this.nextOffset;
      }
    }
    this.nextOffset = offset + bytes.length;
    return { kind: 'data', offset, text: this.text(bytes) };
  }

  /**
   * Accepts a gap the server really has (e.g. the start of the file was rotated away): the partial character
   * held from before the gap can never be completed, so it is flushed as U+FFFD and decoding restarts at `offset`.
   */
  skipTo(offset: number): string {
    // As a streaming TextDecoder's final flush: an incomplete character becomes one U+FFFD.
    const tail = this.pending ? '\uFFFD' : '';
    this.pending = null;
    this.nextOffset = offset;
    return tail;
  }

  /** A new connection that cannot resume (the monitor has no backlog): drop any half character held. */
  restart(): void {
    this.pending = null;
  }

  /**
   * utf8Text instead of a streaming TextDecoder: several times faster on the mostly-ASCII text of logs
   * (bench/streams.bench.ts), with the cut character carried over by hand.
   */
  private text(bytes: Buffer): string {
    let buf = bytes;
    if (this.pending) {
      buf = Buffer.concat([this.pending, bytes]);
      this.pending = null;
    }
    const complete = completeUtf8Length(buf);
    if (complete < buf.length) {
      this.pending = Buffer.from(buf.subarray(complete));
      buf = buf.subarray(0, complete);
    }
    return utf8Text(buf);
  }
}

/**
 * The length of `bytes` without an incomplete UTF-8 sequence at its end: a lead byte among the last three bytes
 * whose sequence needs more bytes than follow it. Invalid bytes are left in, to come out as U+FFFD.
 */
export function completeUtf8Length(bytes: Uint8Array): number {
  const n = bytes.length;
  for (let back = 1; back <= Math.min(3, n); back++) {
    const byte = bytes[n - back];
    if ((byte & 0xc0) === 0x80) continue; // a continuation byte: look further back for its lead
    const need = byte >= 0xf0 ? (byte <= 0xf4 ? 4 : 1) : byte >= 0xe0 ? 3 : byte >= 0xc2 ? 2 : 1;
    return need > back ? n - back : n;
  }
  return n;
}

/** The brief's name for the same thing. */
export { LogFrameDecoder as Base64LogDecoder };
