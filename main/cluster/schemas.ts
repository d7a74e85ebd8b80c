// Params of every cluster method, checked in main before anything is sent (design.md, The contract; style.md,
// Errors and input). The type annotation makes the compiler hold each schema to the contract.
import { z } from 'zod';
import type { ClusterMethods } from '../contract';
import type { Job } from '../contract/cluster-models';
import { MAX_DISPATCH_PAYLOAD_BYTES } from '../clients/cluster-api';
import { id as connectionId, namespace } from '../host/schemas/common';

const UUID = /^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$/;

/** Job IDs are names; dispatched and periodic children add `/` (cluster-api.md). No spaces or control characters. */
const jobId = z
  .string()
  .min(1, 'is required')
  .max(512, 'is too long')
  .regex(/^[^\s\x00-\x1f\x7f]+$/, 'must be a job ID without spaces or control characters');
const allocId = z.string().regex(UUID, 'must be the full allocation ID (a UUID such as 5f1c0a2e-…); find it by prefix in the allocation list');
const nodeId = z.string().regex(UUID, 'must be the full node ID (a UUID); find it in the node list');
const taskName = z.string().min(1, 'is required').max(128, 'is too long');
const confirm = z.string().max(512, 'is too long');

/** A job definition from the editor or the parse endpoint; its fields are the server's to judge. */
const jobDefinition = z.custom<Job>(
  (value) => value !== null && typeof value === 'object' && !Array.isArray(value) && typeof (value as { ID?: unknown }).ID === 'string' && (value as { ID: string }).ID !== '',
  'must be a job definition object with an ID',
);

function base64Size(text: string): number | null {
  const compact = text.replace(/\s+/g, '');
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(compact) || compact.length % 4 === 1) return null;
  return Buffer.from(compact, 'base64').length;
}

/** Checked here as well as in the client, so the form gets the message before any request (style.md). */
const dispatchPayload = z
  .string()
  .max(64 * 1024, 'is far over the dispatch limit of 16384 bytes')
  .superRefine((text, ctx) => {
    const size = base64Size(text);
    if (size === null) ctx.addIssue({ code: 'custom', message: 'is not valid Base64; encode the payload file as Base64' });
    else if (size > MAX_DISPATCH_PAYLOAD_BYTES) ctx.addIssue({ code: 'custom', message: `is ${size} bytes once decoded; the cluster accepts at most ${MAX_DISPATCH_PAYLOAD_BYTES} bytes` });
  });

const target = { connectionId, namespace: namespace.optional() };
const jobTarget = { ...target, jobId };
const allocTarget = { connectionId, allocId };
const nodeTarget = { connectionId, nodeId };

function listQuery<K extends string>(keys: readonly [K, ...K[]]) {
  return {
    connectionId,
    namespace: namespace.optional(),
    search: z.string().max(200, 'must be at most 200 characters').optional(),
    facets: z.record(z.string().max(64), z.array(z.string().max(200)).max(200, 'may hold at most 200 values')).optional(),
    sort: z.object({ key: z.enum(keys), order: z.enum(['asc', 'desc']) }).strict().optional(),
    offset: z.number().int('must be a whole number').min(0, 'cannot be negative').max(Number.MAX_SAFE_INTEGER),
    limit: z.number().int('must be a whole number').min(1, 'must be at least 1').max(1000, 'must be at most 1000'),
  };
}

type Schemas = { [M in keyof ClusterMethods]: z.ZodType<ClusterMethods[M]['params']> };

