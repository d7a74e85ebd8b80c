// Log frames: Base64 data decoded as one UTF-8 stream (a character split across frames comes out whole),
// offsets tracked for resume, overlaps trimmed and gaps reported.
import { describe, expect, it } from 'vitest';
import { completeUtf8Length, LogFrameDecoder } from './log-frame-decoder';

const frame = (offset: number, bytes: Buffer, fileEvent = '') => ({ Offset: offset, Data: bytes.toString('base64'), FileEvent: fileEvent });

describe('LogFrameDecoder', () => {
  it('joins a UTF-8 character split across two frames', () => {
    const text = 'Größe: 日本 🚀 ok\n';
    const bytes = Buffer.from(text, 'utf8');
    const cut = bytes.indexOf(Buffer.from('🚀')) + 1; // after the lead byte of a 4-byte character
    const decoder = new LogFrameDecoder({ trackOffsets: true });
    const a = decoder.decode(frame(0, bytes.subarray(0, cut)));
    const b = decoder.decode(frame(cut, bytes.subarray(cut)));
    expect(a.kind).toBe('data');
    expect(b.kind).toBe('data');
    const joined = (a.kind === 'data' ? a.text : '') + (b.kind === 'data' ? b.text : '');
    expect(joined).toBe(text);
    expect(joined).not.toContain('\uFFFD');
    expect(decoder.nextOffset).toBe(bytes.length);
  });

  it('trims bytes already decoded when a resumed request overlaps, and reports a jump ahead as a gap', () => {
    const decoder = new LogFrameDecoder({ trackOffsets: true });
    decoder.decode(frame(100, Buffer.from('hello ')));
    const overlap = decoder.decode(frame(103, Buffer.from('lo world')));
    expect(overlap).toMatchObject({ kind: 'data', offset: 106, text: 'world' });
    expect(decoder.decode(frame(104, Buffer.from('o w')))).toEqual({ kind: 'empty', fileEvent: '' });
    expect(decoder.decode(frame(200, Buffer.from('later')))).toEqual({ kind: 'gap', expected: 111, offset: 200 });
    expect(decoder.skipTo(200)).toBe('');
    expect(decoder.decode(frame(200, Buffer.from('later')))).toMatchObject({ kind: 'data', offset: 200, text: 'later' });
  });

  it('counts positions itself for the monitor, whose frames all say Offset 0', () => {
    const decoder = new LogFrameDecoder({ trackOffsets: false });
    expect(decoder.decode(frame(0, Buffer.from('abc'), 'log'))).toMatchObject({ offset: 0, text: 'abc' });
    expect(decoder.decode(frame(0, Buffer.from('de'), 'log'))).toMatchObject({ offset: 3, text: 'de' });
  });

  it('rejects frames without a numeric offset', () => {
    const decoder = new LogFrameDecoder({ trackOffsets: true });
    expect(decoder.decode({ Offset: '1', Data: '' })).toEqual({ kind: 'malformed' });
    expect(decoder.decode({ Offset: -1, Data: 'YQ==' })).toEqual({ kind: 'malformed' });
    expect(decoder.decode({ Data: 'YQ==' })).toEqual({ kind: 'malformed' });
  });

  it('decodes any cut of multilingual text exactly as a streaming TextDecoder would (regression: hand-carried characters)', () => {
    const bytes = Buffer.from('ascii é ü ß 日本語 🚀🚀 Ω ok\n'.repeat(3), 'utf8');
    for (let cut = 0; cut <= bytes.length; cut++) {
      for (const second of [cut, Math.min(bytes.length, cut + 1), Math.min(bytes.length, cut + 3)]) {
        const decoder = new LogFrameDecoder({ trackOffsets: true });
        const parts = [bytes.subarray(0, cut), bytes.subarray(cut, second), bytes.subarray(second)];
        let offset = 0;
        let text = '';
        for (const part of parts) {
          const result = decoder.decode(frame(offset, part));
          if (result.kind === 'data') text += result.text;
          offset += part.length;
        }
        expect(text, `cut at ${cut}/${second}`).toBe(bytes.toString('utf8'));
      }
    }
  });

  it('flushes a character cut before a gap as one replacement character, like TextDecoder', () => {
    const decoder = new LogFrameDecoder({ trackOffsets: true });
    const euro = Buffer.from('€', 'utf8');
    expect(decoder.decode(frame(0, Buffer.concat([Buffer.from('a'), euro.subarray(0, 2)])))).toMatchObject({ text: 'a' });
    expect(decoder.skipTo(50)).toBe('\uFFFD');
    expect(decoder.decode(frame(50, Buffer.from('b')))).toMatchObject({ text: 'b' });
  });

  it('finds where the last complete UTF-8 character ends', () => {
    const rocket = Buffer.from('🚀');
    expect(completeUtf8Length(Buffer.from('abc'))).toBe(3);
    expect(completeUtf8Length(Buffer.concat([Buffer.from('a'), rocket.subarray(0, 3)]))).toBe(1);
    expect(completeUtf8Length(Buffer.concat([Buffer.from('a'), rocket]))).toBe(5);
    expect(completeUtf8Length(Buffer.from([0x61, 0xff]))).toBe(2); // invalid stays, to become U+FFFD
    expect(completeUtf8Length(Buffer.from([0x80, 0x80, 0x80, 0x80]))).toBe(4);
  });
});
