// Parses one wire message of the bridge and runs it against the host core; shared by both shells so the
// desktop IPC handler and the browser-mode WebSocket carry exactly the same contract (design.md, "Processes and layers").
import type { BridgeError, BridgeRequest, BridgeResult, StreamBatch } from '../contract';
import type { HostApi, Session } from '../host/session';

/** A request that could not be understood; answered as `invalid_input`, never thrown. */
export function invalidRequest(message: string): BridgeError {
  return { code: 'invalid_input', message };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Checks only the envelope (`kind` and the fields each kind needs). Method names, stream names and params are
 * validated by the host's router, which knows the schemas; doing it twice here would let the two drift apart.
 */
export function parseBridgeRequest(raw: unknown): BridgeRequest | BridgeError {
  if (!isRecord(raw)) return invalidRequest('Bridge request must be an object.');
  switch (raw.kind) {
    case 'invoke':
      if (typeof raw.method !== 'string') return invalidRequest('Bridge invoke needs a string "method".');
      return { kind: 'invoke', method: raw.method, params: raw.params };
    case 'subscribe':
      if (typeof raw.stream !== 'string') return invalidRequest('Bridge subscribe needs a string "stream".');
      if (typeof raw.subscriptionId !== 'string' || raw.subscriptionId.length === 0) {
        return invalidRequest('Bridge subscribe needs a non-empty string "subscriptionId".');
      }
      return { kind: 'subscribe', stream: raw.stream, params: raw.params, subscriptionId: raw.subscriptionId };
    case 'unsubscribe':
      if (typeof raw.subscriptionId !== 'string') {
        return invalidRequest('Bridge unsubscribe needs a string "subscriptionId".');
      }
      return { kind: 'unsubscribe', subscriptionId: raw.subscriptionId };
    default:
      return invalidRequest('Bridge request "kind" must be invoke, subscribe or unsubscribe.');
  }
}

function isBridgeRequest(value: BridgeRequest | BridgeError): value is BridgeRequest {
  return 'kind' in value;
}

/**
 * Runs one raw request for `session`. Stream batches go only to `deliver`, which the shell binds to the one
 * window or socket that subscribed. Never rejects: a host failure becomes an `internal` error result.
 */
export async function dispatchBridgeRequest(
  host: HostApi,
  raw: unknown,
  session: Session,
  deliver: (batch: StreamBatch<unknown>) => void,
): Promise<BridgeResult<unknown>> {
  const request = parseBridgeRequest(raw);
  if (!isBridgeRequest(request)) return { ok: false, error: request };
  try {
    switch (request.kind) {
      case 'invoke':
        return await host.invoke(request.method, request.params, session);
      case 'subscribe':
        return await host.subscribe(request.stream, request.params, request.subscriptionId, session, deliver);
      case 'unsubscribe':
        host.unsubscribe(request.subscriptionId, session);
        return { ok: true, value: undefined };
    }
  } catch (error) {
    // The router should never throw; if it does, say so without echoing internals that might carry secrets.
    const name = error instanceof Error ? error.name : 'Error';
    return {
      ok: false,
      error: { code: 'internal', message: `The host failed while handling the request (${name}). Check the host log.` },
    };
  }
}
