// Turns a value handed to the cache into stored bytes: redact, encode, refuse known secrets, checksum.
// Large lists are processed in slices with a yield between them, so a 20,000-job list never blocks the
// host's event loop for long (issue 7: no single block over 50 ms during a 1,000 events/s stream).
import { HostError } from '../host/host-error';
import { redactPayload } from '../redaction/redact-payload';
import type { SecretScrubber } from '../redaction/secret-scrubber';
import { assembleEntry, encodeSegment } from './entry-codec';

/** Items per step: about 5 ms of redaction and encoding for job list stubs on a modest machine. */
export const SLICE_ITEMS = 1000;
/** Objects this deep or deeper are redacted in one go; big lists sit near the top (`[...]`, `{ data: [...] }`). */
const MAX_SLICED_DEPTH = 2;

export class CacheRefusedError extends HostError {
  constructor(what: string) {
    super('invalid_input', `Not cached: ${what} still contains a credential after redaction, so it was not written to disk. The view still works; only its offline copy is missing.`);
    this.name = 'CacheRefusedError';
  }
}

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

export async function prepareEntry(value: unknown, storedAt: number, scrubber: SecretScrubber, what: string): Promise<Buffer> {
  if (Array.isArray(value) && value.length > SLICE_ITEMS) {
    const segments: Buffer[] = [];
    for (let start = 0; start < value.length; start += SLICE_ITEMS) {
      const segment = encodeSegment(redactPayload(value.slice(start, start + SLICE_ITEMS)));
      refuseKnownSecrets(segment, scrubber, what);
      segments.push(segment);
      await nextTurn();
    }
    return assembleEntry(storedAt, { segments });
  }
  const redacted = await redactInSteps(value, 0);
  const whole = encodeSegment(redacted);
  refuseKnownSecrets(whole, scrubber, what);
  return assembleEntry(storedAt, { whole });
}

/**
 * Same result as redactPayload, but big arrays near the top are redacted slice by slice. Equivalent because
 * redactPayload only replaces scalar values of secret keys and otherwise recurses into objects unchanged.
 */
async function redactInSteps(value: unknown, depth: number): Promise<unknown> {
  if (value === null || typeof value !== 'object' || depth >= MAX_SLICED_DEPTH) return redactPayload(value);
  if (Array.isArray(value)) {
    if (value.length <= SLICE_ITEMS) return redactPayload(value);
    const out: unknown[] = [];
    for (let start = 0; start < value.length; start += SLICE_ITEMS) {
      for (const item of redactPayload(value.slice(start, start + SLICE_ITEMS))) out.push(item);
      await nextTurn();
    }
    return out;
  }
  const entries = Object.entries(value as Record<string, unknown>);
  const scalars: Record<string, unknown> = {};
  const nested = new Map<string, unknown>();
  for (const [key, inner] of entries) {
    if (inner !== null && typeof inner === 'object') nested.set(key, await redactInSteps(inner, depth + 1));
    else scalars[key] = inner;
  }
  const redactedScalars = redactPayload(scalars);
  const out: Record<string, unknown> = {};
  for (const [key] of entries) out[key] = nested.has(key) ? nested.get(key) : redactedScalars[key];
  return out;
}

/**
 * msgpack keeps strings as raw UTF-8, so a registered token inside any key or value appears verbatim in the
 * encoded bytes, where a plain substring search finds it.
 */
function refuseKnownSecrets(encoded: Buffer, scrubber: SecretScrubber, what: string): void {
  const text = encoded.toString('utf8');
  if (scrubber.containsKnownSecret(text)) throw new CacheRefusedError(what);
}
