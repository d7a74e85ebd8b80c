// Derived random generators: every generated artefact (a task's log, a host's data) draws from its own stream,
// keyed by the simulator seed and the artefact's name, so it is reproducible and independent of request order.
import { createRng, type Rng } from '../../rng';

/** FNV-1a over UTF-16 code units; enough to spread names over seeds. */
export function hashString(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

export function derivedRng(seed: number, ...parts: string[]): Rng {
  return createRng((seed ^ hashString(parts.join('\u0000'))) >>> 0);
}
