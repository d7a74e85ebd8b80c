// Secret fields stripped before payloads leave the client (design.md, invariant 2). Objects go through redactPayload;
// diffs need more, because a diff names the field in `Name` and carries the secret in `Old`/`New`.
import { REDACTED, redactPayload } from '../../redaction/redact-payload';

const SECRET_DIFF_FIELDS = new Set(['SecretsToken', 'MeshToken', 'SecretID']);

function redactDiffNode(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(redactDiffNode);
  if (value === null || typeof value !== 'object') return value;
  const record = value as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  for (const [key, inner] of Object.entries(record)) out[key] = redactDiffNode(inner);
  if (typeof record.Name === 'string' && SECRET_DIFF_FIELDS.has(record.Name)) {
    for (const side of ['Old', 'New'] as const) if (typeof out[side] === 'string' && out[side] !== '') out[side] = REDACTED;
  }
  return out;
}

/** Redacts job, node and allocation payloads, and diffs that mention a secret field. */
export function redactClusterPayload<T>(value: T): T {
  return redactDiffNode(redactPayload(value)) as T;
}
