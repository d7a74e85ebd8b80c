// Turns the service's JSON:API error answers into HostErrors whose code keeps its meaning across the bridge and
// whose message says what failed, why, and what to do (workspace-api.md, Errors; style.md, Errors and input).
import type { ErrorCode } from '../../contract';
import { HostError } from '../../host/host-error';
import { readErrors } from './jsonapi';

/** Status → bridge code. 412 is a failed precondition on state create, a conflict to the operator. */
export function codeForStatus(status: number): ErrorCode {
  switch (status) {
    case 400:
    case 422:
      return 'invalid_input';
    case 401:
      return 'unauthorized';
    case 403:
      return 'forbidden';
    case 404:
      return 'not_found';
    case 409:
    case 412:
      return 'conflict';
    case 429:
      return 'rate_limited';
    default:
      return status >= 400 && status < 500 ? 'invalid_input' : 'internal';
  }
}

const DEFAULT_REASON: Record<number, string> = {
  400: 'the service refused the request',
  401: 'the token was refused',
  403: 'this token is not allowed to do this',
  404: 'not found, or this token may not see it',
  409: 'it conflicts with the current state',
  412: 'a precondition failed',
  422: 'the service refused the values sent',
  429: 'too many requests for this token',
  503: 'the service is temporarily unavailable',
};

const DEFAULT_ADVICE: Record<number, string> = {
  400: 'Check the values and try again.',
  401: 'The token may be wrong, expired or revoked: set a new token for this connection.',
  403: 'Ask an organization owner for the permission, or use a token that has it.',
  // The service answers 404 both for a missing resource and for one the token may not see (workspace-api.md, Errors).
  404: 'Check the name or id, and that this token has access to it.',
  409: 'Refresh to see the current state, then try again.',
  412: 'Check that the serial, lineage and MD5 match the state content.',
  422: 'Fix the values and try again.',
  429: 'Wait a moment and try again.',
  503: 'Try again shortly.',
};

export interface ErrorContext {
  /** What was attempted, e.g. "Unlock of workspace ws-123". */
  what: string;
  /** Advice per status that replaces the default, e.g. for 409 on unlock. */
  advice?: Partial<Record<number, string>>;
}

/** Upstream texts are kept short; they reach the renderer as `detail`. */
const clip = (text: string): string => (text.length > 500 ? `${text.slice(0, 497)}...` : text);

export function errorFromResponse(status: number, body: unknown, context: ErrorContext, retryAfterMs?: number): HostError {
  const errors = readErrors(body);
  const details = errors.map((error) => error.detail ?? error.title).filter((text): text is string => !!text);
  const said = details.length > 0 ? clip(details.join('; ')) : null;
  // A 404 is ambiguous by design (workspace-api.md, Errors), so the person always reads both possibilities.
  const reason = status === 404 ? `${DEFAULT_REASON[404]}${said ? ` (the service says: ${said})` : ''}` : (said ?? DEFAULT_REASON[status] ?? `the service answered HTTP ${status}`);
  const advice = context.advice?.[status] ?? DEFAULT_ADVICE[status] ?? (status >= 500 ? 'The service failed; try again, and report it if it repeats.' : '');
  const message = `${context.what} failed: ${reason} (${status}).${advice ? ` ${advice}` : ''}`;
  return new HostError(codeForStatus(status), message, {
    status,
    detail: details.length > 0 ? clip(details.join('; ')) : undefined,
    details: {
      errors: errors.map((error) => ({ title: error.title, detail: error.detail === undefined ? undefined : clip(error.detail) })),
      retryable: status === 429 || status === 503,
      ...(retryAfterMs === undefined ? {} : { retryAfterMs }),
    },
  });
}

export function unexpectedShape(what: string, issue: string): HostError {
  return new HostError(
    'internal',
    `${what} failed: the service answered in an unexpected shape (${issue}). The service may be a different version than expected; report it if it repeats.`,
  );
}
