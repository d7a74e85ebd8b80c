// HostError carries a stable bridge code; toBridgeError turns anything thrown into a safe, readable BridgeError.
import type { BridgeError, ErrorCode } from '../contract';

export class HostError extends Error {
  readonly code: ErrorCode;
  readonly status?: number;
  readonly detail?: string;
  readonly details?: unknown;

  constructor(code: ErrorCode, message: string, extra: { status?: number; detail?: string; details?: unknown; cause?: unknown } = {}) {
    super(message, extra.cause === undefined ? undefined : { cause: extra.cause });
    this.name = 'HostError';
    this.code = code;
    this.status = extra.status;
    this.detail = extra.detail;
    this.details = extra.details;
  }
}

/** Anything unexpected becomes `internal` with a generic message: stack traces and raw texts never cross the bridge. */
export function toBridgeError(error: unknown): BridgeError {
  if (error instanceof HostError) {
    const out: BridgeError = { code: error.code, message: error.message };
    if (error.status !== undefined) out.status = error.status;
    if (error.detail !== undefined) out.detail = error.detail;
    if (error.details !== undefined) out.details = error.details;
    return out;
  }
  return {
    code: 'internal',
    message: 'Quarterdeck hit an unexpected error. The details are in the app log; try again, and report it if it repeats.',
  };
}
