import { describe, expect, it } from 'vitest';
import { utf8Text } from './utf8-text';

/** A deterministic pseudo-random byte source, so a failure can be replayed. */
function bytesFrom(seed: number, length: number, pick: (r: number) => number): Buffer {
  let state = seed;
  const out = Buffer.alloc(length);
  for (let i = 0; i < length; i++) {
    state = (state * 1103515245 + 12345) >>> 0;
    out[i] = pick(state);
  }
  return out;
}

describe('utf8Text', () => {
  it('gives the same string as toString("utf8") for ASCII, mixed and invalid bytes of any length', () => {
    const samples: Buffer[] = [
      Buffer.alloc(0),
      Buffer.from('plain ascii log line\n'.repeat(300)),
      Buffer.from(`${'a'.repeat(1023)}é${'b'.repeat(3000)}“jürgen”${'c'.repeat(5000)}🙂`),
      // A multi-byte character straddling every block boundary position.
      ...[1021, 1022, 1023, 1024, 1025].map((n) => Buffer.from(`${'x'.repeat(n)}€${'y'.repeat(2048)}`)),
      // Truncated and stray sequences: each must become U+FFFD exactly as the whole-buffer decoder does.
      Buffer.concat([Buffer.from('x'.repeat(1022)), Buffer.from([0xe2, 0x82]), Buffer.from('tail'.repeat(400))]),
      Buffer.concat([Buffer.from('x'.repeat(2047)), Buffer.from([0xf0, 0x9f, 0x99])]),
      Buffer.concat([Buffer.from([0x80, 0xbf, 0xc0, 0xff]), Buffer.from('z'.repeat(1500))]),
    ];
    // Random bytes: mostly ASCII with sprinkled high bytes, and fully random.
    for (let seed = 1; seed <= 40; seed++) {
      samples.push(bytesFrom(seed, 1 + ((seed * 977) % 9000), (r) => (r % 97 === 0 ? 0x80 + (r >>> 8) % 128 : 0x20 + (r >>> 8) % 90)));
      samples.push(bytesFrom(seed + 1000, 1 + ((seed * 613) % 5000), (r) => (r >>> 8) & 0xff));
    }
    for (const bytes of samples) expect(utf8Text(bytes)).toBe(bytes.toString('utf8'));
  });

  it('reads a subarray of a larger buffer without touching bytes outside it', () => {
    const whole = Buffer.from(`${'é'.repeat(700)}${'a'.repeat(2000)}ü`);
    const part = whole.subarray(1400, 3000);
    expect(utf8Text(part)).toBe(part.toString('utf8'));
  });
});
