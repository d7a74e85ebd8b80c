// The on-disk form of one cache entry: a small versioned, checksummed header in front of msgpack data.
// Our own envelope (not lmdb's built-in encoding) so that a format change or a damaged value is detected
// per entry and dropped, never half-decoded into a view.
import { crc32 } from 'node:zlib';
import { Packr, Unpackr } from 'msgpackr';
import { timeStep } from './step-timer';

/**
 * Bump on any change to this layout or to what callers store; entries of other versions are dropped.
 * 2: cache keys use \u001f instead of NUL between connection id and resource (see cache-key.ts).
 */
export const CACHE_FORMAT_VERSION = 2;

const MAGIC = 0x4451; // "QD" little-endian
const HEADER_BYTES = 17; // magic u16, version u16, storedAt f64, crc32 u32, kind u8
const KIND_WHOLE = 0;
const KIND_SEGMENTED_ARRAY = 1;

// Records: repeated object shapes (20k job stubs) are stored once per message; ~4x smaller than JSON and
// faster to decode than JSON.parse. No shared structures, so every entry decodes on its own.
const packr = new Packr({ useRecords: true, mapsAsObjects: true });
const unpackr = new Unpackr({ useRecords: true, mapsAsObjects: true });

export type DecodedEntry =
  | { status: 'ok'; storedAt: number; value: unknown }
  | { status: 'outdated'; formatVersion: number }
  | { status: 'corrupt'; reason: string };

/** Encodes one slice of work; large arrays are encoded slice by slice so no single step blocks for long. */
export function encodeSegment(value: unknown): Buffer {
  return packr.pack(value);
}

/** Builds the stored bytes. `segments` present means the value is an array split into consecutive slices. */
export function assembleEntry(storedAt: number, body: { whole: Buffer } | { segments: Buffer[] }): Buffer {
  const parts: Buffer[] = [];
  if ('whole' in body) {
    parts.push(Buffer.from([KIND_WHOLE]), body.whole);
  } else {
    const head = Buffer.alloc(5);
    head.writeUInt8(KIND_SEGMENTED_ARRAY, 0);
    head.writeUInt32LE(body.segments.length, 1);
    parts.push(head);
    for (const segment of body.segments) {
      const length = Buffer.alloc(4);
      length.writeUInt32LE(segment.length, 0);
      parts.push(length, segment);
    }
  }
  const payload = Buffer.concat(parts);
  const header = Buffer.alloc(HEADER_BYTES - 1);
  header.writeUInt16LE(MAGIC, 0);
  header.writeUInt16LE(CACHE_FORMAT_VERSION, 2);
  header.writeDoubleLE(storedAt, 4);
  header.writeUInt32LE(crc32(payload), 12);
  return Buffer.concat([header, payload]);
}

/** Synchronous convenience for small values and tests. */
export function encodeEntry(value: unknown, storedAt: number): Buffer {
  return assembleEntry(storedAt, { whole: encodeSegment(value) });
}

/**
 * The same bytes as assembleEntry for a segmented array, built in steps: one buffer allocated up front, each segment
 * copied and added to the checksum in turn, yielding about every MB. A 100,000-allocation list is ~18 MB, and
 * concatenating plus checksumming it in one go would block the event loop for tens of milliseconds.
 */
export async function assembleEntryInSteps(storedAt: number, segments: Buffer[], nextTurn: () => Promise<void>): Promise<Buffer> {
  const start = HEADER_BYTES - 1; // the payload (kind byte first) begins here; the checksum covers it to the end
  const total = start + 5 + segments.reduce((sum, segment) => sum + 4 + segment.length, 0);
  const out = Buffer.allocUnsafe(total);
  out.writeUInt16LE(MAGIC, 0);
  out.writeUInt16LE(CACHE_FORMAT_VERSION, 2);
  out.writeDoubleLE(storedAt, 4);
  out.writeUInt8(KIND_SEGMENTED_ARRAY, start);
  out.writeUInt32LE(segments.length, start + 1);
  let at = start + 5;
  let crc = crc32(out.subarray(start, at));
  let index = 0;
  while (index < segments.length) {
    // One step: segments until about a MB was copied and checksummed, then the event loop gets a turn.
    timeStep('assemble', () => {
      let copied = 0;
      while (index < segments.length && copied < 1 << 20) {
        const segment = segments[index++];
        out.writeUInt32LE(segment.length, at);
        segment.copy(out, at + 4);
        crc = crc32(out.subarray(at, at + 4 + segment.length), crc);
        at += 4 + segment.length;
        copied += segment.length;
      }
    });
    if (index < segments.length) await nextTurn();
  }
  out.writeUInt32LE(crc, 12);
  return out;
}

export function decodeEntry(bytes: Uint8Array): DecodedEntry {
  const buffer = Buffer.isBuffer(bytes) ? bytes : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (buffer.length < HEADER_BYTES) return { status: 'corrupt', reason: `entry is ${buffer.length} bytes, shorter than its header` };
  if (buffer.readUInt16LE(0) !== MAGIC) return { status: 'corrupt', reason: 'entry does not start with the cache marker' };
  const formatVersion = buffer.readUInt16LE(2);
  // Checked before the checksum: another version may lay its payload out differently.
  if (formatVersion !== CACHE_FORMAT_VERSION) return { status: 'outdated', formatVersion };
  const storedAt = buffer.readDoubleLE(4);
  const payload = buffer.subarray(HEADER_BYTES - 1);
  if (crc32(payload) !== buffer.readUInt32LE(12)) return { status: 'corrupt', reason: 'checksum mismatch' };
  if (!Number.isFinite(storedAt) || storedAt <= 0) return { status: 'corrupt', reason: 'invalid storage time' };
  try {
    return { status: 'ok', storedAt, value: decodePayload(payload) };
  } catch (error) {
    return { status: 'corrupt', reason: `undecodable value (${(error as Error).message})` };
  }
}

function decodePayload(payload: Buffer): unknown {
  const kind = payload[0];
  if (kind === KIND_WHOLE) return unpackr.unpack(payload.subarray(1));
  if (kind !== KIND_SEGMENTED_ARRAY) throw new Error(`unknown entry kind ${kind}`);
  const count = payload.readUInt32LE(1);
  const out: unknown[] = [];
  let at = 5;
  for (let index = 0; index < count; index++) {
    const length = payload.readUInt32LE(at);
    at += 4;
    if (at + length > payload.length) throw new Error('segment runs past the end of the entry');
    const slice = unpackr.unpack(payload.subarray(at, at + length));
    if (!Array.isArray(slice)) throw new Error('segment is not an array');
    for (const item of slice) out.push(item);
    at += length;
  }
  if (at !== payload.length) throw new Error('trailing bytes after the last segment');
  return out;
}
