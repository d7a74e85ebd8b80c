// Canonical job shapes: fills the defaults Nomad's Job.Canonicalize applies, so every stored job serialises
// with the full field set and the documented types (cluster-api.md, Job: durations are integer nanoseconds).
import type { Job, Json, Task, TaskGroup } from './model';

export const NS = 1_000_000_000;
const S = NS;
const M = 60 * S;
const H = 60 * M;

const isObj = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);
const pick = <T>(v: unknown, fallback: T): T => (v === undefined || v === null ? fallback : (v as T));
const num = (v: unknown, fallback: number): number => (typeof v === 'number' && Number.isFinite(v) ? Math.trunc(v) : fallback);
const str = (v: unknown, fallback = ''): string => (typeof v === 'string' ? v : fallback);
const bool = (v: unknown, fallback = false): boolean => (typeof v === 'boolean' ? v : fallback);
const arr = <T>(v: unknown): T[] | null => (Array.isArray(v) ? (v as T[]) : null);

export function defaultUpdate(type: string): Json {
  if (type !== 'service')
    return { Stagger: 0, MaxParallel: 0, HealthCheck: '', MinHealthyTime: 0, HealthyDeadline: 0, ProgressDeadline: 0, AutoRevert: false, AutoPromote: false, Canary: 0 };
  return { Stagger: 30 * S, MaxParallel: 1, HealthCheck: 'checks', MinHealthyTime: 10 * S, HealthyDeadline: 5 * M, ProgressDeadline: 10 * M, AutoRevert: false, AutoPromote: false, Canary: 0 };
}

export function defaultRestart(type: string): TaskGroup['RestartPolicy'] {
  return type === 'batch' || type === 'sysbatch'
    ? { Attempts: 3, Interval: 24 * H, Delay: 15 * S, Mode: 'fail' }
    : { Attempts: 2, Interval: 30 * M, Delay: 15 * S, Mode: 'fail' };
}

export function defaultReschedule(type: string): TaskGroup['ReschedulePolicy'] {
  if (type === 'system' || type === 'sysbatch') return null;
  return type === 'batch'
    ? { Attempts: 1, Interval: 24 * H, Delay: 5 * S, DelayFunction: 'constant', MaxDelay: 0, Unlimited: false }
    : { Attempts: 0, Interval: 0, Delay: 30 * S, DelayFunction: 'exponential', MaxDelay: H, Unlimited: true };
}

function mergeDefaults<T extends Json | null>(value: unknown, defaults: T): T {
  if (!isObj(value) || defaults === null) return (isObj(value) ? value : defaults) as T;
  const out: Json = { ...defaults };
  for (const [k, v] of Object.entries(value)) if (v !== undefined && v !== null) out[k] = v;
  return out as T;
}

export function canonicalTask(input: Json): Task {
  const resources = mergeDefaults(input.Resources, { CPU: 100, Cores: 0, MemoryMB: 300, MemoryMaxMB: 0, DiskMB: 0, IOPS: 0, Networks: null, Devices: null } as Json);
  return {
    Name: str(input.Name),
    Driver: str(input.Driver),
    User: str(input.User),
    Config: isObj(input.Config) ? input.Config : null,
    Env: isObj(input.Env) ? input.Env : null,
    Services: arr(input.Services),
    Vault: null,
    Secrets: isObj(input.Secrets) ? input.Secrets : null,
    Templates: arr(input.Templates),
    Constraints: arr(input.Constraints),
    Affinities: arr(input.Affinities),
    Spreads: arr(input.Spreads),
    Resources: resources as Task['Resources'],
    RestartPolicy: isObj(input.RestartPolicy) ? input.RestartPolicy : null,
    DispatchPayload: isObj(input.DispatchPayload) ? input.DispatchPayload : null,
    Lifecycle: isObj(input.Lifecycle) ? input.Lifecycle : null,
    Meta: isObj(input.Meta) ? input.Meta : null,
    KillTimeout: num(input.KillTimeout, 5 * S),
    LogConfig: mergeDefaults(input.LogConfig, { MaxFiles: 10, MaxFileSizeMB: 10, Disabled: false } as Json),
    Artifacts: arr(input.Artifacts),
    Leader: bool(input.Leader),
    ShutdownDelay: num(input.ShutdownDelay, 0),
    VolumeMounts: arr(input.VolumeMounts),
    ScalingPolicies: arr(input.ScalingPolicies),
    KillSignal: str(input.KillSignal),
    Kind: str(input.Kind),
    CSIPluginConfig: isObj(input.CSIPluginConfig) ? input.CSIPluginConfig : null,
  };
}

export function canonicalGroup(input: Json, type: string): TaskGroup {
  const tasks = (arr<Json>(input.Tasks) ?? []).filter(isObj).map(canonicalTask);
  return {
    Name: str(input.Name),
    Count: num(input.Count, 1),
    Update: type === 'service' ? mergeDefaults(input.Update, defaultUpdate(type)) : isObj(input.Update) ? input.Update : null,
    Migrate: type === 'service' ? mergeDefaults(input.Migrate, { MaxParallel: 1, HealthCheck: 'checks', MinHealthyTime: 10 * S, HealthyDeadline: 5 * M }) : null,
    Constraints: arr(input.Constraints),
    Scaling: isObj(input.Scaling) ? input.Scaling : null,
    RestartPolicy: mergeDefaults(input.RestartPolicy, defaultRestart(type)),
    Tasks: tasks,
    EphemeralDisk: mergeDefaults(input.EphemeralDisk, { Sticky: false, SizeMB: 300, Migrate: false } as Json),
    Meta: isObj(input.Meta) ? (input.Meta as Json) : null,
    ReschedulePolicy: mergeDefaults(input.ReschedulePolicy, defaultReschedule(type)),
    Affinities: arr(input.Affinities),
    Spreads: arr(input.Spreads),
    Networks: arr(input.Networks),
    Services: arr(input.Services),
    Volumes: isObj(input.Volumes) ? input.Volumes : null,
    ShutdownDelay: input.ShutdownDelay === undefined ? null : num(input.ShutdownDelay, 0),
    StopAfterClientDisconnect: input.StopAfterClientDisconnect === undefined ? null : num(input.StopAfterClientDisconnect, 0),
    MaxClientDisconnect: input.MaxClientDisconnect === undefined ? null : num(input.MaxClientDisconnect, 0),
  };
}

