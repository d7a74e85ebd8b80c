// What Go's encoding/json would refuse in a submitted job: Nomad decodes request bodies into typed structs, so a
// string where an int belongs (at any depth) is a 400 `json: cannot unmarshal …`, never a silent default.
// The schema covers the api.Job fields cluster-api.md lists; unknown fields are ignored, as Go ignores them.

type Scalar = 'string' | 'bool' | 'int' | 'int8' | 'uint8' | 'int64' | 'uint64' | 'time.Duration' | 'any';
interface StructType {
  struct: string;
  fields: Record<string, GoType>;
}
type GoType = Scalar | StructType | { slice: GoType } | { map: GoType };

const struct = (name: string, fields: Record<string, GoType>): StructType => ({ struct: name, fields });
const slice = (of: GoType) => ({ slice: of });
export const map = (of: GoType) => ({ map: of });
const str = 'string' as const;
const int = 'int' as const;
const bool = 'bool' as const;
const dur = 'time.Duration' as const;

const CONSTRAINT = struct('Constraint', { LTarget: str, RTarget: str, Operand: str });
const AFFINITY = struct('Affinity', { LTarget: str, RTarget: str, Operand: str, Weight: 'int8' });
const SPREAD = struct('Spread', { Attribute: str, Weight: 'int8', SpreadTarget: slice(struct('SpreadTarget', { Value: str, Percent: 'uint8' })) });
const PORT = struct('Port', { Label: str, Value: int, To: int, HostNetwork: str });
const NETWORK = struct('NetworkResource', { Mode: str, Device: str, CIDR: str, IP: str, MBits: int, DNS: struct('DNSConfig', { Servers: slice(str), Searches: slice(str), Options: slice(str) }), ReservedPorts: slice(PORT), DynamicPorts: slice(PORT) });
const UPDATE = struct('UpdateStrategy', { Stagger: dur, MaxParallel: int, HealthCheck: str, MinHealthyTime: dur, HealthyDeadline: dur, ProgressDeadline: dur, Canary: int, AutoRevert: bool, AutoPromote: bool });
const RESTART = struct('RestartPolicy', { Interval: dur, Attempts: int, Delay: dur, Mode: str });
const RESCHEDULE = struct('ReschedulePolicy', { Attempts: int, Interval: dur, Delay: dur, DelayFunction: str, MaxDelay: dur, Unlimited: bool });
const MIGRATE = struct('MigrateStrategy', { MaxParallel: int, HealthCheck: str, MinHealthyTime: dur, HealthyDeadline: dur });
const CHECK = struct('ServiceCheck', { Id: str, Name: str, Type: str, Command: str, Args: slice(str), Path: str, Protocol: str, PortLabel: str, Interval: dur, Timeout: dur, InitialStatus: str, TLSSkipVerify: bool });
const SERVICE = struct('Service', { Id: str, Name: str, Tags: slice(str), Meta: map(str), PortLabel: str, AddressMode: str, Checks: slice(CHECK) });
const RESOURCES = struct('Resources', { CPU: int, Cores: int, MemoryMB: int, MemoryMaxMB: int, DiskMB: int, IOPS: int, Networks: slice(NETWORK), Devices: slice('any') });
const TASK = struct('Task', {
  Name: str,
  Driver: str,
  User: str,
  Lifecycle: struct('TaskLifecycle', { Hook: str, Sidecar: bool }),
  Config: map('any'),
  Constraints: slice(CONSTRAINT),
  Affinities: slice(AFFINITY),
  Env: map(str),
  Services: slice(SERVICE),
  Resources: RESOURCES,
  RestartPolicy: RESTART,
  Meta: map(str),
  KillTimeout: dur,
  LogConfig: struct('LogConfig', { MaxFiles: int, MaxFileSizeMB: int, Disabled: bool }),
  Artifacts: slice(struct('TaskArtifact', { GetterSource: str, GetterOptions: map(str), RelativeDest: str })),
  Templates: slice(struct('Template', { SourcePath: str, DestPath: str, EmbeddedTmpl: str, ChangeMode: str, ChangeSignal: str, Splay: dur, Perms: str })),
  DispatchPayload: struct('DispatchPayloadConfig', { File: str }),
  Leader: bool,
  ShutdownDelay: dur,
  KillSignal: str,
  Kind: str,
});
const GROUP = struct('TaskGroup', {
  Name: str,
  Count: int,
  Constraints: slice(CONSTRAINT),
  Affinities: slice(AFFINITY),
  Tasks: slice(TASK),
  Spreads: slice(SPREAD),
  RestartPolicy: RESTART,
  ReschedulePolicy: RESCHEDULE,
  EphemeralDisk: struct('EphemeralDisk', { Sticky: bool, Migrate: bool, SizeMB: int }),
  Update: UPDATE,
  Migrate: MIGRATE,
  Networks: slice(NETWORK),
  Meta: map(str),
  Services: slice(SERVICE),
  ShutdownDelay: dur,
  StopAfterClientDisconnect: dur,
  MaxClientDisconnect: dur,
  Scaling: struct('ScalingPolicy', { Min: 'int64', Max: 'int64', Enabled: bool, Type: str, Policy: map('any') }),
});
export const JOB = struct('Job', {
  Region: str,
  Namespace: str,
  ID: str,
  Name: str,
  Type: str,
  Priority: int,
  AllAtOnce: bool,
  Datacenters: slice(str),
  NodePool: str,
  Constraints: slice(CONSTRAINT),
  Affinities: slice(AFFINITY),
  TaskGroups: slice(GROUP),
  Update: UPDATE,
  Spreads: slice(SPREAD),
  Periodic: struct('PeriodicConfig', { Enabled: bool, Spec: str, SpecType: str, ProhibitOverlap: bool, TimeZone: str }),
  ParameterizedJob: struct('ParameterizedJobConfig', { Payload: str, MetaRequired: slice(str), MetaOptional: slice(str) }),
  Reschedule: RESCHEDULE,
  Migrate: MIGRATE,
  Meta: map(str),
  Stop: bool,
  ParentID: str,
  Dispatched: bool,
  Payload: str,
  MeshToken: str,
  SecretsToken: str,
  SecretsNamespace: str,
  ClusterTokenID: str,
  Status: str,
  StatusDescription: str,
  Stable: bool,
  Version: 'uint64',
  SubmitTime: 'int64',
  CreateIndex: 'uint64',
  ModifyIndex: 'uint64',
  JobModifyIndex: 'uint64',
});

