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

function isSecretKey(key: string): boolean {
  return SECRET_FIELDS.has(key) || SECRET_KEY_PATTERN.test(key);
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
    if (isSecretKey(key) && inner !== null && inner !== '' && typeof inner !== 'boolean' && typeof inner !== 'object') {
      out[key] = REDACTED;
    } else {
      out[key] = redactValue(inner);
    }
  }
  return out;
}
