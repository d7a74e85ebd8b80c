// Simulator-only switches of the agent under `/_sim/agent/`, for demos, end-to-end tests and benchmarks that drive
// the simulator over HTTP. They call the same AgentSim methods in-process tests use.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { z } from 'zod';
import { readJson, send } from '../../http-kit';
import type { AgentSim } from './index';

const SCHEMAS = {
  '/_sim/agent/health': z.object({ healthy: z.boolean(), message: z.string().optional() }),
  '/_sim/agent/log-rate': z.object({ bytesPerSecond: z.number().min(0) }),
  '/_sim/agent/monitor-rate': z.object({ linesPerSecond: z.number().min(0) }),
  '/_sim/agent/profiling': z.object({ enableDebug: z.boolean().nullable().optional(), aclsEnabled: z.boolean().optional() }),
  '/_sim/agent/reset-members': z.object({}).optional(),
} as const;

type AdminPath = keyof typeof SCHEMAS;

export async function handleAgentAdmin(sim: AgentSim, req: IncomingMessage, res: ServerResponse, url: URL): Promise<boolean> {
  const path = url.pathname;
  if (!(path in SCHEMAS)) return false;
  if (req.method !== 'POST') {
    send(res, 405, { error: `${path} accepts POST with a JSON body` });
    return true;
  }
  const body = await readJson(req);
  if (!body.ok) {
    send(res, 400, { error: body.reason });
    return true;
  }
  const parsed = SCHEMAS[path as AdminPath].safeParse(body.value);
  if (!parsed.success) {
    send(res, 400, { error: `invalid body for ${path}: ${parsed.error.issues.map((i) => `${i.path.join('.') || 'body'}: ${i.message}`).join('; ')}` });
    return true;
  }
  const value = (parsed.data ?? {}) as Record<string, unknown>;
  switch (path as AdminPath) {
    case '/_sim/agent/health':
      sim.setHealthy(value.healthy as boolean, value.message as string | undefined);
      break;
    case '/_sim/agent/log-rate':
      sim.setLogRate(value.bytesPerSecond as number);
      break;
    case '/_sim/agent/monitor-rate':
      sim.setMonitorRate(value.linesPerSecond as number);
      break;
    case '/_sim/agent/profiling': {
      const options: { enableDebug?: boolean | undefined; aclsEnabled?: boolean } = {};
      // null means "unset", the first row of the availability table.
      if ('enableDebug' in value) options.enableDebug = value.enableDebug === null ? undefined : (value.enableDebug as boolean);
      if (typeof value.aclsEnabled === 'boolean') options.aclsEnabled = value.aclsEnabled;
      sim.setProfiling(options);
      break;
    }
    case '/_sim/agent/reset-members':
      sim.resetMembers();
      break;
  }
  send(res, 200, { ok: true });
  return true;
}
