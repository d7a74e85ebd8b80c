import { describe, expect, it } from 'vitest';
import { LineAlignedStart, rawBytes, sliceEarlier } from './task-log-history';

const encoder = new TextEncoder();
const file = 'first line\nzweite Zeile ü\n第三行\nfourth 🚀\nfifth\n';
const bytes = encoder.encode(file);
const decodeFrom = (from: number) => new TextDecoder().decode(bytes.subarray(from));
const lineStart = (n: number) => encoder.encode(file.split('\n').slice(0, n).join('\n') + (n > 0 ? '\n' : '')).length;

describe('rawBytes', () => {
  it('counts each leading replacement character as the one stray byte it stood for', () => {
    // Start inside "第" (3 bytes): two continuation bytes decode as two U+FFFD.
    const inside = lineStart(2) + 1;
    const text = decodeFrom(inside);
    expect(text.startsWith('\uFFFD\uFFFD')).toBe(true);
    expect(rawBytes(text)).toBe(bytes.length - inside);
  });
});

describe('LineAlignedStart', () => {
  it('drops the first line of a tail read (it may be partial) of a tail read and reports where the first whole line starts', () => {
    for (let from = 1; from < lineStart(3); from++) {
      const text = decodeFrom(from);
      const aligned = new LineAlignedStart();
      const passed = aligned.feed(from, text.slice(0, 3)) + aligned.feed(from + 3, text.slice(3));
      const expectedStart = [1, 2, 3].map(lineStart).find((s) => s > from)!;
      expect(aligned.startOffset).toBe(expectedStart);
      expect(passed).toBe(decodeFrom(expectedStart));
    }
  });

  it('passes a read from the start of the file through untouched', () => {
    const aligned = new LineAlignedStart();
    expect(aligned.feed(0, file)).toBe(file);
    expect(aligned.startOffset).toBe(0);
  });
});

describe('sliceEarlier', () => {
  it('returns the whole lines that end where the viewer’s first line starts', () => {
    const upTo = lineStart(4);
    for (let from = 1; from < lineStart(2); from++) {
      const slice = sliceEarlier(decodeFrom(from), from, upTo);
      const first = [1, 2].map(lineStart).find((s) => s > from)!;
      expect(slice.start).toBe(first);
      expect(slice.lines.join('\n') + '\n').toBe(new TextDecoder().decode(bytes.subarray(first, upTo)));
    }
  });

  it('keeps the first line of a read from the start of the file', () => {
    expect(sliceEarlier(file, 0, lineStart(2))).toEqual({ lines: ['first line', 'zweite Zeile ü'], start: 0 });
  });

  it('adds nothing when what was read does not meet the viewer’s first line', () => {
    expect(sliceEarlier('other\ncontent\n', 3, 40)).toEqual({ lines: [], start: 40 });
  });
});
