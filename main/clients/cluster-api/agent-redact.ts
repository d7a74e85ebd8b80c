// Redaction of agent answers (design.md, invariant 2: "tokens in agent config"). The shared field pattern needs a
// `_`/`-` before `token`, so CamelCase keys such as `ReplicationToken` and the Consul `Auth` (user:password) slip
// through it; this pass splits CamelCase and snake_case words and judges the last one, then removes any copy of a
// redacted value found elsewhere in the document.
import { REDACTED, redactPayload } from '../../redaction/redact-payload';

/** Last words of a key that name a credential: `Token`, `EncryptKey`, `Auth`, `Password`, `APIKey`, ... */
const SECRET_LAST_WORDS = new Set(['token', 'secret', 'password', 'passwd', 'auth', 'key', 'credential', 'credentials']);

/** Keys ending in `key` that are not credentials (file paths, plain names). */
const NOT_SECRET = new Set(['key', 'publickey']);

function words(key: string): string[] {
  return key
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .split(/[\s_.-]+/)
    .filter(Boolean)
    .map((word) => word.toLowerCase());
}

export function isCredentialKey(key: string): boolean {
  const list = words(key);
  const last = list[list.length - 1];
  if (last === undefined || NOT_SECRET.has(list.join(''))) return false;
  return SECRET_LAST_WORDS.has(last);
}

const MIN_ECHO_LENGTH = 8; // shorter values (e.g. "true") would blank ordinary text

function redactKeys(value: unknown, found: Set<string>): unknown {
  if (Array.isArray(value)) return value.map((item) => redactKeys(item, found));
  if (value === null || typeof value !== 'object') return value;
  const out: Record<string, unknown> = {};
  for (const [key, inner] of Object.entries(value as Record<string, unknown>)) {
    const scalar = typeof inner === 'string' || typeof inner === 'number';
    if (scalar && inner !== '' && inner !== REDACTED && isCredentialKey(key)) {
      if (typeof inner === 'string' && inner.length >= MIN_ECHO_LENGTH) found.add(inner);
      out[key] = REDACTED;
    } else {
      out[key] = redactKeys(inner, found);
    }
  }
  return out;
}

function removeEchoes(value: unknown, secrets: readonly string[]): unknown {
  if (typeof value === 'string') return secrets.reduce((text, secret) => (text.includes(secret) ? text.split(secret).join(REDACTED) : text), value);
  if (Array.isArray(value)) return value.map((item) => removeEchoes(item, secrets));
  if (value === null || typeof value !== 'object') return value;
  const out: Record<string, unknown> = {};
  for (const [key, inner] of Object.entries(value as Record<string, unknown>)) out[key] = removeEchoes(inner, secrets);
  return out;
}

/** `scheme://user:password@host` → the password replaced; connection strings in config or environment carry them. */
function redactUrlPasswords(text: string): string {
  return text.replace(/([a-z][a-z0-9+.-]*:\/\/[^\s:/@]+:)([^\s@/]+)(@)/gi, `$1${REDACTED}$3`);
}

function mapStrings(value: unknown, fn: (text: string) => string): unknown {
  if (typeof value === 'string') return fn(value);
  if (Array.isArray(value)) return value.map((item) => mapStrings(item, fn));
  if (value === null || typeof value !== 'object') return value;
  const out: Record<string, unknown> = {};
  for (const [key, inner] of Object.entries(value as Record<string, unknown>)) out[key] = mapStrings(inner, fn);
  return out;
}

/** Redacts an agent document (self, host data): credential keys at any depth, URL passwords, and echoes of both. */
export function redactAgentDocument<T>(value: T): T {
  const found = new Set<string>();
  // Keys first, so the values they held are known before anything else replaces them; then the shared pattern.
  const keyed = mapStrings(redactPayload(redactKeys(value, found)), redactUrlPasswords);
  return (found.size > 0 ? removeEchoes(keyed, [...found]) : keyed) as T;
}
