// Runtime checks of cluster answers where a wrong shape would mislead the UI. Objects stay loose so unknown fields
// survive; only the fields the console reads are typed: IDs are strings, indexes and times are integers.
import { z } from 'zod';
import { HostError } from '../../host/host-error';

/**
 * An integer-valued number. Not `z.int()`: that stops at 2^53, and Unix-nanosecond times (allocation CreateTime,
 * task event Time; cluster-api.md, Time values) are larger; JSON.parse keeps them as integer-valued doubles.
 */
export const integer = z.number().refine(Number.isInteger, { message: 'expected an integer' });
const str = z.string();
const nullable = <T extends z.ZodType>(schema: T) => schema.nullable().optional();

const indexes = { CreateIndex: integer, ModifyIndex: integer };

export const taskGroupSummarySchema = z.looseObject({ Queued: integer, Complete: integer, Failed: integer, Running: integer, Starting: integer, Lost: integer });

export const jobSummarySchema = z.looseObject({
  JobID: str,
  Namespace: str.optional(),
  Summary: z.record(z.string(), taskGroupSummarySchema),
  Children: nullable(z.looseObject({ Pending: integer, Running: integer, Dead: integer })),
  ...indexes,
});

export const jobListStubSchema = z.looseObject({
  ID: str,
  ParentID: str.optional(),
  Name: str,
  Type: str,
  Priority: integer,
  Status: str,
  StatusDescription: str.optional(),
  JobSummary: nullable(jobSummarySchema),
  ...indexes,
  JobModifyIndex: integer,
  SubmitTime: nullable(integer),
});

const taskSchema = z.looseObject({ Name: str, Driver: str });
const taskGroupSchema = z.looseObject({ Name: str, Count: integer, Tasks: nullable(z.array(taskSchema)) });

export const jobSchema = z.looseObject({
  ID: str,
  Name: str,
  Namespace: str,
  Type: str,
  Priority: integer,
  Status: str,
  Version: integer,
  Stop: z.boolean().optional(),
  TaskGroups: nullable(z.array(taskGroupSchema)),
  SubmitTime: nullable(integer),
  ...indexes,
  JobModifyIndex: integer,
});

/** A parsed definition is not registered yet: without `Canonicalize` most fields are null (cluster-api.md, POST /v1/jobs/parse). */
export const parsedJobSchema = z.looseObject({
  ID: nullable(str),
  Name: nullable(str),
  TaskGroups: nullable(z.array(z.looseObject({ Name: nullable(str), Count: nullable(integer) }))),
});

const taskEventSchema = z.looseObject({ Type: str, Time: integer });
const taskStateSchema = z.looseObject({ State: str, Failed: z.boolean(), Restarts: integer, Events: nullable(z.array(taskEventSchema)) });

const allocFields = {
  ID: str,
  EvalID: str,
  Name: str,
  NodeID: str,
  JobID: str,
  TaskGroup: str,
  Namespace: str.optional(),
  DesiredStatus: str,
  ClientStatus: str,
  TaskStates: nullable(z.record(z.string(), taskStateSchema)),
  ...indexes,
  CreateTime: integer,
  ModifyTime: integer,
};

export const allocListStubSchema = z.looseObject(allocFields);

export const allocationSchema = z.looseObject({ ...allocFields, Job: nullable(jobSchema), AllocModifyIndex: integer });

export const nodeListStubSchema = z.looseObject({
  ID: str,
  Name: str,
  Datacenter: str,
  Status: str,
  SchedulingEligibility: str,
  Drain: z.boolean(),
  ...indexes,
});

export const nodeSchema = z.looseObject({
  ID: str,
  Name: str,
  Datacenter: str,
  Status: str,
  StatusUpdatedAt: integer,
  SchedulingEligibility: str,
  Drain: z.boolean(),
  // The server embeds DrainSpec in DrainStrategy, which JSON flattens (`Deadline` at the top); some servers and the
  // simulator nest it as `DrainSpec`. Either is accepted as long as the deadline is an integer.
  DrainStrategy: nullable(z.union([z.looseObject({ Deadline: integer }), z.looseObject({ DrainSpec: z.looseObject({ Deadline: integer }) })])),
  Events: nullable(z.array(z.looseObject({ Message: str, Timestamp: str, CreateIndex: integer }))),
  ...indexes,
});

export const evaluationSchema = z.looseObject({
  ID: str,
  Priority: integer,
  Type: str,
  TriggeredBy: str,
  JobID: str,
  Status: str,
  QueuedAllocations: nullable(z.record(z.string(), integer)),
  ...indexes,
});

