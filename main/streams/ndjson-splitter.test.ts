// The NDJSON splitter: frames survive any chunking, multi-byte characters split across chunks come out whole,
// bad frames are counted not thrown, and a line with no end cannot grow memory without limit.
import { describe, expect, it } from 'vitest';
import { NdjsonSplitter } from './ndjson-splitter';

function collect(splitter: NdjsonSplitter, chunks: Buffer[]): Record<string, unknown>[] {
  const frames: Record<string, unknown>[] = [];
  for (const chunk of chunks) splitter.push(chunk, (frame) => frames.push(frame));
  return frames;
}

describe('NdjsonSplitter', () => {
  const body = Buffer.from('{"Index":1,"Events":[]}\n{}\n{"Text":"Grüße 日本 🚀"}\n', 'utf8');

  it('gives the same frames at every chunk boundary, including inside multi-byte characters', () => {
    const whole = collect(new NdjsonSplitter(), [body]);
    expect(whole).toEqual([{ Index: 1, Events: [] }, {}, { Text: 'Grüße 日本 🚀' }]);
    for (let cut = 1; cut < body.length; cut++) {
      const frames = collect(new NdjsonSplitter(), [body.subarray(0, cut), body.subarray(cut)]);
      expect(frames, `cut at byte ${cut}`).toEqual(whole);
    }
    // One byte at a time splits every character of 2, 3 and 4 bytes.
    const bytewise = collect(new NdjsonSplitter(), [...body].map((b) => Buffer.from([b])));
    expect(bytewise).toEqual(whole);
  });

  it('counts unparsable and non-object frames and keeps going', () => {
    const splitter = new NdjsonSplitter();
    const frames = collect(splitter, [Buffer.from('{"a":1}\n{"Index":2,"Ev\u0000}{\n[1,2]\n42\nnull\n{"b":2}\n')]);
    expect(frames).toEqual([{ a: 1 }, { b: 2 }]);
    expect(splitter.malformed).toBe(4);
  });

  it('ignores blank lines and CRLF endings', () => {
    const splitter = new NdjsonSplitter();
    expect(collect(splitter, [Buffer.from('\n{"a":1}\r\n\n')])).toEqual([{ a: 1 }]);
    expect(splitter.malformed).toBe(0);
  });

  it('drops a line longer than the cap, holds no more than the cap, and resumes at the next newline', () => {
    const splitter = new NdjsonSplitter(64);
    const frames: Record<string, unknown>[] = [];
    const sink = (frame: Record<string, unknown>) => frames.push(frame);
    splitter.push(Buffer.from('{"ok":1}\n{"long":"'), sink);
    for (let i = 0; i < 1000; i++) {
      splitter.push(Buffer.from('x'.repeat(50)), sink);
      expect(splitter.pendingBytes).toBeLessThanOrEqual(64);
    }
    splitter.push(Buffer.from('"}\n{"ok":2}\n'), sink);
    expect(frames).toEqual([{ ok: 1 }, { ok: 2 }]);
    expect(splitter.oversized).toBe(1);
    expect(splitter.malformed).toBe(1);
  });

  it('drops an over-long line that arrives in one chunk', () => {
    const splitter = new NdjsonSplitter(16);
    expect(collect(splitter, [Buffer.from(`{"x":"${'y'.repeat(100)}"}\n{"ok":3}\n`)])).toEqual([{ ok: 3 }]);
    expect(splitter.oversized).toBe(1);
  });

  it('parses a last line without newline on a clean end, and forgets a torn one on reset', () => {
    const ended = new NdjsonSplitter();
    const frames: Record<string, unknown>[] = [];
    ended.push(Buffer.from('{"a":1}\n{"b":'), (f) => frames.push(f));
    ended.push(Buffer.from('2}'), (f) => frames.push(f));
    ended.end((f) => frames.push(f));
    expect(frames).toEqual([{ a: 1 }, { b: 2 }]);

    const torn = new NdjsonSplitter();
    torn.push(Buffer.from('{"b":'), () => undefined);
    torn.reset();
    expect(collect(torn, [Buffer.from('{"c":3}\n')])).toEqual([{ c: 3 }]);
    expect(torn.malformed).toBe(0);
  });
  it('joins lines crossing chunks correctly whatever their length, as its reused line buffer grows', () => {
    // Lines of 10 B to 300 KB (past the first 128 KiB of room), cut into chunks of changing sizes.
    const lengths = [10, 200_000, 50, 130_000, 300_000, 7, 70_000, 131_072, 1];
    const lines = lengths.map((n, i) => JSON.stringify({ i, pad: String.fromCharCode(97 + i).repeat(n) }));
    const bytes = Buffer.from(lines.join('\n') + '\n');
    for (const chunk of [1000, 65_536, 99_999]) {
      const splitter = new NdjsonSplitter();
      const frames: unknown[] = [];
      for (let at = 0; at < bytes.length; at += chunk) splitter.push(bytes.subarray(at, at + chunk), (frame) => frames.push(frame));
      expect(frames).toEqual(lines.map((line) => JSON.parse(line)));
    }
  });
});
