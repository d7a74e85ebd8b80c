// Reads the usual log StreamFrame `{"Offset":N,"Data":"<Base64>","FileEvent":"<text>"}` straight from its bytes,
// without turning ~88 KB lines into UTF-8 strings for JSON.parse, and decodes its Base64 on the way: the frame it
// returns carries `DataBytes` instead of `Data`. Anything else (other key orders, escapes, extra keys such as `File`,
// unpadded Base64) is left to JSON.parse, so the shortcut can only be faster, never different.
// One shortcut per stream: it decodes into a buffer of its own, reused frame after frame (a new 64 KiB buffer per
// frame made glibc return memory and fault it in again), so `DataBytes` is valid only until the next line is read;
// the log decoder copies what it keeps.
import type { LineShortcut } from './ndjson-splitter';

const HEAD = Buffer.from('{"Offset":');
const DATA = Buffer.from(',"Data":"');
const FILE_EVENT = Buffer.from('","FileEvent":"');
const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const EQUALS = 0x3d;

function startsWithAt(bytes: Buffer, at: number, token: Buffer, end: number): boolean {
  if (at + token.length > end) return false;
  for (let i = 0; i < token.length; i++) if (bytes[at + i] !== token[i]) return false;
  return true;
}

/**
 * Base64-decodes bytes[from, to) if they are nothing but padded standard Base64, else undefined. Node's decoder skips
 * a character that is not Base64 (a quote, a backslash, a space) or stops at a misplaced `=`; either way it returns
 * fewer bytes than the length promises, so one length comparison validates the whole field without a second pass.
 */
function decodeBase64Exactly(bytes: Buffer, from: number, to: number, into: () => Buffer): Buffer | undefined {
  const length = to - from;
  if (length % 4 !== 0) return undefined;
  const padding = length === 0 ? 0 : bytes[to - 1] !== EQUALS ? 0 : bytes[to - 2] === EQUALS ? 2 : 1;
  const expected = (length / 4) * 3 - padding;
  if (expected === 0) return length === 0 ? Buffer.alloc(0) : undefined;
  const target = into();
  if (target.length < expected) return undefined;
  const written = target.write(bytes.toString('latin1', from, to), 0, 'base64');
  return written === expected ? target.subarray(0, written) : undefined;
}

/** Room for the decoded Data of the largest frame the agent sends (64 KiB); a larger one grows it. */
const FIRST_DATA_ROOM = 64 * 1024;

export function createLogFrameShortcut(): LineShortcut {
  let scratch: Buffer | null = null;
  return (bytes, start, end) => readLogFrame(bytes, start, end, (needed) => {
    if (!scratch || scratch.length < needed) scratch = Buffer.allocUnsafe(Math.max(needed, FIRST_DATA_ROOM));
    return scratch;
  });
}

function readLogFrame(bytes: Buffer, start: number, end: number, room: (needed: number) => Buffer): Record<string, unknown> | undefined {
  // Tolerate a CR before the newline, as the JSON path does.
  if (end > start && bytes[end - 1] === 0x0d) end--;
  if (!startsWithAt(bytes, start, HEAD, end)) return undefined;
  let at = start + HEAD.length;
  let offset = 0;
  const digitsFrom = at;
  while (at < end && bytes[at] >= 0x30 && bytes[at] <= 0x39) offset = offset * 10 + (bytes[at++] - 0x30);
  if (at === digitsFrom || at - digitsFrom > 15 || (bytes[digitsFrom] === 0x30 && at - digitsFrom > 1)) return undefined;
  if (!startsWithAt(bytes, at, DATA, end)) return undefined;
  const dataFrom = at + DATA.length;
  // The line ends `","FileEvent":"<event>"}`, the event short and free of quotes: find it from the end rather than
  // scan ~88 KB of Base64 for its closing quote.
  if (end - dataFrom < FILE_EVENT.length + 2 || bytes[end - 1] !== 0x7d || bytes[end - 2] !== QUOTE) return undefined;
  const dataTo = bytes.lastIndexOf(FILE_EVENT, end - 2 - FILE_EVENT.length);
  if (dataTo < dataFrom) return undefined;
  const eventFrom = dataTo + FILE_EVENT.length;
  const eventTo = end - 2;
  for (let i = eventFrom; i < eventTo; i++) if (bytes[i] === QUOTE || bytes[i] === BACKSLASH || bytes[i] >= 0x80) return undefined;
  const data = decodeBase64Exactly(bytes, dataFrom, dataTo, () => room(((dataTo - dataFrom) / 4) * 3));
  if (!data) return undefined;
  return { Offset: offset, DataBytes: data, FileEvent: bytes.toString('latin1', eventFrom, eventTo) };
}
