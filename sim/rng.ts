// Seeded pseudo-random numbers so that every estate the simulator generates is reproducible from its seed.

export interface Rng {
  /** A float in [0, 1). */
  next(): number;
  /** An integer in [min, max], both inclusive. */
  int(min: number, max: number): number;
  pick<T>(items: readonly T[]): T;
  chance(probability: number): boolean;
  /** Lower-case hex string of `length` characters. */
  hex(length: number): string;
  /** A v4-shaped UUID drawn from this generator. */
  uuid(): string;
  /** Base62-ish id body as the workspace service uses (`ws-<id>`). */
  idBody(length?: number): string;
}

// mulberry32: tiny, fast and good enough for fixtures; not for anything secret.
export function createRng(seed: number): Rng {
  let state = seed >>> 0 || 0x9e3779b9;
  const next = (): number => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (min: number, max: number): number => min + Math.floor(next() * (max - min + 1));
  const hex = (length: number): string => {
    let out = '';
    while (out.length < length) out += Math.floor(next() * 0x100000000).toString(16).padStart(8, '0');
    return out.slice(0, length);
  };
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789';
  return {
    next,
    int,
    hex,
    pick: (items) => items[Math.floor(next() * items.length)],
    chance: (probability) => next() < probability,
    uuid: () => {
      const h = hex(32);
      return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-${'89ab'[int(0, 3)]}${h.slice(17, 20)}-${h.slice(20, 32)}`;
    },
    idBody: (length = 16) => {
      let out = '';
      for (let i = 0; i < length; i++) out += alphabet[Math.floor(next() * alphabet.length)];
      return out;
    },
  };
}
