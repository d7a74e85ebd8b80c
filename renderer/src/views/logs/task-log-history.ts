// Byte bookkeeping for task logs opened at the tail (origin=end): where the first whole line starts in the file,
// and which earlier lines a backwards fetch adds. Log offsets are byte positions (cluster-api.md, Log frame), and
// the viewer holds decoded text, so positions are recovered from UTF-8 lengths. A read that starts inside a
// character decodes each stray continuation byte as one U+FFFD; those count as one byte each.
import { utf8Length } from '@/components/logs/log-lines';

const REPLACEMENT = '\uFFFD';

/** Raw bytes behind decoded text that began at an arbitrary byte: leading U+FFFDs were one byte each. */
export function rawBytes(text: string): number {
  let lead = 0;
  while (lead < text.length && text[lead] === REPLACEMENT) lead++;
  return lead + utf8Length(text.slice(lead));
}

/**
 * Drops the partial first line of a read that began mid-file, so the viewer starts on a line boundary. Feed it
 * the stream's chunks in order; it passes text through once the first newline is seen.
 */
export class LineAlignedStart {
  /** File position of the first byte passed through; null until known. */
  startOffset: number | null = null;
  private held = '';
  private heldFrom = 0;

  feed(offset: number, text: string): string {
    if (this.startOffset !== null) return text;
    if (this.held === '') this.heldFrom = offset;
    // A read from the start of the file is already aligned.
    if (this.heldFrom === 0 && this.held === '') {
      this.startOffset = 0;
      return text;
    }
    this.held += text;
    const newline = this.held.indexOf('\n');
    if (newline === -1) return '';
    this.startOffset = this.heldFrom + rawBytes(this.held.slice(0, newline + 1));
    const rest = this.held.slice(newline + 1);
    this.held = '';
    return rest;
  }
}

export interface EarlierSlice {
  /** Whole lines before `upTo`, oldest first, without newlines. */
  lines: string[];
  /** File position of the first of them: the new start of what the viewer holds. */
  start: number;
}

/**
 * From the text read at `from` (to the end of the file at that time), the whole lines that end exactly at `upTo`,
 * the position where the viewer's first line starts. A read from 0 keeps its first line; otherwise that line may be
 * partial and is left for the next fetch.
 */
export function sliceEarlier(text: string, from: number, upTo: number): EarlierSlice {
  let position = from;
  let cursor = 0;
  if (from > 0) {
    const newline = text.indexOf('\n');
    if (newline === -1) return { lines: [], start: upTo };
    position += rawBytes(text.slice(0, newline + 1));
    cursor = newline + 1;
  }
  const start = position;
  const lines: string[] = [];
  while (position < upTo && cursor < text.length) {
    const newline = text.indexOf('\n', cursor);
    if (newline === -1) break;
    const line = text.slice(cursor, newline);
    lines.push(line);
    position += utf8Length(line) + 1;
    cursor = newline + 1;
  }
  // The file changed under us (rotated away): what was read does not meet the viewer's first line.
  if (position !== upTo) return { lines: [], start: upTo };
  return { lines, start };
}
