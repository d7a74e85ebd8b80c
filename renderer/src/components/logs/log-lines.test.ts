import { describe, expect, it } from 'vitest';
import { displayWidth, LogLineBuffer, stripAnsi, utf8Length } from './log-lines';

describe('LogLineBuffer', () => {
  it('shows only whole lines and keeps a partial line until its newline arrives', () => {
    const buffer = new LogLineBuffer(100);
    expect(buffer.append('alpha\nbe', 1).map((l) => l.text)).toEqual(['alpha']);
    expect(buffer.append('ta\ngam', 2).map((l) => l.text)).toEqual(['beta']);
    expect(buffer.lines.map((l) => l.text)).toEqual(['alpha', 'beta']);
    expect(buffer.flush(3).map((l) => l.text)).toEqual(['gam']);
  });

  it('stamps a line with the time its first part arrived', () => {
    const buffer = new LogLineBuffer(100);
    buffer.append('one', 10);
    const [line] = buffer.append(' two\n', 20);
    expect(line).toEqual({ text: 'one two', receivedAt: 10 });
  });

  it('treats CRLF as one line end', () => {
    const buffer = new LogLineBuffer(100);
    expect(buffer.append('a\r\nb\r\n', 1).map((l) => l.text)).toEqual(['a', 'b']);
  });

  it('never holds more than its bound and counts the lines it let go', () => {
    const buffer = new LogLineBuffer(50);
    for (let i = 0; i < 1000; i++) buffer.append(`line ${i}\n`, i);
    expect(buffer.length).toBeLessThanOrEqual(50);
    expect(buffer.trimmed + buffer.length).toBe(1000);
    expect(buffer.lines.at(-1)?.text).toBe('line 999');
  });

  it('prepends earlier lines only as far as the bound allows, keeping the newest of them', () => {
    const buffer = new LogLineBuffer(4);
    buffer.append('c\nd\n', 1);
    const kept = buffer.prepend(['x', 'a', 'b'].map((text) => ({ text, receivedAt: 0 })));
    expect(kept.map((l) => l.text)).toEqual(['a', 'b']);
    expect(buffer.lines.map((l) => l.text)).toEqual(['a', 'b', 'c', 'd']);
  });

  it('tracks the widest line in columns, ignoring colour escapes', () => {
    const buffer = new LogLineBuffer(10);
    buffer.append('\x1b[31mred\x1b[0m\nlonger line\n', 1);
    expect(buffer.widest).toBe(11);
  });
});

describe('text measures', () => {
  it('strips colour and OSC escapes', () => {
    expect(stripAnsi('\x1b[1;32mok\x1b[0m \x1b]0;title\x07done')).toBe('ok done');
  });
  it('counts wide characters as two columns', () => {
    expect(displayWidth('日本')).toBe(4);
    expect(displayWidth('über')).toBe(4);
    expect(displayWidth('ok 🚀')).toBe(5);
  });
  it('counts UTF-8 bytes like the encoder does', () => {
    for (const text of ['plain', 'Grüße', '日本語', 'emoji 🚀 here']) expect(utf8Length(text)).toBe(new TextEncoder().encode(text).length);
  });
});
