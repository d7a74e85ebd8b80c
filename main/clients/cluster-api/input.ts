// Checks of input the spec constrains, made before anything is sent (style.md, Errors and input; cluster-api.md, Limits).
import { HostError } from '../../host/host-error';

/** Dispatch payload limit of the newer description (cluster-api.md, Limits): 16384 bytes after Base64 decoding. */
export const MAX_DISPATCH_PAYLOAD_BYTES = 16_384;

/**
 * ID prefixes must hold an even number of hexadecimal characters (cluster-api.md, Limits); the dashes of a UUID may
 * be kept, as copied from the UI, and do not count.
 */
export function checkIdPrefix(prefix: string | undefined, what: string): string | undefined {
  if (prefix === undefined || prefix === '') return undefined;
  const hex = prefix.replace(/-/g, '');
  if (!/^[0-9a-fA-F]*$/.test(hex) || hex.length % 2 !== 0) {
    throw new HostError(
      'invalid_input',
      `The ${what} ID prefix "${prefix}" is not usable: the cluster needs an even number of hexadecimal characters (0-9, a-f). ${hex.length % 2 !== 0 && /^[0-9a-fA-F]*$/.test(hex) ? 'Add or remove one character.' : 'Remove the other characters.'}`,
      { details: [{ path: 'prefix', message: 'even number of hexadecimal characters' }] },
    );
  }
  return prefix.toLowerCase();
}

/** Validates a Base64 payload and returns its decoded size; rejects bad text or a payload over the limit. */
export function checkDispatchPayload(payload: string | undefined): number {
  if (payload === undefined || payload === '') return 0;
  const compact = payload.replace(/\s+/g, '');
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(compact) || compact.length % 4 === 1) {
    throw new HostError('invalid_input', 'The dispatch payload is not valid Base64. Encode the payload file as Base64 and try again.', {
      details: [{ path: 'payload', message: 'not Base64' }],
    });
  }
  const size = Buffer.from(compact, 'base64').length;
  if (size > MAX_DISPATCH_PAYLOAD_BYTES) {
    throw new HostError('invalid_input', `The dispatch payload is ${size} bytes; the cluster accepts at most ${MAX_DISPATCH_PAYLOAD_BYTES} bytes. Shrink it, or pass large inputs through Meta or an artifact.`, {
      details: [{ path: 'payload', message: `at most ${MAX_DISPATCH_PAYLOAD_BYTES} bytes` }],
    });
  }
  return size;
}

export function checkInteger(value: number | undefined, what: string, min = 0): void {
  if (value === undefined) return;
  if (!Number.isInteger(value) || value < min) {
    throw new HostError('invalid_input', `The ${what} must be a whole number of at least ${min}; got ${String(value)}.`, { details: [{ path: what, message: `integer >= ${min}` }] });
  }
}
