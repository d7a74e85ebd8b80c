// The last check before an answer is written to the offline cache (design.md, invariant 2): the clients and services
// already redact, and the cache redacts field names again and refuses known tokens; this guard covers what neither
// sees by name — state contents never go to disk, and a variable marked sensitive never keeps a value — so a
// regression in a service cannot put a secret on disk.
import { HostError } from '../host/host-error';

/** Methods whose answers are never cached: state contents and what is derived from them. */
const NEVER_CACHED = /^stateVersions\.(outputs|diff|download|upload)$|^agent\.(profile|config)/;

/**
 * Returns the value to store (a sanitised copy where needed), or throws when the method must not be cached.
 * Sensitive variables lose their value however they are nested (a list, a page with `items`, a single variable).
 */
export function guardBeforeCache(method: string, value: unknown): unknown {
  if (NEVER_CACHED.test(method)) throw new HostError('invalid_input', `${method} answers are never cached: they hold state contents.`);
  return withoutSensitiveValues(value, 0);
}

function withoutSensitiveValues(value: unknown, depth: number): unknown {
  if (value === null || typeof value !== 'object' || depth > 6) return value;
  if (Array.isArray(value)) {
    let changed = false;
    const out = value.map((item) => {
      const next = withoutSensitiveValues(item, depth + 1);
      if (next !== item) changed = true;
      return next;
    });
    return changed ? out : value;
  }
  const record = value as Record<string, unknown>;
  // A variable as the API shapes it: `{ attributes: { sensitive: true, value: ... } }`, or already flattened.
  if (record.sensitive === true && record.value !== undefined && record.value !== null) return { ...record, value: null };
  let copy: Record<string, unknown> | null = null;
  for (const [key, inner] of Object.entries(record)) {
    if (inner === null || typeof inner !== 'object') continue;
    const next = withoutSensitiveValues(inner, depth + 1);
    if (next !== inner) (copy ??= { ...record })[key] = next;
  }
  return copy ?? value;
}
