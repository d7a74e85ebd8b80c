// Errors as they cross the bridge: a stable code, a message a person can act on, and upstream facts where known.

export type ErrorCode =
  | 'unauthorized'
  | 'forbidden'
  | 'not_found'
  | 'conflict'
  | 'rate_limited'
  | 'unreachable'
  | 'tls'
  | 'invalid_input'
  | 'timeout'
  | 'internal';

export interface BridgeError {
  code: ErrorCode;
  /** Says what failed, why, and what the person can do. */
  message: string;
  /** Upstream HTTP status, when the error came from a server. */
  status?: number;
  /** Upstream detail text (e.g. JSON:API `errors[].detail`), already redacted. */
  detail?: string;
  /** Structured extras, e.g. per-field validation issues `{ path, message }[]`. */
  details?: unknown;
}

export type BridgeResult<T> = { ok: true; value: T } | { ok: false; error: BridgeError };

export interface FieldIssue {
  path: string;
  message: string;
}
