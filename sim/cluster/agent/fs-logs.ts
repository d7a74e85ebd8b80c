// `/v1/client/fs/logs/:alloc_id`: a task's stdout/stderr as StreamFrames `{Offset, Data, FileEvent}` or plain bytes,
// from an origin and offset, optionally following the file as it grows. Parameter checks and their messages are
// the real agent's; `Offset` is the file position of the frame's first byte, so frames tile the file exactly.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { requireAcl, type AgentContext } from './context';
import { drained, encodeFrame, frameLength, HEARTBEAT_FRAME, lineAlignedLength, writePlain } from './frames';
import { CodedError, invalidMethod, parseGoBool, parseGoInt, TEXT } from './http-errors';
import type { LogFile } from './log-store';
import type { LogType } from './task-log';

/** The agent's StreamFramer cuts file data into frames of at most 64 KiB. */
export const LOG_FRAME_BYTES = 64 * 1024;

interface LogRequest {
  task: string;
  type: LogType;
  follow: boolean;
  plain: boolean;
  origin: 'start' | 'end';
  offset: number;
}

function parseLogRequest(url: URL): LogRequest {
  const q = url.searchParams;
  const task = q.get('task') ?? '';
  if (task === '') throw new CodedError(400, 'must provide task name');
  const follow = parseGoBool(q.get('follow'), 'follow');
  const plain = parseGoBool(q.get('plain'), 'plain');
  const type = q.get('type');
  if (type !== 'stdout' && type !== 'stderr') throw new CodedError(400, 'must provide log type (stdout/stderr)');
  const origin = q.get('origin') || 'start';
  if (origin !== 'start' && origin !== 'end') throw new CodedError(400, 'origin must be start or end');
  const offset = parseGoInt(q.get('offset'), 'offset', 0);
  if (offset < 0) throw new CodedError(400, 'offset cannot be negative');
  return { task, type, follow, plain, origin, offset };
}

export async function fsLogsRoute(ctx: AgentContext, req: IncomingMessage, res: ServerResponse, url: URL, allocId: string): Promise<void> {
  if (req.method !== 'GET') throw invalidMethod();
  if (allocId === '') throw new CodedError(400, 'must provide a valid alloc id');
  const params = parseLogRequest(url);
  requireAcl(ctx, req, 'namespace:read-logs');
  const alloc = ctx.lookup.findAllocation(allocId);
  if (!alloc) throw new CodedError(404, `Unknown allocation "${allocId}"`);
  if (!alloc.TaskNames.includes(params.task)) {
    throw new CodedError(400, `allocation "${allocId}" does not have task with name "${params.task}" (tasks: ${alloc.TaskNames.join(', ')})`);
  }
  const file = ctx.logs.get(alloc.ID, params.task, params.type);
  // origin=end counts back from the end, clamped at the start of what is retained: "load earlier text" works by
  // asking for a larger offset from the end.
  const start = params.origin === 'start' ? params.offset : Math.max(file.base, file.end - params.offset);
  await streamLog(ctx, res, file, start, params);
}

async function streamLog(ctx: AgentContext, res: ServerResponse, file: LogFile, start: number, params: LogRequest): Promise<void> {
  res.writeHead(200, { 'Content-Type': params.plain ? TEXT : 'application/json', 'Cache-Control': 'no-cache' });
  res.flushHeaders();
  const stream = ctx.faults.stream(res);
  const stop = (): void => {
    res.destroy();
  };
  ctx.open.add(stop);
  const release = params.follow ? ctx.logs.follow(file) : () => undefined;
  // Heartbeats keep a quiet followed stream open; plain bodies carry no frames, so no heartbeats either.
  const heartbeat = params.follow && !params.plain ? setInterval(() => stream.writeFrame(HEARTBEAT_FRAME), ctx.heartbeatMs) : undefined;
  const snapshotEnd = file.end;
  let cursor = start;
  try {
    for (;;) {
      const limit = (): number => (params.follow ? file.end : snapshotEnd);
      while (cursor < limit() && !stream.closed) {
        cursor = Math.max(cursor, file.base);
        const chunk = file.read(cursor, Math.min(limit(), cursor + LOG_FRAME_BYTES));
        let length: number;
        if (params.plain) {
          length = lineAlignedLength(chunk);
          // A line still being written waits for its newline when following; otherwise the bytes go out as they are.
          if (length === 0 && params.follow && chunk.length < LOG_FRAME_BYTES) break;
          if (length === 0) length = chunk.length;
          writePlain(stream, res, chunk.subarray(0, length));
        } else {
          length = frameLength(chunk, LOG_FRAME_BYTES);
          stream.writeFrame(encodeFrame(cursor, chunk.subarray(0, length), ''));
        }
        cursor += length;
        await drained(res);
      }
      if (!params.follow || stream.closed || res.destroyed) break;
      await grownOrClosed(file, res);
    }
    if (!res.destroyed && !stream.closed) res.end();
  } finally {
    if (heartbeat) clearInterval(heartbeat);
    release();
    ctx.open.delete(stop);
  }
}

function grownOrClosed(file: LogFile, res: ServerResponse): Promise<void> {
  return new Promise((resolve) => {
    const done = (): void => {
      off();
      res.off('close', done);
      resolve();
    };
    const off = file.onGrow(done);
    res.on('close', done);
  });
}
