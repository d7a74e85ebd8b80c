// Errors that crossed the bridge, rebuilt as real exceptions so callers can `try/catch` them (Podman Desktop style).
import type { BridgeError, BridgeResult, ErrorCode, FieldIssue } from '../../../main/contract';

export class BridgeCallError extends Error {
  readonly code: ErrorCode;
  readonly status?: number;
  readonly detail?: string;
  readonly details?: unknown;
  /** The method that failed, so a message can say what was being done. */
  readonly method: string;

  constructor(method: string, error: BridgeError) {
    super(error.message);
    this.name = 'BridgeCallError';
    this.method = method;
    this.code = error.code;
    this.status = error.status;
    this.detail = error.detail;
    this.details = error.details;
  }
}

/** Returns the value of a successful result; throws a BridgeCallError for `{ ok: false }`. */
export function unwrapResult<T>(method: string, result: BridgeResult<T>): T {
  if (result && result.ok === true) return result.value;
  if (result && result.ok === false && result.error && typeof result.error.message === 'string') {
    throw new BridgeCallError(method, result.error);
  }
  // A malformed answer means host and renderer are out of step; say so instead of failing later on `undefined`.
  throw new BridgeCallError(method, {
    code: 'internal',
    message: `The host answered ${method} in an unexpected form. Restart Quarterdeck; report it if it repeats.`,
  });
}

/** A rejection of the transport itself (IPC gone, socket closed) becomes a BridgeCallError too. */
export function toBridgeCallError(method: string, error: unknown): BridgeCallError {
  if (error instanceof BridgeCallError) return error;
  const reason = error instanceof Error ? error.message : String(error);
  return new BridgeCallError(method, {
    code: 'internal',
    message: `Quarterdeck could not reach its host process (${reason}). Restart the app, or reload the page in browser mode.`,
  });
}

/** Per-field issues of an `invalid_input` error (`details: {path, message}[]`); empty for anything else. */
export function fieldIssues(error: unknown): FieldIssue[] {
  if (!(error instanceof BridgeCallError) || error.code !== 'invalid_input' || !Array.isArray(error.details)) return [];
  return error.details.filter(
    (issue): issue is FieldIssue =>
      typeof issue === 'object' && issue !== null && typeof issue.path === 'string' && typeof issue.message === 'string',
  );
}

/** One line a person can act on: the message, plus the upstream status and detail where they add something. */
export function describeError(error: unknown): string {
  if (error instanceof BridgeCallError) {
    const status = error.status !== undefined && !error.message.includes(String(error.status)) ? ` (HTTP ${error.status})` : '';
    const detail = error.detail && !error.message.includes(error.detail) ? ` ${error.detail}` : '';
    return `${error.message}${status}${detail}`;
  }
  if (error instanceof Error) return error.message;
  return String(error);
}
