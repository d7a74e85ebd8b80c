// How model lines become terminal text: the line filter, the receive-time prefix for lines without a timestamp of
// their own, and the plain-text export used by copy and download.
import { stripAnsi, type LogLine } from './log-lines';

export interface RenderOptions {
  /** Keep only lines containing this text (case-insensitive, ANSI ignored); empty keeps all. */
  filter: string;
  timestamps: boolean;
}

// A leading date-time (2026-11-23T16:01:48, 2026/11/23 16:01:48, [16:01:48], 16:01:48.123), or a JSON line's own
// "@timestamp"/"time"/"ts" field: these lines already say when they happened.
const LEADING_TIME = /^\s*\[?(?:\d{4}[-/]\d{2}[-/]\d{2}[T ]\d{2}:\d{2}|\d{2}:\d{2}:\d{2})/;
const JSON_TIME = /^\s*\{.*"(?:@timestamp|time|ts|timestamp)"\s*:/;

export function carriesTimestamp(line: string): boolean {
  const plain = stripAnsi(line);
  return LEADING_TIME.test(plain) || JSON_TIME.test(plain);
}

function pad(n: number, width = 2): string {
  return String(n).padStart(width, '0');
}

/** Local receive time, as `HH:MM:SS.mmm`. */
export function formatReceiveTime(ms: number): string {
  const d = new Date(ms);
  return `${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}.${pad(d.getMilliseconds(), 3)}`;
}

export function lineMatches(line: LogLine, filter: string): boolean {
  if (filter === '') return true;
  return stripAnsi(line.text).toLowerCase().includes(filter.toLowerCase());
}

/** The text one line shows: dim receive time first when timestamps are on and the line carries none. */
export function displayLine(line: LogLine, timestamps: boolean): string {
  if (!timestamps || carriesTimestamp(line.text)) return line.text;
  return `\x1b[2m${formatReceiveTime(line.receivedAt)}\x1b[22m ${line.text}`;
}

/** The lines that pass the filter, in order. */
export function visibleLines(lines: readonly LogLine[], options: RenderOptions): LogLine[] {
  if (options.filter === '') return lines.slice();
  return lines.filter((line) => lineMatches(line, options.filter));
}

/**
 * Terminal text for lines: each line resets attributes at its end, so a colour a line leaves open never bleeds
 * into the next one (or into the prefix of the next one) once filtering has removed the lines in between.
 */
export function terminalText(lines: readonly LogLine[], options: RenderOptions): string {
  let out = '';
  for (const line of lines) {
    if (!lineMatches(line, options.filter)) continue;
    out += displayLine(line, options.timestamps) + '\x1b[0m\r\n';
  }
  return out;
}

/** Plain text (no escapes) of the lines as shown: what copy and download produce. */
export function plainText(lines: readonly LogLine[], options: RenderOptions): string {
  return visibleLines(lines, options)
    .map((line) => stripAnsi(displayLine(line, options.timestamps)))
    .join('\n');
}
