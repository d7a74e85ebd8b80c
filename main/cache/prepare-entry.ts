// Turns a value handed to the cache into stored bytes: redact, encode, refuse known secrets, checksum.
// Large lists are processed in slices with a yield between them, so a 20,000-job list never blocks the
// host's event loop for long (issue 7: no single block over 50 ms during a 1,000 events/s stream).
import { HostError } from '../host/host-error';
import { redactedView } from '../redaction/redact-payload';
import type { SecretScrubber } from '../redaction/secret-scrubber';
import { assembleEntry, assembleEntryInSteps, encodeSegment } from './entry-codec';
import { timeStep } from './step-timer';

/** Items per step: a millisecond or two of redaction and encoding for list rows on a modest machine. */
export const SLICE_ITEMS = 250;
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
      const segment = timeStep('encode slice', () => {
        const encoded = encodeSegment(redactedView(value.slice(start, start + SLICE_ITEMS)));
        refuseKnownSecrets(encoded, scrubber, what);
        return encoded;
      });
      segments.push(segment);
      await nextTurn();
    }
    return assembleEntryInSteps(storedAt, segments, nextTurn);
  }
  const redacted = await redactInSteps(value, 0);
  return timeStep('encode value', () => {
    const whole = encodeSegment(redacted);
    refuseKnownSecrets(whole, scrubber, what);
    return assembleEntry(storedAt, { whole });
  });
}

/**
 * Same result as redactPayload, but big arrays near the top are redacted slice by slice. Equivalent because
 * redactPayload only replaces scalar values of secret keys and otherwise recurses into objects unchanged.
 * Copy-on-write (redactedView): clean parts are shared with the caller's value, which is only read here.
 */
async function redactInSteps(value: unknown, depth: number): Promise<unknown> {
  if (value === null || typeof value !== 'object' || depth >= MAX_SLICED_DEPTH) return redactedView(value);
  if (Array.isArray(value)) {
    if (value.length <= SLICE_ITEMS) return redactedView(value);
    const out: unknown[] = [];
    for (let start = 0; start < value.length; start += SLICE_ITEMS) {
      for (const item of redactedView(value.slice(start, start + SLICE_ITEMS))) out.push(item);
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
  const redactedScalars = redactedView(scalars);
  const out: Record<string, unknown> = {};
  for (const [key] of entries) out[key] = nested.has(key) ? nested.get(key) : redactedScalars[key];
  return out;
}

/**
 * msgpack keeps strings as raw UTF-8, so a registered token inside any key or value appears verbatim in the
 * encoded bytes, where a plain byte search finds it (no string decoded: a snapshot is MBs).
 */
function refuseKnownSecrets(encoded: Buffer, scrubber: SecretScrubber, what: string): void {
  if (scrubber.bytesContainKnownSecret(encoded)) throw new CacheRefusedError(what);
}
