// Runtime schemas of the stream params (design.md, The contract: main validates every call), checked against the
// contract's types, and the stream key that decides which subscribers share one upstream.
import { z } from 'zod';
import type { StreamParams } from '../contract';
import { HostError } from '../host/host-error';
import { formatIssues } from '../host/router';
import { id, namespace } from '../host/schemas/common';

/** `Topic` or `Topic:FilterKey` (cluster-api.md, Event stream: `Node` and `Node:*` are both valid). */
const topic = z
  .string()
  .max(256, 'is too long')
  .regex(
    /^(\*|ACLToken|ACLPolicy|Allocation|Job|Evaluation|Deployment|Node|NodeDrain|Service)(:[^\s:][^\s]*)?$/,
    'must be a topic (Job, Allocation, Evaluation, Deployment, Node, NodeDrain, Service, ACLToken, ACLPolicy or *), optionally followed by ":" and a filter key',
  );

const eventsCluster = z
  .object({
    connectionId: id,
    topics: z.array(topic).max(32, 'may hold at most 32 topics'),
    namespace,
    /** The last index the subscriber has seen; events at or below it are not delivered again. */
    index: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER).optional(),
  })
  .strict();

const logsAlloc = z
  .object({
    connectionId: id,
    allocId: z.string().regex(/^[0-9a-fA-F-]{1,36}$/, 'must be an allocation ID (hexadecimal and "-")'),
    task: z.string().min(1, 'is required').max(128, 'is too long').regex(/^[^\s/]+$/, 'must be a task name without spaces or "/"'),
    type: z.enum(['stdout', 'stderr']),
    follow: z.boolean(),
    origin: z.enum(['start', 'end']),
    offset: z.number().int().min(0, 'cannot be negative').max(Number.MAX_SAFE_INTEGER),
  })
  .strict();

const logsAgent = z
  .object({
    connectionId: id,
    logLevel: z.enum(['trace', 'debug', 'info', 'warn', 'error']),
    logJson: z.boolean(),
    nodeId: z.string().min(1).max(64).regex(/^[0-9a-fA-F-]+$/, 'must be a node ID').optional(),
    serverId: z.string().min(1).max(128).regex(/^[\w.-]+$/, 'must be a server name, ID or "leader"').optional(),
  })
  .strict()
  // The agent cannot forward to both (cluster-api.md, Agent: monitor targets a node or a server).
  .refine((p) => !(p.nodeId && p.serverId), { message: 'choose a node or a server, not both', path: ['serverId'] });

/** The streams this manager serves; other contract streams (lists, transfers) are host-internal. */
export type UpstreamStreamName = 'events.cluster' | 'logs.alloc' | 'logs.agent';

export const streamParamSchemas: { [S in UpstreamStreamName]: z.ZodType<StreamParams<S>> } = {
  'events.cluster': eventsCluster,
  'logs.alloc': logsAlloc,
  'logs.agent': logsAgent,
};

/** Validates params as the router does for methods: a clear `invalid_input` error, nothing opened. */
export function parseStreamParams<S extends UpstreamStreamName>(stream: S, params: unknown): StreamParams<S> {
  const parsed = streamParamSchemas[stream].safeParse(params ?? {});
  if (parsed.success) return parsed.data;
  const details = formatIssues(parsed.error.issues);
  throw new HostError('invalid_input', `Invalid parameters for stream ${stream}: ${details[0].path} ${details[0].message}.`, { details });
}

/**
 * Subscribers with equal keys share one upstream. The event stream's `index` is left out: it only says where a
 * subscriber stands, and a late subscriber is told about events it missed (stream-factories.ts).
 */
export function streamKey<S extends UpstreamStreamName>(stream: S, params: StreamParams<S>): string {
  let shape: unknown;
  if (stream === 'events.cluster') {
    const p = params as StreamParams<'events.cluster'>;
    shape = [[...new Set(p.topics)].sort(), p.namespace];
  } else if (stream === 'logs.alloc') {
    const p = params as StreamParams<'logs.alloc'>;
    shape = [p.allocId.toLowerCase(), p.task, p.type, p.follow, p.origin, p.offset];
  } else {
    const p = params as StreamParams<'logs.agent'>;
    shape = [p.logLevel, p.logJson, p.nodeId ?? '', p.serverId ?? ''];
  }
  return `${params.connectionId}\u0000${stream}\u0000${JSON.stringify(shape)}`;
}
