// `/v1/agent/pprof/*`: command line, CPU profile, execution trace and named runtime profiles.
// Availability follows the spec's table (cluster-api.md, Profiling availability): with ACLs the token needs
// `agent:write`; without ACLs only `enable_debug = true` allows profiling.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { send } from '../../http-kit';
import { resolveTarget, targetName, type AgentContext } from './context';
import { CodedError, invalidMethod, parseGoInt, requirePermission, TEXT } from './http-errors';
import { cmdline, cpuProfile, NAMED_PROFILES, namedProfileProto, namedProfileText, traceBytes, type NamedProfile } from './pprof-data';
import { derivedRng } from './seeded';

export const DEFAULT_PROFILE_SECONDS = 3;
/** The simulator holds the connection for the whole duration; a cap keeps a typo from tying it up for hours. */
export const MAX_PROFILE_SECONDS = 300;

const OCTET = 'application/octet-stream';

function requireProfiling(ctx: AgentContext, req: IncomingMessage): void {
  if (ctx.state.aclsEnabled) requirePermission(ctx.lookup, req, 'agent:write');
  else if (ctx.state.enableDebug !== true) throw new CodedError(403, 'Permission denied');
}

export async function pprofRoute(ctx: AgentContext, req: IncomingMessage, res: ServerResponse, url: URL, name: string): Promise<void> {
  if (req.method !== 'GET') throw invalidMethod();
  requireProfiling(ctx, req);
  const q = url.searchParams;
  const debug = parseGoInt(q.get('debug'), 'debug', 0);
  const seconds = parseGoInt(q.get('seconds'), 'seconds', DEFAULT_PROFILE_SECONDS);
  if (seconds < 1 || seconds > MAX_PROFILE_SECONDS) throw new CodedError(400, `seconds must be between 1 and ${MAX_PROFILE_SECONDS}, got ${seconds}`);
  const target = resolveTarget(ctx, url, { both: 'Cannot target node and server simultaneously', unknownServerStatus: 500 });
  const rng = derivedRng(ctx.seed, 'pprof', targetName(target), name, String(ctx.clock()));
  const now = ctx.clock();

  if (name === 'cmdline') {
    send(res, 200, cmdline(), TEXT, { 'X-Content-Type-Options': 'nosniff' });
    return;
  }
  if (name === 'profile' || name === 'trace') {
    // Like the real endpoint, the answer comes only after the requested duration has been recorded.
    if (!(await held(ctx, res, seconds * 1000))) return;
    const body = name === 'profile' ? cpuProfile(rng, seconds, now + seconds * 1000) : traceBytes(rng, seconds);
    send(res, 200, body, OCTET, { 'Content-Disposition': `attachment; filename="${name}"`, 'X-Content-Type-Options': 'nosniff' });
    return;
  }
  if (!(NAMED_PROFILES as readonly string[]).includes(name)) {
    throw new CodedError(404, `Pprof profile not found profile: ${name} (known: cmdline, profile, trace, ${NAMED_PROFILES.join(', ')})`);
  }
  const profile = name as NamedProfile;
  if (debug > 0) {
    const uptimeMinutes = Math.max(1, Math.floor((now - ctx.state.startedAt) / 60_000));
    send(res, 200, namedProfileText(rng, profile, debug, uptimeMinutes), TEXT, { 'X-Content-Type-Options': 'nosniff' });
    return;
  }
  send(res, 200, namedProfileProto(rng, profile, now), OCTET, { 'Content-Disposition': `attachment; filename="${profile}"`, 'X-Content-Type-Options': 'nosniff' });
}

/** Waits `ms`; resolves false when the client went away or the simulator closed meanwhile. */
function held(ctx: AgentContext, res: ServerResponse, ms: number): Promise<boolean> {
  return new Promise((resolve) => {
    const finish = (completed: boolean): void => {
      clearTimeout(timer);
      res.off('close', gone);
      ctx.open.delete(stop);
      resolve(completed);
    };
    const gone = (): void => finish(false);
    const stop = (): void => {
      finish(false);
      res.destroy();
    };
    const timer = setTimeout(() => finish(true), ms);
    res.on('close', gone);
    ctx.open.add(stop);
  });
}
