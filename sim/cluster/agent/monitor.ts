// `/v1/agent/monitor`: live agent log lines from now on (no backlog, as the real agent), filtered by level, as
// frames `{Offset: 0, Data, FileEvent: "log"}` batched like the agent's framer (frames of at most 1 KiB, flushed every
// 200 ms) with `{}` heartbeats, or as plain text with `plain=true`. The agent's monitor frames carry no offset.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { RPC_PORT } from './agent-state';
import { formatRecord, LOG_LEVELS, nextAgentRecord, passesLevel, type AgentIdentity, type LogFormat, type LogLevel } from './agent-log';
import { requireAcl, resolveTarget, targetName, type AgentContext } from './context';
import { encodeFrame, frameLength, HEARTBEAT_FRAME } from './frames';
import { CodedError, invalidMethod, parseGoBool, TEXT } from './http-errors';
import { derivedRng } from './seeded';

/** Frame size and batch window of the agent's monitor framer. */
export const MONITOR_FRAME_BYTES = 1024;
const BATCH_WINDOW_MS = 200;

/** Monitors opened per agent, so each simulator's line sequences depend on its own seed and history only. */
const connections = new WeakMap<object, number>();

interface MonitorRequest {
  level: LogLevel | 'off';
  format: LogFormat;
  plain: boolean;
}

function parseMonitorRequest(url: URL): MonitorRequest {
  const q = url.searchParams;
  const rawLevel = (q.get('log_level') || 'info').trim().toLowerCase();
  // The agent's logger also knows `off`; everything else is refused.
  if (!(LOG_LEVELS as readonly string[]).includes(rawLevel) && rawLevel !== 'off') {
    throw new CodedError(400, `Unknown log level: ${q.get('log_level')} (use trace, debug, info, warn or error)`);
  }
  return {
    level: rawLevel as LogLevel | 'off',
    format: { json: parseGoBool(q.get('log_json'), 'log_json'), includeLocation: parseGoBool(q.get('log_include_location'), 'log_include_location') },
    plain: parseGoBool(q.get('plain'), 'plain'),
  };
}

export function monitorRoute(ctx: AgentContext, req: IncomingMessage, res: ServerResponse, url: URL): void {
  if (req.method !== 'GET') throw invalidMethod();
  requireAcl(ctx, req, 'agent:read');
  const params = parseMonitorRequest(url);
  const target = resolveTarget(ctx, url, { both: 'Cannot target node and server simultaneously', unknownServerStatus: 400 });
  const who: AgentIdentity = {
    name: targetName(target),
    peers: ctx.state.members.map((m) => `${m.Addr}:${RPC_PORT}`),
    nodeIds: ctx.lookup.listNodes().map((n) => n.ID).concat(ctx.state.fallbackNodeId),
  };
  const opened = (connections.get(ctx.state) ?? 0) + 1;
  connections.set(ctx.state, opened);
  const rng = derivedRng(ctx.seed, 'monitor', who.name, String(opened));

  res.writeHead(200, { 'Content-Type': params.plain ? TEXT : 'application/json', 'Cache-Control': 'no-cache' });
  res.flushHeaders();
  const stream = ctx.faults.stream(res);
  let pending = Buffer.alloc(0);
  let budget = 0;
  let last = Date.now();

  let dropped = 0;

  const tick = (): void => {
    const now = Date.now();
    budget += (ctx.monitorLinesPerSecond * (now - last)) / 1000;
    last = now;
    const lines: string[] = [];
    for (; budget >= 1; budget--) {
      const record = nextAgentRecord(rng, who, ctx.clock());
      if (passesLevel(record, params.level)) lines.push(formatRecord(record, params.format));
    }
    // Like the agent, drop lines rather than buffer without bound when the reader falls behind, and say so.
    if (res.writableNeedDrain) {
      dropped += lines.length;
      return;
    }
    if (dropped > 0) {
      lines.unshift(`Monitor dropped ${dropped} logs during monitor request\n`);
      dropped = 0;
    }
    if (params.plain) {
      for (const line of lines) stream.writeFrame(line);
      return;
    }
    if (lines.length > 0) pending = Buffer.concat([pending, Buffer.from(lines.join(''), 'utf8')]);
    while (pending.length > 0 && !stream.closed) {
      const length = frameLength(pending, MONITOR_FRAME_BYTES);
      stream.writeFrame(encodeFrame(0, pending.subarray(0, length), 'log'));
      pending = pending.subarray(length);
    }
  };

  const batch = setInterval(tick, BATCH_WINDOW_MS);
  const heartbeat = params.plain ? undefined : setInterval(() => stream.writeFrame(HEARTBEAT_FRAME), ctx.heartbeatMs);
  const stop = (): void => {
    clearInterval(batch);
    if (heartbeat) clearInterval(heartbeat);
    ctx.open.delete(stop);
    res.destroy();
  };
  ctx.open.add(stop);
  res.on('close', stop);
}