export const clusterSchemas: Schemas = {
  'jobs.query': z
    .object({
      ...listQuery(['Name', 'Type', 'Status', 'Priority', 'Namespace', 'SubmitTime', 'ModifyIndex'] as const),
      expression: z.string().max(4096, 'must be at most 4096 characters').optional(),
    })
    .strict(),
  'jobs.read': z.object(jobTarget).strict(),
  'jobs.summary': z.object(jobTarget).strict(),
  'jobs.versions': z.object({ ...jobTarget, diffs: z.boolean().optional() }).strict(),
  'jobs.allocations': z.object({ ...jobTarget, all: z.boolean().optional() }).strict(),
  'jobs.evaluations': z.object(jobTarget).strict(),
  'jobs.deployments': z.object({ ...jobTarget, all: z.boolean().optional() }).strict(),
  'jobs.scaleStatus': z.object(jobTarget).strict(),
  'jobs.parse': z.object({ ...target, text: z.string().min(1, 'is required').max(1_000_000, 'must be at most 1,000,000 characters'), canonicalize: z.boolean().optional() }).strict(),
  'jobs.plan': z.object({ ...target, job: jobDefinition, diff: z.boolean().optional(), policyOverride: z.boolean().optional() }).strict(),
  'jobs.register': z
    .object({
      ...target,
      job: jobDefinition,
      enforceIndex: z.boolean().optional(),
      jobModifyIndex: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER).optional(),
      policyOverride: z.boolean().optional(),
    })
    .strict(),
  'jobs.dispatch': z
    .object({
      ...jobTarget,
      payloadBase64: dispatchPayload.optional(),
      meta: z.record(z.string().min(1).max(128), z.string().max(4096)).optional(),
      idempotencyToken: z.string().min(1).max(256, 'must be at most 256 characters').optional(),
    })
    .strict(),
  'jobs.revert': z
    .object({ ...jobTarget, version: z.number().int().min(0, 'cannot be negative'), enforcePriorVersion: z.number().int().min(0).optional() })
    .strict(),
  'jobs.setStable': z.object({ ...jobTarget, version: z.number().int().min(0, 'cannot be negative'), stable: z.boolean() }).strict(),
  'jobs.evaluate': z.object({ ...jobTarget, forceReschedule: z.boolean().optional() }).strict(),
  'jobs.forcePeriodic': z.object(jobTarget).strict(),
  'jobs.stop': z.object({ ...jobTarget, purge: z.boolean().optional(), confirm: confirm.optional() }).strict(),
  'jobs.scale': z
    .object({
      ...jobTarget,
      group: z.string().min(1, 'is required').max(128, 'is too long'),
      count: z.number().int('must be a whole number').min(0, 'cannot be negative').max(10_000, 'must be at most 10000'),
      message: z.string().trim().min(1, 'is required: say why the count changes').max(500, 'must be at most 500 characters'),
    })
    .strict(),

  'allocations.query': z.object(listQuery(['Name', 'JobID', 'ClientStatus', 'NodeName', 'CreateTime', 'ModifyTime', 'Namespace'] as const)).strict(),
  'allocations.read': z.object(allocTarget).strict(),
  'allocations.stop': z.object(allocTarget).strict(),
  'allocations.restart': z.object({ ...allocTarget, task: taskName.optional() }).strict(),
  'allocations.signal': z
    .object({ ...allocTarget, signal: z.string().regex(/^SIG[A-Z0-9]{1,12}$/, 'must be an upper-case signal name such as SIGHUP or SIGUSR1'), task: taskName.optional() })
    .strict(),

  'nodes.query': z.object(listQuery(['Name', 'Datacenter', 'Status', 'SchedulingEligibility', 'Version', 'NodeClass', 'allocations'] as const)).strict(),
  'nodes.read': z.object(nodeTarget).strict(),
  'nodes.allocations': z.object(nodeTarget).strict(),
  'nodes.evaluate': z.object(nodeTarget).strict(),
  'nodes.drain': z
    .object({
      ...nodeTarget,
      // -1 forces the drain at once, 0 means no deadline (cluster-api.md, Node scheduling; the simulator's README).
      deadlineSeconds: z.number().int('must be a whole number of seconds').min(-1, 'must be -1 (force), 0 (no deadline) or a number of seconds').max(365 * 24 * 3600, 'must be at most a year'),
      ignoreSystemJobs: z.boolean(),
      confirm: confirm.optional(),
    })
    .strict(),
  'nodes.stopDrain': z.object({ ...nodeTarget, markEligible: z.boolean() }).strict(),
  'nodes.setEligibility': z.object({ ...nodeTarget, eligible: z.boolean() }).strict(),
  'nodes.purge': z.object({ ...nodeTarget, confirm: confirm.min(1, 'is required: type the node name to confirm') }).strict(),
};
