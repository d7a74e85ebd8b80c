// Strips secret fields from server payloads in main, before they are cached, logged or sent to the renderer
// (design.md, invariant 2). Field names are matched exactly, at any depth.

export const REDACTED = '<redacted>';

/** Fields whose value is a credential or a capability URL. */
const SECRET_FIELDS = new Set([
  'SecretID', // node secret (cluster-api.md, Node)
  'SecretsToken', // job secrets-store token
  'MeshToken', // job mesh token
  'hosted-state-download-url', // capability URLs: they carry no auth header (workspace-api.md, State version)
  'hosted-json-state-download-url',
  'hosted-state-upload-url',
  'hosted-json-state-upload-url',
]);

/** Keys inside agent `config` and similar maps that hold credentials. */
const SECRET_KEY_PATTERN = /(^|_|-)(token|secret|password|passwd|encrypt(key)?|private_?key|key_?file_?content)$/i;

/** Payload keys come from a small vocabulary: the answer per key is remembered (bounded), the regex runs once. */
const keyVerdicts = new Map<string, boolean>();
const MAX_REMEMBERED_KEYS = 10_000;

function isSecretKey(key: string): boolean {
  let verdict = keyVerdicts.get(key);
  if (verdict === undefined) {
    verdict = SECRET_FIELDS.has(key) || SECRET_KEY_PATTERN.test(key);
    if (keyVerdicts.size < MAX_REMEMBERED_KEYS) keyVerdicts.set(key, verdict);
  }
  return verdict;
}

function isRedactable(key: string, value: unknown): boolean {
  return isSecretKey(key) && value !== null && value !== '' && typeof value !== 'boolean' && typeof value !== 'object';
}

/**
 * Same result as redactPayload, but replaces the secret values inside `value` itself instead of copying it. Only
 * for values nobody else holds, e.g. freshly parsed frames of the event stream (hot path: no copy per event).
 */
export function redactPayloadInPlace<T>(value: T): T {
  if (Array.isArray(value)) {
    for (const item of value) redactPayloadInPlace(item);
  } else if (value !== null && typeof value === 'object') {
    const record = value as Record<string, unknown>;
    for (const key in record) {
      if (!Object.prototype.hasOwnProperty.call(record, key)) continue;
      const inner = record[key];
      if (isRedactable(key, inner)) record[key] = REDACTED;
      else if (inner !== null && typeof inner === 'object') redactPayloadInPlace(inner);
    }
  }
  return value;
}

/** Returns a deep copy with secret fields replaced; non-empty values only, so "not set" stays visible as such. */
export function redactPayload<T>(value: T): T {
  return redactValue(value) as T;
}

function redactValue(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(redactValue);
  if (value === null || typeof value !== 'object') return value;
  const out: Record<string, unknown> = {};
  for (const [key, inner] of Object.entries(value as Record<string, unknown>)) {
    if (isRedactable(key, inner)) {
      out[key] = REDACTED;
    } else {
      out[key] = redactValue(inner);
    }
  }
  return out;
}

/**
 * The same result as redactPayload, but copy-on-write: parts without a secret are returned as they are, not copied.
 * For the offline cache's snapshots of big lists, where a deep copy of 100,000 clean rows every few seconds costs
 * more than writing them. Callers must not mutate the result (it may share objects with the input).
 */
export function redactedView<T>(value: T): T {
  return redactShared(value) as T;
}

function redactShared(value: unknown): unknown {
  if (value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) {
    let out: unknown[] | null = null;
    for (let i = 0; i < value.length; i++) {
      const next = redactShared(value[i]);
      if (next !== value[i]) (out ??= value.slice())[i] = next;
    }
    return out ?? value;
  }
  let out: Record<string, unknown> | null = null;
  for (const key in value as Record<string, unknown>) {
    if (!Object.prototype.hasOwnProperty.call(value, key)) continue;
    const inner = (value as Record<string, unknown>)[key];
    const next = isRedactable(key, inner) ? REDACTED : redactShared(inner);
    if (next !== inner) (out ??= { ...(value as Record<string, unknown>) })[key] = next;
  }
  return out ?? value;
}
