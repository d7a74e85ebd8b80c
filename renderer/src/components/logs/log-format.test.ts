import { describe, expect, it } from 'vitest';
import { carriesTimestamp, displayLine, formatReceiveTime, plainText, terminalText } from './log-format';

const at = new Date(2026, 10, 23, 16, 1, 48, 7).getTime();

describe('timestamps', () => {
  it('recognises lines that carry their own time', () => {
    expect(carriesTimestamp('2026-11-23T16:01:48.123Z [INFO] agent: started')).toBe(true);
    expect(carriesTimestamp('\x1b[2m2026/11/23 16:01:48\x1b[0m GET /')).toBe(true);
    expect(carriesTimestamp('[16:01:48] ready')).toBe(true);
    expect(carriesTimestamp('{"@level":"info","@timestamp":"2026-11-23T16:01:48Z"}')).toBe(true);
    expect(carriesTimestamp('Traceback (most recent call last):')).toBe(false);
  });

  it('prefixes the receive time only to lines without one, and only when asked', () => {
    const bare = { text: 'hello', receivedAt: at };
    const stamped = { text: '2026-11-23T16:01:48Z hello', receivedAt: at };
    expect(displayLine(bare, false)).toBe('hello');
    expect(displayLine(stamped, true)).toBe(stamped.text);
    expect(displayLine(bare, true)).toContain(`${formatReceiveTime(at)}`);
    expect(formatReceiveTime(at)).toBe('16:01:48.007');
  });
});

describe('rendering', () => {
  const lines = [
    { text: '\x1b[31mERROR\x1b[0m disk full', receivedAt: at },
    { text: 'info: all good', receivedAt: at },
    { text: '\x1b[33mwarn: slow', receivedAt: at },
  ];

  it('keeps only lines matching the filter, ignoring case and colour escapes', () => {
    const text = terminalText(lines, { filter: 'error disk', timestamps: false });
    expect(text).toBe('\x1b[31mERROR\x1b[0m disk full\x1b[0m\r\n');
  });

  it('closes every line’s attributes so an unterminated colour does not bleed', () => {
    const text = terminalText(lines.slice(2), { filter: '', timestamps: false });
    expect(text.endsWith('\x1b[0m\r\n')).toBe(true);
  });

  it('copies plain text as shown, without escapes', () => {
    expect(plainText(lines, { filter: 'o', timestamps: false })).toBe('ERROR disk full\ninfo: all good\nwarn: slow');
    expect(plainText(lines.slice(1, 2), { filter: '', timestamps: true })).toBe('16:01:48.007 info: all good');
  });
});
