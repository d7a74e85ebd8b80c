// Turns the bytes of a newline-delimited JSON body into frames (cluster-api.md, Event stream: "splitting at each
// newline gives one valid JSON object per frame"). Works on bytes, so a chunk that ends mid-line or mid-character
// is carried over before anything is decoded; bad frames are counted, never thrown.

export type FrameSink = (frame: Record<string, unknown>, line: string) => void;
/** Told of each bad line at its place in the stream, so a caller can stop before the frames that follow it. */
export type MalformedSink = () => void;
/**
 * A protocol's shortcut for its own common frame shape, read straight from the bytes; `undefined` means "not that
 * shape, parse it as JSON". Its frames reach the sink with an empty `line`.
 */
export type LineShortcut = (bytes: Buffer, start: number, end: number) => Record<string, unknown> | undefined;
/** Room first kept for a line that crosses chunks: one 64 KiB log frame, Base64-encoded, with its keys. */
const FIRST_LINE_ROOM = 128 * 1024;

/** Longest line kept by default: a log frame holds at most 64 KiB of data (about 88 KiB once Base64-encoded). */
export const DEFAULT_MAX_LINE_BYTES = 4 * 1024 * 1024;

const NEWLINE = 0x0a;

export class NdjsonSplitter {
  /** Frames that were not a JSON object (parse failures, arrays, scalars) or were cut for length. */
  malformed = 0;
  /** Lines dropped because they grew past `maxLineBytes`; also counted in `malformed`. */
  oversized = 0;
  private carry: Buffer[] = [];
  private carryBytes = 0;
  /**
   * Where a line that crosses chunks is joined, reused from line to line: a new buffer per line (a log frame crosses
   * nearly every time) made glibc hand memory back and fault it in again, which cost more than the copy itself.
   * Sinks copy what they keep (strings, decoded Base64), so the bytes are free again once a line is parsed.
   */
  private line: Buffer | null = null;
  /** True while skipping the rest of an over-long line up to its newline. */
  private discarding = false;
  private onMalformed: MalformedSink | undefined;

  constructor(
    private readonly maxLineBytes = DEFAULT_MAX_LINE_BYTES,
    private readonly shortcut?: LineShortcut,
  ) {}

  /** Feeds one chunk, which must not be changed afterwards; every complete line is parsed and handed to `sink` in order. */
  push(chunk: Uint8Array, sink: FrameSink, onMalformed?: MalformedSink): void {
    this.onMalformed = onMalformed;
    const bytes = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
    let start = 0;
    for (;;) {
      const newline = bytes.indexOf(NEWLINE, start);
      if (newline < 0) break;
      if (this.discarding) {
        this.discarding = false;
      } else if (this.carryBytes > 0) {
        this.carry.push(bytes.subarray(start, newline));
        const length = this.carryBytes + newline - start;
        if (length > this.maxLineBytes) {
          this.clearCarry();
          this.countOversized();
        } else {
          const line = this.joinCarry(length);
          this.parseBytes(line, 0, length, sink);
        }
      } else if (newline - start > this.maxLineBytes) {
        this.countOversized();
      } else if (newline > start) {
        this.parseBytes(bytes, start, newline, sink);
      }
      start = newline + 1;
    }
    if (start < bytes.length && !this.discarding) {
      const rest = bytes.length - start;
      if (this.carryBytes + rest > this.maxLineBytes) {
        // A server that never sends a newline must not grow memory without limit: drop the line, skip to its end.
        this.clearCarry();
        this.countOversized();
        this.discarding = true;
      } else {
        // Held without a copy: a chunk belongs to the splitter once pushed (an HTTP body hands out a fresh buffer
        // per read), and a 64 KiB log frame crosses a chunk boundary nearly every time.
        this.carry.push(bytes.subarray(start));
        this.carryBytes += rest;
      }
    }
  }

  /** The body ended cleanly: a last line without a newline is still a frame. */
  end(sink: FrameSink, onMalformed?: MalformedSink): void {
    this.onMalformed = onMalformed;
    if (this.carryBytes > 0 && !this.discarding) {
      const length = this.carryBytes;
      this.parseBytes(this.joinCarry(length), 0, length, sink);
    }
    this.reset();
  }

  /** The connection broke: a partial line is the torn end of a frame the resumed stream sends again. */
  reset(): void {
    this.clearCarry();
    this.discarding = false;
  }

  /** Bytes held for an unfinished line (bounded by `maxLineBytes`). */
  get pendingBytes(): number {
    return this.carryBytes;
  }

  private parseBytes(bytes: Buffer, start: number, end: number, sink: FrameSink): void {
    const quick = this.shortcut?.(bytes, start, end);
    if (quick) sink(quick, '');
    else this.parse(bytes.toString('utf8', start, end), sink);
  }

  private parse(text: string, sink: FrameSink): void {
    // Tolerate CRLF and blank keep-alive lines; neither is a frame.
    const line = text.endsWith('\r') ? text.slice(0, -1) : text;
    if (line.length === 0) return;
    let value: unknown;
    try {
      value = JSON.parse(line);
    } catch {
      this.countMalformed();
      return;
    }
    if (value === null || typeof value !== 'object' || Array.isArray(value)) {
      this.countMalformed();
      return;
    }
    sink(value as Record<string, unknown>, line);
  }

  private countOversized(): void {
    this.oversized++;
    this.countMalformed();
  }

  private countMalformed(): void {
    this.malformed++;
    this.onMalformed?.();
  }

  /** Copies the carried pieces into the reused line buffer (grown to the longest line, at most maxLineBytes). */
  private joinCarry(length: number): Buffer {
    if (!this.line || this.line.length < length) {
      const grown = this.line ? Math.min(this.maxLineBytes, this.line.length * 2) : FIRST_LINE_ROOM;
      this.line = Buffer.allocUnsafe(Math.max(length, grown));
    }
    let at = 0;
    for (const piece of this.carry) at += piece.copy(this.line, at);
    this.clearCarry();
    return this.line;
  }

  private clearCarry(): void {
    this.carry = [];
    this.carryBytes = 0;
  }
}