export const deploymentSchema = z.looseObject({
  ID: str,
  JobID: str,
  JobVersion: integer,
  Status: str,
  TaskGroups: nullable(
    z.record(z.string(), z.looseObject({ DesiredTotal: integer, PlacedAllocs: integer, HealthyAllocs: integer, UnhealthyAllocs: integer, PlacedCanaries: nullable(z.array(str)) })),
  ),
  ...indexes,
});

export const scaleStatusSchema = z.looseObject({
  JobID: str,
  JobStopped: z.boolean(),
  JobModifyIndex: integer,
  TaskGroups: nullable(z.record(z.string(), z.looseObject({ Desired: integer, Placed: integer, Running: integer, Healthy: integer, Unhealthy: integer }))),
});

const fieldDiffSchema = z.looseObject({ Type: str, Name: str, Old: str, New: str });
interface ObjectDiffShape {
  Type: string;
  Name: string;
  Fields?: unknown[] | null;
  Objects?: ObjectDiffShape[] | null;
}
const objectDiffSchema: z.ZodType<ObjectDiffShape> = z.lazy(() =>
  z.looseObject({ Type: str, Name: str, Fields: nullable(z.array(fieldDiffSchema)), Objects: nullable(z.array(objectDiffSchema)) }),
);
const taskGroupDiffSchema = z.looseObject({
  Type: str,
  Name: str,
  Fields: nullable(z.array(fieldDiffSchema)),
  Objects: nullable(z.array(objectDiffSchema)),
  Tasks: nullable(z.array(z.looseObject({ Type: str, Name: str, Fields: nullable(z.array(fieldDiffSchema)), Objects: nullable(z.array(objectDiffSchema)) }))),
});
export const jobDiffSchema = z.looseObject({
  Type: str,
  ID: str,
  Fields: nullable(z.array(fieldDiffSchema)),
  Objects: nullable(z.array(objectDiffSchema)),
  TaskGroups: nullable(z.array(taskGroupDiffSchema)),
});

/** Newer servers answer `{Versions, Diffs, ...}`, older ones a bare array (cluster-api.md, GET /v1/job/:job_id/versions). */
export const jobVersionsSchema = z.union([z.array(jobSchema), z.looseObject({ Versions: z.array(jobSchema), Diffs: nullable(z.array(jobDiffSchema)) })]);

export const planResultSchema = z.looseObject({
  Index: integer.optional(),
  JobModifyIndex: integer,
  Diff: nullable(jobDiffSchema),
  Annotations: nullable(z.looseObject({ DesiredTGUpdates: nullable(z.record(z.string(), z.looseObject({}))) })),
  CreatedEvals: nullable(z.array(evaluationSchema)),
  Warnings: str.optional(),
});

export const registerResponseSchema = z.looseObject({ EvalID: str, EvalCreateIndex: integer, JobModifyIndex: integer });
export const dispatchResponseSchema = z.looseObject({ EvalID: str, EvalCreateIndex: integer, JobCreateIndex: integer, DispatchedJobID: str });
export const stabilityResponseSchema = z.looseObject({ JobModifyIndex: integer });
export const periodicForceResponseSchema = z.looseObject({ EvalID: str, EvalCreateIndex: integer });
export const allocStopResponseSchema = z.looseObject({ EvalID: str, Index: integer });
export const nodeEvalResponseSchema = z.looseObject({ EvalIDs: nullable(z.array(str)), EvalCreateIndex: integer, NodeModifyIndex: integer });

function pathOf(path: readonly PropertyKey[]): string {
  if (path.length === 0) return '(the answer itself)';
  return path.map((part, i) => (typeof part === 'number' ? `[${part}]` : `${i === 0 ? '' : '.'}${String(part)}`)).join('');
}

/** Checks `value` against `schema`; a wrong shape becomes an `internal` HostError naming where it went wrong. */
export function decode<T>(schema: z.ZodType, value: unknown, what: string): T {
  const result = schema.safeParse(value);
  if (result.success) return value as T; // the server's value, untouched, so unknown fields survive exactly
  const issue = result.error.issues[0];
  throw new HostError(
    'internal',
    `The cluster answered with an unexpected shape for ${what}: ${pathOf(issue.path)} ${issue.message}. The server may run an unsupported version; report it if it repeats.`,
    { details: result.error.issues.slice(0, 5).map((i) => ({ path: pathOf(i.path), message: i.message })) },
  );
}

/** Lists: each entry is checked; a null list (the server's way of saying "none") becomes []. */
export function decodeList<T>(schema: z.ZodType, value: unknown, what: string): T[] {
  if (value === null) return [];
  return decode<T[]>(z.array(schema), value, what);
}
