// Checks a dispatch before it is sent (style.md, Errors and input): the payload's size in bytes against the
// 16384-byte limit (cluster-api.md, POST /v1/job/:job_id/dispatch, newer description), the payload rule of the
// job's ParameterizedJob config, and its required and allowed meta keys.

export const MAX_PAYLOAD_BYTES = 16384;

export interface ParameterizedConfig {
  /** `required`, `optional` or `forbidden` (Nomad's rules); absent means optional. */
  Payload?: string;
  MetaRequired?: string[] | null;
  MetaOptional?: string[] | null;
}

export interface DispatchInput {
  payload: string;
  meta: Record<string, string>;
}

export interface DispatchIssue {
  field: 'payload' | `meta.${string}`;
  message: string;
}

/** Bytes of the payload as sent (UTF-8), which is what the server limits, not characters. */
export function payloadBytes(text: string): number {
  return new TextEncoder().encode(text).length;
}

/** The payload as the API wants it: Base64 of its UTF-8 bytes. */
export function payloadBase64(text: string): string {
  const bytes = new TextEncoder().encode(text);
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}

export function dispatchIssues(config: ParameterizedConfig, input: DispatchInput): DispatchIssue[] {
  const issues: DispatchIssue[] = [];
  const size = payloadBytes(input.payload);
  const rule = config.Payload || 'optional';
  if (size > MAX_PAYLOAD_BYTES) {
    issues.push({ field: 'payload', message: `The payload is ${size} bytes; the cluster accepts at most ${MAX_PAYLOAD_BYTES} bytes. Shorten it, or pass a reference (a URL or path) instead of the data.` });
  } else if (rule === 'required' && size === 0) {
    issues.push({ field: 'payload', message: 'This job requires a payload (its parameterized Payload rule is "required").' });
  } else if (rule === 'forbidden' && size > 0) {
    issues.push({ field: 'payload', message: 'This job forbids a payload (its parameterized Payload rule is "forbidden"); clear the field.' });
  }
  for (const key of config.MetaRequired ?? []) {
    if (!(input.meta[key] ?? '').trim()) issues.push({ field: `meta.${key}`, message: `Meta "${key}" is required by the job.` });
  }
  return issues;
}

/** Meta to send: required keys, and optional keys that were filled in. */
export function dispatchMeta(config: ParameterizedConfig, meta: Record<string, string>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const key of [...(config.MetaRequired ?? []), ...(config.MetaOptional ?? [])]) {
    const value = meta[key];
    if (value !== undefined && value !== '') out[key] = value;
  }
  return out;
}

/** A fresh idempotency token, so a double click or a retry cannot dispatch twice. */
export function newIdempotencyToken(): string {
  return crypto.randomUUID();
}
