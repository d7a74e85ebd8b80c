// Pre-generated upstream bytes for the stream benchmark, shaped like the cluster's own streams: event-stream frames
// `{Index, Events}` of 50 events (clients batch allocation updates; every 20th event a node heartbeat carrying the
// node's SecretID, as the simulator's load does) and task-log frames `{Offset, Data (Base64), FileEvent}` of 64 KiB.
import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export const EVENTS_PER_FRAME = 50;
export const LOG_FRAME_BYTES = 64 * 1024;

const hex = (n: number, width: number) => n.toString(16).padStart(width, '0').slice(-width);
const uuid = (n: number) => `${hex(n, 8)}-${hex(n * 7, 4)}-4${hex(n * 13, 3)}-a${hex(n * 17, 3)}-${hex(n * 31, 12)}`;

function allocationEvent(index: number, n: number): string {
  const id = uuid(n);
  return JSON.stringify({
    Topic: 'Allocation', Type: 'AllocationUpdated', Key: id, Namespace: n % 3 ? 'default' : 'batch', FilterKeys: [`svc-${n % 997}`, ''], Index: index,
    Payload: { Allocation: { ID: id, Namespace: n % 3 ? 'default' : 'batch', JobID: `svc-${n % 997}`, TaskGroup: 'web', NodeID: uuid(n % 5000), NodeName: `node-${n % 5000}`, DesiredStatus: 'run', ClientStatus: 'running', ModifyIndex: index, ModifyTime: 1767225600000000000 + n } },
  });
}

function nodeEvent(index: number, n: number): string {
  const id = uuid(n % 5000);
  return JSON.stringify({
    Topic: 'Node', Type: 'NodeEvent', Key: id, Namespace: '', FilterKeys: null, Index: index,
    Payload: { Node: { ID: id, SecretID: uuid(n + 1), Name: `node-${n % 5000}`, Datacenter: 'dc1', Status: 'ready', SchedulingEligibility: 'eligible', ModifyIndex: index, Events: [{ Message: 'Node heartbeat received', Subsystem: 'Heartbeat', Details: { ttl: '15s' } }] } },
  });
}

/** `count` events in frames of EVENTS_PER_FRAME, each frame one NDJSON line with its own Index. */
export function eventFrames(count: number, firstIndex = 1000): Buffer[] {
  const frames: Buffer[] = [];
  let n = 0;
  for (let index = firstIndex; n < count; index++) {
    const events: string[] = [];
    for (let i = 0; i < EVENTS_PER_FRAME && n < count; i++, n++) events.push(n % 20 === 19 ? nodeEvent(index, n) : allocationEvent(index, n));
    frames.push(Buffer.from(`{"Index":${index},"Events":[${events.join(',')}]}\n`));
  }
  return frames;
}

/**
 * Log lines as services write them: ASCII, with a multi-byte character now and then (one line in 1,500), so some
 * frames cut through a character as the agent's do.
 */
function logBlock(bytes: number, seed: number): Buffer {
  const lines: string[] = [];
  let size = 0;
  for (let i = 0; size < bytes; i++) {
    const user = (i + seed) % 1500 === 0 ? 'user=“jürgen” ' : `user=u${(i + seed) % 7} `;
    const line = `2026-01-01T00:00:${String(i % 60).padStart(2, '0')}.123Z [INFO] web: request served path=/api/v1/items/${i} status=200 ${user}duration=${(i % 97) / 10}ms\n`;
    lines.push(line);
    size += Buffer.byteLength(line);
  }
  return Buffer.from(lines.join('')).subarray(0, bytes);
}

/** `totalBytes` of log text in frames of LOG_FRAME_BYTES that tile the file (Offset = first byte's position). */
export function logFrames(totalBytes: number): { frames: Buffer[]; dataBytes: number } {
  // A few different blocks, so the cut characters fall in different frames.
  const blocks = [0, 377, 751, 1123].map((seed) => logBlock(LOG_FRAME_BYTES, seed));
  const encoded = blocks.map((block) => block.toString('base64'));
  const frames: Buffer[] = [];
  let offset = 0;
  for (let i = 0; offset < totalBytes; i++) {
    frames.push(Buffer.from(`{"Offset":${offset},"Data":"${encoded[i % blocks.length]}","FileEvent":""}\n`));
    offset += blocks[i % blocks.length].length;
  }
  return { frames, dataBytes: offset };
}

/**
 * A loopback server that writes the given frames as fast as the client reads them (honouring backpressure), then
 * ends the body. Later requests (a resume after the end) are held open with nothing to send.
 */
export async function listenWithFrames(frames: Buffer[]): Promise<{ url: string; close(): Promise<void> }> {
  const held = new Set<ServerResponse>();
  let requests = 0;
  const server: Server = createServer((_req, res) => {
    requests++;
    res.writeHead(200, { 'content-type': 'application/json' });
    if (requests > 1) {
      held.add(res);
      res.on('close', () => held.delete(res));
      return;
    }
    let i = 0;
    const pump = (): void => {
      while (i < frames.length) {
        if (!res.write(frames[i++])) {
          res.once('drain', pump);
          return;
        }
      }
      res.end();
    };
    pump();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        for (const res of held) res.destroy();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
