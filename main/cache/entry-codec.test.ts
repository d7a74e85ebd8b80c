// Stored entries decode to exactly what was stored, or are recognised as outdated or damaged, never half-read.
import { describe, expect, it } from 'vitest';
import { SecretScrubber } from '../redaction/secret-scrubber';
import { assembleEntry, assembleEntryInSteps, CACHE_FORMAT_VERSION, decodeEntry, encodeEntry, encodeSegment } from './entry-codec';
import { prepareEntry, SLICE_ITEMS } from './prepare-entry';

const job = (i: number) => ({ ID: `job-${i}`, SubmitTime: 1767225600000000000 + i, Meta: i % 2 ? null : { owner: 'ops' }, Datacenters: [], Stop: false, Priority: 50 });

describe('entry codec', () => {
  it('round-trips a whole value and a list stored in segments', async () => {
    expect(decodeEntry(encodeEntry({ a: [1, 'x', null, true, { b: 2.5 }] }, 42))).toEqual({ status: 'ok', storedAt: 42, value: { a: [1, 'x', null, true, { b: 2.5 }] } });
    const list = Array.from({ length: SLICE_ITEMS * 2 + 7 }, (_, i) => job(i));
    expect(decodeEntry(await prepareEntry(list, 7, new SecretScrubber(), 'jobs'))).toEqual({ status: 'ok', storedAt: 7, value: list });
  });

  it('recognises another format version before anything else', () => {
    const bytes = encodeEntry({ a: 1 }, 1);
    bytes.writeUInt16LE(CACHE_FORMAT_VERSION + 1, 2);
    expect(decodeEntry(bytes)).toEqual({ status: 'outdated', formatVersion: CACHE_FORMAT_VERSION + 1 });
  });

  it('reports truncated, foreign and bit-flipped bytes as corrupt', () => {
    const bytes = encodeEntry(Array.from({ length: 50 }, (_, i) => job(i)), 1);
    expect(decodeEntry(bytes.subarray(0, 10))).toMatchObject({ status: 'corrupt' });
    expect(decodeEntry(bytes.subarray(0, bytes.length - 3))).toMatchObject({ status: 'corrupt', reason: 'checksum mismatch' });
    expect(decodeEntry(Buffer.from('{"json":"not ours"}'))).toMatchObject({ status: 'corrupt' });
    const flipped = Buffer.from(bytes);
    flipped[100] ^= 1;
    expect(decodeEntry(flipped)).toMatchObject({ status: 'corrupt', reason: 'checksum mismatch' });
  });

  it('builds a segmented entry in steps to exactly the bytes of the one-go assembly', async () => {
    const segments = [0, 1, 2].map((n) => encodeSegment(Array.from({ length: 3000 }, (_, i) => job(n * 3000 + i))));
    let turns = 0;
    const stepped = await assembleEntryInSteps(42, segments, async () => void turns++);
    expect(stepped.equals(assembleEntry(42, { segments }))).toBe(true);
    expect(decodeEntry(stepped)).toMatchObject({ status: 'ok', storedAt: 42 });
    expect((decodeEntry(stepped) as { value: unknown[] }).value).toHaveLength(9000);
  });
});
