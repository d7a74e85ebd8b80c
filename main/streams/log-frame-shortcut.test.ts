// The log-frame shortcut must read exactly what JSON.parse reads, or decline.
import { describe, expect, it } from 'vitest';
import { createLogFrameShortcut } from './log-frame-shortcut';
import { NdjsonSplitter } from './ndjson-splitter';

/** What the JSON path reads, in the shortcut's shape (Data decoded into DataBytes). */
const parsed = (line: string) => {
  const { Data, ...rest } = JSON.parse(line) as { Data?: string };
  return { ...rest, DataBytes: Buffer.from(Data ?? '', 'base64') };
};

const read = (text: string) => {
  const bytes = Buffer.from(`xx${text}yy`);
  const frame = createLogFrameShortcut()(bytes, 2, bytes.length - 2);
  // DataBytes lives in the shortcut's reused buffer until the next line: copy it to compare it later.
  return frame && { ...frame, DataBytes: Buffer.from(frame.DataBytes as Buffer) };
};

describe('logFrameShortcut', () => {
  it('reads the usual frame as JSON.parse does', () => {
    const line = JSON.stringify({ Offset: 1234567, Data: Buffer.from('héllo\n').toString('base64'), FileEvent: '' });
    expect(read(line)).toEqual(parsed(line));
    const withEvent = JSON.stringify({ Offset: 0, Data: '', FileEvent: 'file truncated' });
    expect(read(withEvent)).toEqual(parsed(withEvent));
    expect(read(`${line}\r`)).toEqual(parsed(line));
    // Every padding length, and a 64 KiB frame.
    for (const data of [Buffer.from('a'), Buffer.from('ab'), Buffer.from('abc'), Buffer.alloc(65536, 0xe2)]) {
      const frame = JSON.stringify({ Offset: 7, Data: data.toString('base64'), FileEvent: '' });
      expect(read(frame)).toEqual({ Offset: 7, DataBytes: data, FileEvent: '' });
    }
  });

  it('declines every other shape, leaving it to JSON.parse', () => {
    for (const line of [
      '{}',
      '{"Data":"YQ==","Offset":1,"FileEvent":""}', // another key order
      '{"Offset":1,"Data":"YQ==","FileEvent":"","File":"alloc/logs/web.stdout.0"}', // an extra key
      '{"Offset":1,"Data":"a\\/b","FileEvent":""}', // an escape
      '{"Offset":1,"Data":"YQ==","FileEvent":"say \\"hi\\""}',
      '{"Offset":01,"Data":"YQ==","FileEvent":""}',
      '{"Offset":-1,"Data":"YQ==","FileEvent":""}',
      '{"Offset":1,"Data":"YQ==","FileEvent":""', // cut
      '{"Offset":1,"Data":"YQ==","FileEvent":"ü"}',
      // Not plain padded Base64: each would decode differently, or not at all, without JSON's rules.
      '{"Offset":1,"Data":"YQ","FileEvent":""}', // unpadded
      '{"Offset":1,"Data":"Y\\u0051==","FileEvent":""}', // a \u escape of a Base64 letter
      '{"Offset":1,"Data":"YQ==YQ==","FileEvent":""}', // padding inside
      '{"Offset":1,"Data":"YQ ==","FileEvent":""}', // a space
      '{"Offset":1,"Data":"YQ==","X":"abcd","FileEvent":""}', // a key hidden where the Base64 should be
      '{"Offset":1,"Data":"YWJj","FileEvent":"a","FileEvent":""}', // a repeated key
    ]) {
      expect(read(line), line).toBeUndefined();
    }
  });

  it('feeds the splitter: shortcut frames and JSON frames arrive in order, bad lines still counted', () => {
    const splitter = new NdjsonSplitter(1024, createLogFrameShortcut());
    const seen: unknown[] = [];
    const lines = ['{"Offset":0,"Data":"YQ==","FileEvent":""}', '{}', 'not json', '{"Offset":1,"Data":"Yg==","FileEvent":"","File":"x"}'];
    const bytes = Buffer.from(lines.join('\n') + '\n');
    // Cut mid-line, so one frame crosses two chunks.
    const keep = (frame: Record<string, unknown>) => seen.push(frame.DataBytes ? { ...frame, DataBytes: Buffer.from(frame.DataBytes as Buffer) } : frame);
    splitter.push(bytes.subarray(0, 20), keep);
    splitter.push(bytes.subarray(20), keep);
    expect(seen).toEqual([{ Offset: 0, DataBytes: Buffer.from('a'), FileEvent: '' }, {}, { Offset: 1, Data: 'Yg==', FileEvent: '', File: 'x' }]);
    expect(splitter.malformed).toBe(1);
  });
});
