// Reads the usual log StreamFrame `{"Offset":N,"Data":"<Base64>","FileEvent":"<text>"}` straight from its bytes,
// without turning ~88 KB lines into UTF-8 strings for JSON.parse: the Base64 is taken as a one-byte (latin1)
// string, which is what a Base64 decode needs anyway. Anything else (other key orders, escapes, extra keys such
// as `File`) is left to JSON.parse, so the shortcut can only be faster, never different.
import type { LineShortcut } from './ndjson-splitter';

const HEAD = Buffer.from('{"Offset":');
const DATA = Buffer.from(',"Data":"');
const FILE_EVENT = Buffer.from('","FileEvent":"');
const QUOTE = 0x22;
const BACKSLASH = 0x5c;

function startsWithAt(bytes: Buffer, at: number, token: Buffer, end: number): boolean {
  if (at + token.length > end) return false;
  for (let i = 0; i < token.length; i++) if (bytes[at + i] !== token[i]) return false;
  return true;
}

export const logFrameShortcut: LineShortcut = (bytes, start, end) => {
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
  const dataTo = bytes.indexOf(QUOTE, dataFrom);
  if (dataTo < 0 || dataTo >= end) return undefined;
  // Base64 has no backslash; a "\/" escape (legal JSON) goes the slow way.
  if (bytes.subarray(dataFrom, dataTo).includes(BACKSLASH)) return undefined;
  if (!startsWithAt(bytes, dataTo, FILE_EVENT, end)) return undefined;
  const eventFrom = dataTo + FILE_EVENT.length;
  // The line must end with `"}` right after the file event, which holds no quote or escape.
  if (end - eventFrom < 2 || bytes[end - 1] !== 0x7d || bytes[end - 2] !== QUOTE) return undefined;
  const eventTo = end - 2;
  for (let i = eventFrom; i < eventTo; i++) if (bytes[i] === QUOTE || bytes[i] === BACKSLASH || bytes[i] >= 0x80) return undefined;
  return { Offset: offset, Data: bytes.toString('latin1', dataFrom, dataTo), FileEvent: bytes.toString('latin1', eventFrom, eventTo) };
};