const RANGES: Partial<Record<Scalar, [number, number]>> = {
  int8: [-128, 127],
  uint8: [0, 255],
  uint64: [0, Number.MAX_VALUE],
};

/** Go's name of a type in the error text: `int`, `[]*api.TaskGroup`, `map[string]string`, `api.Resources`. */
function goName(type: GoType): string {
  if (typeof type === 'string') return type === 'any' ? 'interface {}' : type;
  if ('struct' in type) return `api.${type.struct}`;
  if ('slice' in type) return `[]${typeof type.slice === 'object' && 'struct' in type.slice ? '*' : ''}${goName(type.slice)}`;
  return `map[string]${goName(type.map)}`;
}

function kindOf(value: unknown): string {
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'boolean') return 'bool';
  return typeof value; // string, number, object
}

interface Where {
  struct: string;
  path: string[];
}

/** Returns Go's decoder error for the first value that does not fit `type`, or null. */
function check(value: unknown, type: GoType, where: Where): string | null {
  if (value === null || value === undefined) return null; // null leaves Go's zero value
  const fail = (described = kindOf(value)) => `json: cannot unmarshal ${described} into Go struct field ${where.struct}.${where.path.join('.')} of type ${goName(type)}`;
  if (typeof type === 'string') {
    switch (type) {
      case 'any':
        return null;
      case 'string':
        return typeof value === 'string' ? null : fail();
      case 'bool':
        return typeof value === 'boolean' ? null : fail();
      default: {
        if (typeof value !== 'number') return fail();
        const [min, max] = RANGES[type] ?? [-Number.MAX_VALUE, Number.MAX_VALUE];
        return Number.isInteger(value) && value >= min && value <= max ? null : fail(`number ${value}`);
      }
    }
  }
  if ('slice' in type) {
    if (!Array.isArray(value)) return fail();
    for (const item of value) {
      const error = check(item, type.slice, where);
      if (error) return error;
    }
    return null;
  }
  if (typeof value !== 'object' || Array.isArray(value)) return fail();
  if ('map' in type) {
    for (const item of Object.values(value as Record<string, unknown>)) {
      const error = check(item, type.map, where);
      if (error) return error;
    }
    return null;
  }
  for (const [name, fieldType] of Object.entries(type.fields)) {
    const field = (value as Record<string, unknown>)[name];
    const error = check(field, fieldType, { struct: type.struct, path: [...where.path, name] });
    if (error) return error;
  }
  return null;
}

/** Go's decoder error for a submitted `Job` (body field `field`, `Job` by default), or null when every type fits. */
export function jobTypeError(job: unknown, field = 'Job'): string | null {
  return check(job, JOB, { struct: 'JobRegisterRequest', path: [field] });
}

/** The same check for any small request struct, e.g. `{ForceReschedule: 'bool'}` inside `EvalOptions`. */
export function fieldTypeError(value: unknown, structName: string, path: string[], fields: Record<string, GoType>): string | null {
  return check(value, struct(structName, fields), { struct: structName, path });
}