/** Builds a complete job from a submitted (possibly partial) one; identity and index fields are set by the caller. */
export function canonicalJob(input: Json): Job {
  const type = str(input.Type, 'service') || 'service';
  const id = str(input.ID);
  const periodic = isObj(input.Periodic) ? mergeDefaults(input.Periodic, { Enabled: true, Spec: '', SpecType: 'cron', ProhibitOverlap: false, TimeZone: 'UTC' } as Json) : null;
  const parameterized = isObj(input.ParameterizedJob)
    ? { Payload: str(input.ParameterizedJob.Payload, 'optional') || 'optional', MetaRequired: arr<string>(input.ParameterizedJob.MetaRequired), MetaOptional: arr<string>(input.ParameterizedJob.MetaOptional) }
    : null;
  return {
    Stop: bool(input.Stop),
    Region: str(input.Region, 'global') || 'global',
    Namespace: str(input.Namespace, 'default') || 'default',
    ID: id,
    ParentID: str(input.ParentID),
    Name: str(input.Name, id) || id,
    Type: type,
    Priority: num(input.Priority, 50),
    AllAtOnce: bool(input.AllAtOnce),
    Datacenters: arr<string>(input.Datacenters) ?? ['*'],
    NodePool: str(input.NodePool, 'default') || 'default',
    Constraints: arr(input.Constraints),
    Affinities: arr(input.Affinities),
    Spreads: arr(input.Spreads),
    TaskGroups: (arr<Json>(input.TaskGroups) ?? []).filter(isObj).map((g) => canonicalGroup(g, type)),
    Update: mergeDefaults(input.Update, defaultUpdate(type)),
    Multiregion: isObj(input.Multiregion) ? input.Multiregion : null,
    Periodic: periodic as Job['Periodic'],
    ParameterizedJob: parameterized,
    Dispatched: bool(input.Dispatched),
    DispatchIdempotencyToken: str(input.DispatchIdempotencyToken),
    Payload: typeof input.Payload === 'string' ? input.Payload : null,
    Meta: isObj(input.Meta) ? (input.Meta as Record<string, string>) : null,
    Migrate: isObj(input.Migrate) ? input.Migrate : null,
    Reschedule: isObj(input.Reschedule) ? input.Reschedule : null,
    MeshToken: str(input.MeshToken),
    SecretsToken: str(input.SecretsToken),
    SecretsNamespace: str(input.SecretsNamespace),
    ClusterTokenID: str(input.ClusterTokenID),
    Status: str(input.Status, 'pending') || 'pending',
    StatusDescription: str(input.StatusDescription),
    Stable: bool(input.Stable),
    Version: num(input.Version, 0),
    SubmitTime: typeof input.SubmitTime === 'number' ? input.SubmitTime : null,
    CreateIndex: num(input.CreateIndex, 0),
    ModifyIndex: num(input.ModifyIndex, 0),
    JobModifyIndex: num(input.JobModifyIndex, 0),
  };
}

const JOB_TYPES = new Set(['service', 'batch', 'system', 'sysbatch']);

/** Nomad-style validation; messages joined as go-multierror prints them ("1 error occurred:\n\t* ...\n\n"). */
export function validateJob(job: Job): string | null {
  const errors: string[] = [];
  if (!job.ID) errors.push('Missing job ID');
  else if (/\s/.test(job.ID)) errors.push('Job ID contains a space');
  if (!job.Name) errors.push('Missing job name');
  if (!JOB_TYPES.has(job.Type)) errors.push(`Invalid job type: "${job.Type}"`);
  if (job.Priority < 1 || job.Priority > 100) errors.push('Job priority must be between [1, 100]');
  if (job.Datacenters.length === 0) errors.push('Missing job datacenters');
  if (job.TaskGroups.length === 0) errors.push('Missing job task groups');
  const names = new Set<string>();
  job.TaskGroups.forEach((group, i) => {
    if (!group.Name) errors.push(`Task group ${i + 1} missing name`);
    else if (names.has(group.Name)) errors.push(`Task group ${group.Name} redefined`);
    names.add(group.Name);
    if (group.Count < 0) errors.push(`Task group ${group.Name} count can't be negative`);
    if (group.Tasks.length === 0) errors.push(`Task group ${group.Name} validation failed: Missing tasks for task group`);
    for (const task of group.Tasks) {
      if (!task.Name) errors.push(`Task group ${group.Name} validation failed: Task missing name`);
      if (!task.Driver) errors.push(`Task group ${group.Name} validation failed: Task ${task.Name} validation failed: Missing task driver`);
    }
  });
  if (job.ParameterizedJob && !['required', 'optional', 'forbidden'].includes(job.ParameterizedJob.Payload))
    errors.push(`Unknown payload requirement: "${job.ParameterizedJob.Payload}"`);
  if (job.Periodic?.Enabled && !job.Periodic.Spec) errors.push('Periodic job must have a cron spec');
  if (errors.length === 0) return null;
  return `${errors.length} error${errors.length === 1 ? '' : 's'} occurred:\n${errors.map((e) => `\t* ${e}`).join('\n')}\n\n`;
}
