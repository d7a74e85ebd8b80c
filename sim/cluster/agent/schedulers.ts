// Scheduler workers of this server and their run-time configuration (cluster-api.md, Agent: schedulers rows).
import type { IncomingMessage, ServerResponse } from 'node:http';
import { z } from 'zod';
import { readJson, send } from '../../http-kit';
import { ALL_SCHEDULERS, resizeWorkers, selfMember } from './agent-state';
import { requireAcl, type AgentContext } from './context';
import { CodedError, invalidMethod } from './http-errors';

export function schedulersRoute(ctx: AgentContext, req: IncomingMessage, res: ServerResponse): void {
  if (req.method !== 'GET') throw invalidMethod();
  requireAcl(ctx, req, 'agent:read');
  const { schedulers } = ctx.state;
  // The leader pauses three quarters of its workers to leave room for leader duties; this agent is the leader.
  const paused = Math.floor((schedulers.workers.length * 3) / 4);
  const active = schedulers.workers.length - paused;
  send(res, 200, {
    schedulers: schedulers.workers.map((worker, i) => ({
      enabled_schedulers: [...schedulers.enabled],
      id: worker.id,
      started: worker.started,
      status: i < active ? 'Started' : 'Paused',
      workload_status: i < active ? 'WaitingToDequeue' : 'Paused',
    })),
    server_id: selfMember(ctx.state).Name,
  });
}

export async function schedulerConfigRoute(ctx: AgentContext, req: IncomingMessage, res: ServerResponse): Promise<void> {
  if (req.method === 'GET') {
    requireAcl(ctx, req, 'agent:read');
    send(res, 200, currentConfig(ctx));
    return;
  }
  if (req.method !== 'PUT' && req.method !== 'POST') throw invalidMethod();
  requireAcl(ctx, req, 'agent:write');
  const body = await readJson(req);
  if (!body.ok) throw new CodedError(400, `Invalid request: ${body.reason}`);
  const parsed = configSchema(ctx.state.cores).safeParse(body.value);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = issue.path.length > 0 ? `${issue.path.join('.')}: ` : '';
    throw new CodedError(400, `Invalid request: ${where}${issue.message}`);
  }
  // `server_id` in the body is ignored so that a GET answer can be sent straight back (as the real agent does).
  ctx.state.schedulers.num = parsed.data.num_schedulers;
  ctx.state.schedulers.enabled = [...parsed.data.enabled_schedulers];
  resizeWorkers(ctx.state, ctx.clock());
  send(res, 200, currentConfig(ctx));
}

function currentConfig(ctx: AgentContext): { enabled_schedulers: string[]; num_schedulers: number; server_id: string } {
  return {
    enabled_schedulers: [...ctx.state.schedulers.enabled],
    num_schedulers: ctx.state.schedulers.num,
    server_id: selfMember(ctx.state).Name,
  };
}

/** The server refuses a negative pool, unknown or duplicate scheduler names, and a list without `_core`. */
function configSchema(cores: number) {
  return z.object(
    {
      num_schedulers: z
        .number({ error: 'num_schedulers is required and must be an integer' })
        .int('num_schedulers must be an integer')
        .min(0, 'num_schedulers must not be negative')
        .max(cores, `num_schedulers must be at most ${cores}, the number of CPU cores`),
      enabled_schedulers: z
        .array(z.enum(ALL_SCHEDULERS, { error: `unknown scheduler; known: ${ALL_SCHEDULERS.join(', ')}` }), {
          error: 'enabled_schedulers is required and must be an array of scheduler names',
        })
        .refine((list) => new Set(list).size === list.length, 'enabled_schedulers must not repeat a scheduler')
        .refine((list) => list.includes('_core'), 'enabled_schedulers must include "_core"'),
      server_id: z.string().optional(),
    },
    { error: 'body must be a JSON object {enabled_schedulers, num_schedulers}' },
  );
}
