// Stream frames of log streams: `{Offset, Data (Base64), FileEvent}` per newline-delimited line, `{}` heartbeats,
// and the choice of where a frame ends. Frames deliberately end inside multi-byte UTF-8 characters so that a
// client which decodes each frame's bytes on its own (instead of carrying the partial character over) shows
// replacement characters and is caught by tests.
import type { ServerResponse } from 'node:http';
import type { FaultyStream } from '../../faults';

/** The empty frame the agent sends every second to keep a quiet stream open. */
export const HEARTBEAT_FRAME = '{}';

export function encodeFrame(offset: number, data: Buffer, fileEvent: string): string {
  return JSON.stringify({ Offset: offset, Data: data.toString('base64'), FileEvent: fileEvent });
}

/** How far back from the size limit a frame may end to land inside a multi-byte character. */
const SPLIT_WINDOW = 256;

/**
 * Length of the next frame taken from the front of `pending` (at most `max` bytes, at least 1): ends just after the
 * first byte of the last multi-byte character near the limit, or at the limit when none is near.
 * Each call makes progress, and the remainder never starts with a lead byte it just split, so a buffer drains
 * in at most two frames per `max` bytes.
 */
export function frameLength(pending: Buffer, max: number): number {
  const limit = Math.min(max, pending.length);
  for (let i = limit - 1; i >= Math.max(0, limit - SPLIT_WINDOW); i--) {
    // A lead byte 11xxxxxx starts a character of 2-4 bytes; cutting after it splits that character.
    if (pending[i] >= 0xc0 && i + 1 < pending.length) return i + 1;
  }
  return limit;
}

/** Resolves once the response can take more data (or is gone), so large catch-ups respect socket backpressure. */
export function drained(res: ServerResponse): Promise<void> {
  if (!res.writableNeedDrain || res.destroyed) return Promise.resolve();
  return new Promise((resolve) => {
    const done = (): void => {
      res.off('drain', done);
      res.off('close', done);
      resolve();
    };
    res.on('drain', done);
    res.on('close', done);
  });
}

const strictUtf8 = new TextDecoder('utf-8', { fatal: true });

/**
 * Writes raw bytes of a `plain` stream. The fault wrapper takes strings and ends each write with a newline, so
 * whole valid lines go through it; bytes that are not valid UTF-8 on their own (a stream that starts mid-character)
 * are written as they are, to keep the body byte-exact.
 */
export function writePlain(stream: FaultyStream, res: ServerResponse, bytes: Buffer): boolean {
  if (stream.closed || res.destroyed) return false;
  let text: string | null = null;
  try {
    text = strictUtf8.decode(bytes);
  } catch {
    text = null;
  }
  if (text !== null && text.endsWith('\n')) return stream.writeFrame(text);
  res.write(bytes);
  return true;
}

/** Length of the longest prefix of `bytes` that ends with a newline (0 when there is none). */
export function lineAlignedLength(bytes: Buffer): number {
  const last = bytes.lastIndexOf(0x0a);
  return last < 0 ? 0 : last + 1;
}
