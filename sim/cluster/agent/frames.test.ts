// Unit tests of frame cutting and of the bounded, growing log file behind the log streams.
import { describe, expect, it } from 'vitest';
import { frameLength, lineAlignedLength } from './frames';
import { LogFile, LogStore } from './log-store';
import { TaskLogWriter } from './task-log';

describe('frameLength', () => {
  it('ends a frame just after the lead byte of the last multi-byte character near the limit', () => {
    const bytes = Buffer.from('abc ✓ def 🚀 ghi', 'utf8');
    const cut = frameLength(bytes, bytes.length);
    expect(bytes[cut - 1]).toBe(0xf0); // lead byte of 🚀
    expect(cut).toBe(bytes.indexOf(0xf0) + 1);
  });

  it('always makes progress and drains any buffer into frames that rejoin to the original', () => {
    const bytes = Buffer.from('ü'.repeat(3_000) + 'x'.repeat(500) + '日本語'.repeat(200), 'utf8');
    const frames: Buffer[] = [];
    for (let rest = bytes; rest.length > 0; ) {
      const cut = frameLength(rest, 1024);
      expect(cut).toBeGreaterThan(0);
      expect(cut).toBeLessThanOrEqual(1024);
      frames.push(rest.subarray(0, cut));
      rest = rest.subarray(cut);
    }
    expect(Buffer.concat(frames).equals(bytes)).toBe(true);
    expect(frames.length).toBeLessThanOrEqual(2 * Math.ceil(bytes.length / 1024) + 1);
  });

  it('cuts at the limit when no multi-byte character is near', () => {
    expect(frameLength(Buffer.from('x'.repeat(5_000)), 1024)).toBe(1024);
    expect(frameLength(Buffer.from('ascii'), 1024)).toBe(5);
  });

  it('finds the longest newline-terminated prefix', () => {
    expect(lineAlignedLength(Buffer.from('a\nbc\nd'))).toBe(5);
    expect(lineAlignedLength(Buffer.from('no newline'))).toBe(0);
  });
});

describe('LogFile', () => {
  const writer = new TaskLogWriter(1, 'alloc', 'web', 'stdout');

  it('keeps absolute offsets when the head is dropped past the retention limit', () => {
    const file = new LogFile(writer, Buffer.from('0123456789'), 100);
    for (let i = 0; i < 30; i++) file.append(Buffer.from(String(i % 10).repeat(10)));
    expect(file.end).toBe(310);
    expect(file.base).toBeGreaterThan(0);
    expect(file.end - file.base).toBeLessThanOrEqual(100);
    // Bytes 300-309 were the last append of nines; a read before `base` starts at `base`.
    expect(file.read(300, 310).toString()).toBe('9'.repeat(10));
    expect(file.read(0, file.base + 5).length).toBe(5);
  });

  it('notifies growth listeners until they unsubscribe', () => {
    const file = new LogFile(writer, Buffer.alloc(0));
    let calls = 0;
    const off = file.onGrow(() => calls++);
    file.append(Buffer.from('a'));
    off();
    file.append(Buffer.from('b'));
    expect(calls).toBe(1);
  });
});

describe('LogStore', () => {
  it('refuses a negative or non-numeric rate', () => {
    const store = new LogStore({ seed: 1, clock: Date.now });
    expect(() => store.setRate(-1)).toThrow(/non-negative/);
    expect(() => store.setRate(Number.NaN)).toThrow(/non-negative/);
  });

  it('grows only followed files, at roughly the configured rate', async () => {
    const store = new LogStore({ seed: 1, clock: Date.now, initialBytes: 1_000, bytesPerSecond: 100_000 });
    const followed = store.get('a', 'web', 'stdout');
    const idle = store.get('a', 'web', 'stderr');
    const idleSize = idle.end;
    const start = followed.end;
    const release = store.follow(followed);
    await new Promise<void>((resolve) => followed.onGrow(() => followed.end - start > 20_000 && resolve()));
    release();
    store.close();
    expect(idle.end).toBe(idleSize);
  });
});
