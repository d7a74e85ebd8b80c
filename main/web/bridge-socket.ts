// One browser-mode WebSocket = one host session: requests in, answers and that session's stream batches out,
// and the session closed when the socket goes (design.md, "Streams ... closed when its window goes away").
import { randomUUID } from 'node:crypto';
import type { WebSocket } from 'ws';
import type { StreamBatch } from '../contract';
import type { HostApi, Session } from '../host/session';
import { dispatchBridgeRequest, invalidRequest } from './bridge-request';

/** Messages above this size close the socket (ws `maxPayload`); no request of the contract comes near it. */
export const MAX_MESSAGE_BYTES = 1024 * 1024;

/**
 * A tab that stops reading (frozen, debugger paused) must not make the host buffer without limit: past this
 * many queued bytes the socket is closed, and the bridge reconnects and resubscribes (design.md, bounded buffers).
 */
export const MAX_BUFFERED_BYTES = 16 * 1024 * 1024;

type RequestId = string | number | null;

function requestIdOf(message: unknown): RequestId {
  if (typeof message !== 'object' || message === null) return null;
  const id = (message as { id?: unknown }).id;
  return typeof id === 'string' || typeof id === 'number' ? id : null;
}

export function attachBridgeSocket(socket: WebSocket, host: HostApi): Session {
  const session: Session = { id: `browser-${randomUUID()}` };
  let closed = false;

  const sendJson = (value: unknown): void => {
    if (closed || socket.readyState !== socket.OPEN) return;
    if (socket.bufferedAmount > MAX_BUFFERED_BYTES) {
      socket.close(1013, 'Too much unread data; reconnect.');
      return;
    }
    socket.send(JSON.stringify(value));
  };
  const deliver = (batch: StreamBatch<unknown>): void => sendJson({ type: 'batch', batch });

  socket.on('message', (data, isBinary) => {
    void (async () => {
      let message: unknown;
      try {
        if (isBinary) throw new Error('binary');
        message = JSON.parse(data.toString());
      } catch {
        sendJson({ id: null, result: { ok: false, error: invalidRequest('Bridge messages must be JSON text.') } });
        return;
      }
      const id = requestIdOf(message);
      if (id === null) {
        sendJson({ id: null, result: { ok: false, error: invalidRequest('Bridge messages need a string or number "id".') } });
        return;
      }
      const { id: _id, ...request } = message as Record<string, unknown>;
      const result = await dispatchBridgeRequest(host, request, session, deliver);
      // A subscribe that completed after the socket closed must not leave an orphan upstream behind.
      if (closed) host.closeSession(session);
      sendJson({ id, result });
    })();
  });

  const end = (): void => {
    if (closed) return;
    closed = true;
    host.closeSession(session);
  };
  socket.on('close', end);
  socket.on('error', end);
  return session;
}
