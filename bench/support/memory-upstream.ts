// An upstream without a network: a StreamTransport whose first request answers with the given bytes, cut into
// 64 KiB chunks (the size of a socket read) and handed out one per macrotask, as data arriving from a socket would.
// It lets the stream benchmark time the host's own stream path apart from the kernel's and Node's HTTP reading.
// Later requests (a resume after the end) are held open with nothing to send, as the loopback server does.
import { Readable } from 'node:stream';
import type { IncomingMessage } from 'node:http';
import type { StreamTransport } from '../../main/streams/stream-protocol';

export const SOCKET_READ_BYTES = 64 * 1024;

/** `bytes`: the body, whole or as frames (joined once here, outside any timing). */
export function memoryUpstream(bytes: Buffer | Buffer[]): StreamTransport {
  const wire = Array.isArray(bytes) ? Buffer.concat(bytes) : bytes;
  let requests = 0;
  return {
    label: 'an in-memory upstream',
    async open() {
      const first = requests++ === 0;
      let at = 0;
      const body = new Readable({
        read() {
          if (!first) return; // held open, silent
          // setImmediate: the next chunk comes after the host has handled this one, like the next socket read.
          setImmediate(() => {
            if (at >= wire.length) {
              body.push(null);
              return;
            }
            body.push(wire.subarray(at, at + SOCKET_READ_BYTES));
            at += SOCKET_READ_BYTES;
          });
        },
      });
      return { status: 200, headers: {}, body: body as unknown as IncomingMessage };
    },
  };
}
