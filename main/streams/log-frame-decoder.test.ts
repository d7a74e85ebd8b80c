// Log frames: Base64 data decoded as one UTF-8 stream (a character split across frames comes out whole),
// offsets tracked for resume, overlaps trimmed and gaps reported.
import { describe, expect, it } from 'vitest';
import { LogFrameDecoder } from './log-frame-decoder';

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
});
