// The log viewer's model: streamed text cut into whole lines, each stamped with its receive time, kept in a bounded
// buffer (the scrollback bound) that counts what it let go. The terminal is only a rendering of this model, so
// filtering, timestamps and wrap can re-render it at any time.

export interface LogLine {
  /** The line as received, ANSI escapes included, without its newline. */
  text: string;
  /** Receive time (ms since epoch); shown as a prefix for lines that carry no timestamp of their own. */
  receivedAt: number;
}

// Colours, cursor moves and OSC titles: everything a terminal would consume without printing.
const ANSI = /\x1b\[[0-?]*[ -/]*[@-~]|\x1b\][^\x07\x1b]*(?:\x07|\x1b\\)|\x1b[@-Z\\-_]/g;

export function stripAnsi(text: string): string {
  return text.indexOf('\x1b') === -1 ? text : text.replace(ANSI, '');
}

/** Columns a line takes once printed: escapes take none; tabs are counted as 8 (xterm's default tab stop). */
const NARROW_PRINTABLE = /^[\x20-\x7e]*$/;

export function displayWidth(text: string): number {
  // Most log lines are plain ASCII: their width is their length.
  if (NARROW_PRINTABLE.test(text)) return text.length;
  const plain = stripAnsi(text);
  let width = 0;
  for (const ch of plain) {
    const code = ch.codePointAt(0) ?? 0;
    if (ch === '\t') width += 8 - (width % 8);
    // East Asian wide characters and emoji take two cells.
    else if (code >= 0x1100 && (code <= 0x115f || (code >= 0x2e80 && code <= 0xa4cf) || (code >= 0xac00 && code <= 0xd7a3) || (code >= 0xf900 && code <= 0xfaff) || (code >= 0xfe30 && code <= 0xfe4f) || (code >= 0xff00 && code <= 0xff60) || (code >= 0xffe0 && code <= 0xffe6) || code >= 0x1f300)) width += 2;
    else width += 1;
  }
  return width;
}

/** Bytes of a string once encoded as UTF-8, without allocating. */
export function utf8Length(text: string): number {
  let bytes = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code < 0x80) bytes += 1;
    else if (code < 0x800) bytes += 2;
    else if (code >= 0xd800 && code <= 0xdbff) {
      bytes += 4;
      i++;
    } else bytes += 3;
  }
  return bytes;
}

export class LogLineBuffer {
  private items: LogLine[] = [];
  /** Text after the last newline, waiting for the rest of its line. */
  private partial = '';
  private partialAt = 0;
  /** Lines let go from the front to keep the bound. */
  trimmed = 0;
  /** The widest line seen, in columns (for no-wrap width); measured only while `trackWidest` is on. */
  widest = 0;
  /** Measuring widths costs a pass over every character, and only "no wrap" needs it. */
  trackWidest = true;

  constructor(readonly maxLines: number) {}

  get lines(): readonly LogLine[] {
    return this.items;
  }

  get length(): number {
    return this.items.length;
  }

  /** Adds streamed text; returns the lines it completed (the part after the last newline waits for more). */
  append(text: string, receivedAt: number): LogLine[] {
    if (text.length === 0) return [];
    const joined = this.partial + text.replace(/\r\n/g, '\n');
    const parts = joined.split('\n');
    const rest = parts.pop() ?? '';
    if (this.partial === '') this.partialAt = receivedAt;
    const done: LogLine[] = [];
    for (let i = 0; i < parts.length; i++) done.push({ text: parts[i], receivedAt: i === 0 ? this.partialAt : receivedAt });
    this.partial = rest;
    if (rest !== '' && parts.length > 0) this.partialAt = receivedAt;
    this.push(done);
    return done;
  }

  /** Puts earlier lines in front (loaded on scroll-up); the bound still holds, so only what fits is kept. */
  prepend(lines: LogLine[]): LogLine[] {
    const room = Math.max(0, this.maxLines - this.items.length);
    const kept = lines.slice(Math.max(0, lines.length - room));
    if (this.trackWidest) for (const line of kept) this.widest = Math.max(this.widest, displayWidth(line.text));
    this.items = kept.concat(this.items);
    return kept;
  }

  /** Completes the pending partial line (the stream ended without a final newline). */
  flush(receivedAt: number): LogLine[] {
    if (this.partial === '') return [];
    const line = { text: this.partial, receivedAt: this.partialAt || receivedAt };
    this.partial = '';
    this.push([line]);
    return [line];
  }

  /** Starts or stops width tracking; starting measures what is already held. */
  setTrackWidest(on: boolean): void {
    if (on && !this.trackWidest) this.widest = this.items.reduce((widest, line) => Math.max(widest, displayWidth(line.text)), 0);
    this.trackWidest = on;
  }

  clear(): void {
    this.items = [];
    this.partial = '';
    this.trimmed = 0;
    this.widest = 0;
  }

  private push(lines: LogLine[]): void {
    if (lines.length === 0) return;
    for (const line of lines) this.items.push(line);
    if (this.trackWidest) for (const line of lines) this.widest = Math.max(this.widest, displayWidth(line.text));
    // Trim in steps of a tenth so a full buffer does not copy itself on every batch.
    if (this.items.length > this.maxLines) {
      const excess = this.items.length - this.maxLines + Math.floor(this.maxLines / 10);
      const cut = Math.min(excess, this.items.length);
      this.items = this.items.slice(cut);
      this.trimmed += cut;
    }
  }
}
