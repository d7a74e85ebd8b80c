// One schema per agent method (design.md, The contract): invalid params are refused with the field named and
// nothing is sent. The type annotation makes the compiler hold each schema to the contract.
import { z } from 'zod';
import type { AgentMethods } from '../contract/agent';
import { IP_PORT_RULE, isIpPort, MAX_PROFILE_SECONDS, PROFILE_KINDS, SCHEDULER_NAMES } from '../clients/cluster-api/agent-input';
import { id as connectionId } from '../host/schemas/common';

const UUID = /^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$/;

const conn = z.object({ connectionId }).strict();

const addresses = z
  .array(z.string().max(64, 'is too long').refine(isIpPort, IP_PORT_RULE))
  .min(1, 'must name at least one address')
  .max(64, 'may name at most 64 addresses');

const memberName = z
  .string()
  .min(1, 'is required')
  .max(256, 'is too long')
  .regex(/^[^\s\x00-\x1f\x7f]+$/, 'must be a member name as listed, without spaces');

/** Forwarding target: a client node by its full ID, or a server by id, name or `leader` (cluster-api.md, Profiling query). */
const target = {
  nodeId: z.string().regex(UUID, 'must be the full node ID (a UUID); find it in the node list').optional(),
  serverId: z
    .string()
    .min(1, 'is required when given')
    .max(256, 'is too long')
    .regex(/^[^\s\x00-\x1f\x7f]+$/, 'must be a server id, a server name or "leader"')
    .optional(),
};

/** The agent refuses both at once ("Cannot target node and server simultaneously"); say so before sending. */
function oneTarget(value: { nodeId?: string; serverId?: string }, ctx: z.RefinementCtx): void {
  if (value.nodeId && value.serverId) ctx.addIssue({ code: 'custom', path: ['serverId'], message: 'cannot be combined with nodeId: target a client node or a server, not both' });
}

const transferId = z.string().regex(/^[\w-]{1,64}$/, 'must be 1-64 letters, digits, "_" or "-"');

const schedulerNames = z
  .array(z.enum(SCHEDULER_NAMES, { error: `must name known schedulers: ${SCHEDULER_NAMES.join(', ')}` }))
  .max(SCHEDULER_NAMES.length)
  .refine((list) => new Set(list).size === list.length, 'must not repeat a scheduler')
  // Without `_core` the server's own garbage collection stops; the agent refuses such a list.
  .refine((list) => list.includes('_core'), 'must include "_core", which runs the cluster\'s own maintenance');

export const agentSchemas: { [M in keyof AgentMethods]: z.ZodType<AgentMethods[M]['params']> } = {
  'agent.members': conn,
  'agent.forceLeave': conn
    .extend({
      node: memberName,
      prune: z.boolean().optional(),
      confirm: z.string({ error: 'is required: type the member name to confirm' }).max(256, 'is too long'),
    })
    .superRefine((value, ctx) => {
      // Destructive: the person types the member's name (design.md, invariant 4).
      if (value.confirm !== value.node) ctx.addIssue({ code: 'custom', path: ['confirm'], message: `must repeat the member name "${value.node}" to confirm` });
    }),
  'agent.servers': conn,
  'agent.setServers': conn.extend({ addresses }),
  'agent.self': conn,
  'agent.join': conn.extend({ addresses }),
  'agent.health': conn,
  'agent.host': conn.extend(target).superRefine(oneTarget),
  'agent.schedulers': conn,
  'agent.schedulerConfig': conn,
  'agent.setSchedulerConfig': conn.extend({
    enabled_schedulers: schedulerNames,
    num_schedulers: z.number().int('must be a whole number').min(0, 'cannot be negative').max(1024, 'is far more than any server has cores'),
  }),
  'agent.profile': conn
    .extend({
      ...target,
      kind: z.enum(PROFILE_KINDS, { error: `must be one of ${PROFILE_KINDS.join(', ')}` }),
      seconds: z.number().int('must be a whole number').min(1, 'must be at least 1').max(MAX_PROFILE_SECONDS, `must be at most ${MAX_PROFILE_SECONDS}`).optional(),
      debug: z.number().int('must be a whole number').min(0, 'must be 0, 1 or 2').max(2, 'must be 0, 1 or 2').optional(),
      transferId,
    })
    .superRefine(oneTarget),
};
