// Decodes log StreamFrames `{Offset, Data (Base64), FileEvent}` (cluster-api.md, Agent records: Log frame) into text.
// The agent cuts frames at byte limits, inside multi-byte characters too, so the bytes of consecutive frames go
// through one streaming TextDecoder: a character split across two frames comes out whole.

export interface LogFrame {
  Offset: number;
  Data: string;
  FileEvent: string;
}

export type LogFrameResult =
  /** Text decoded from the frame's new bytes; `offset` is the position of the first of them. */
  | { kind: 'data'; offset: number; bytes: Buffer; text: string }
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
  private decoder = new TextDecoder('utf-8');
  private counted = 0;

  constructor(private readonly options: LogFrameDecoderOptions) {}

  decode(frame: Record<string, unknown>): LogFrameResult {
    if (!isLogFrame(frame)) return { kind: 'malformed' };
    const data = frame.Data ?? '';
    if (data.length === 0) return { kind: 'empty', fileEvent: frame.FileEvent ?? '' };
    let bytes = Buffer.from(data, 'base64');
    if (!this.options.trackOffsets) {
      const offset = this.counted;
      this.counted += bytes.length;
      return { kind: 'data', offset, bytes, text: this.text(bytes) };
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
    return { kind: 'data', offset, bytes, text: this.text(bytes) };
  }

  /**
   * Accepts a gap the server really has (e.g. the start of the file was rotated away): the partial character
   * held from before the gap can never be completed, so it is flushed as U+FFFD and decoding restarts at `offset`.
   */
  skipTo(offset: number): string {
    const tail = this.decoder.decode();
    this.decoder = new TextDecoder('utf-8');
    this.nextOffset = offset;
    return tail;
  }

  /** A new connection that cannot resume (the monitor has no backlog): drop any half character held. */
  restart(): void {
    this.decoder = new TextDecoder('utf-8');
  }

  private text(bytes: Buffer): string {
    return this.decoder.decode(bytes, { stream: true });
  }
}

/** The brief's name for the same thing. */
export { LogFrameDecoder as Base64LogDecoder };
