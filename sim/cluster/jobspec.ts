// Turns a parsed job definition into the API's Job object (POST /v1/jobs/parse). Covers the commonly used
// subset of the job specification; unknown arguments are diagnosed with their line, as Nomad's parser does.
import { HclError, parseHcl, type HclBlock, type HclItem, type HclValue } from './hcl-parse';
import { parseGoDuration } from './blocking';
import type { Json } from './model';

type Spec = Record<string, [string, 'str' | 'int' | 'bool' | 'dur' | 'list' | 'map' | 'any']>;

const blocksOf = (items: HclItem[], type: string) => items.filter((i): i is HclBlock => i.kind === 'block' && i.type === type);

function convert(value: HclValue, kind: Spec[string][1], line: number, col: number, name: string): unknown {
  const bad = (want: string): never => {
    throw new HclError(line, col, 'Incorrect attribute value type', `Inappropriate value for attribute "${name}": ${want} required.`);
  };
  switch (kind) {
    case 'str':
      return typeof value === 'string' || typeof value === 'number' ? String(value) : bad('string');
    case 'int':
      return typeof value === 'number' && Number.isInteger(value) ? value : typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : bad('number');
    case 'bool':
      return typeof value === 'boolean' ? value : bad('bool');
    case 'dur': {
      if (typeof value === 'number') return value;
      const ms = typeof value === 'string' ? parseGoDuration(value) : null;
      if (ms === null) throw new HclError(line, col, 'Unsuitable value type', `Unsuitable value: failed to parse duration "${String(value)}" for "${name}"`);
      return Math.round(ms * 1e6);
    }
    case 'list':
      return Array.isArray(value) ? value : bad('list of string');
    case 'map':
      return value && typeof value === 'object' && !Array.isArray(value) ? value : bad('map of string');
    default:
      return value;
  }
}

/** Applies attributes per `spec`; named sub-blocks are handled by `blocks`, anything else is an error. */
function section(items: HclItem[], spec: Spec, blocks: Record<string, (block: HclBlock, out: Json) => void> = {}): Json {
  const out: Json = {};
  for (const item of items) {
    if (item.kind === 'attribute') {
      const entry = spec[item.name];
      if (!entry) throw new HclError(item.line, item.col, 'Unsupported argument', `An argument named "${item.name}" is not expected here.`);
      out[entry[0]] = convert(item.value, entry[1], item.line, item.col, item.name);
    } else {
      const handler = blocks[item.type];
      if (!handler) throw new HclError(item.line, item.col, 'Unsupported block type', `Blocks of type "${item.type}" are not expected here.`);
      handler(item, out);
    }
  }
  return out;
}

/** Free-form maps (`config`, `env`, `meta`, `options`): attributes and nested blocks become JSON. */
function freeform(items: HclItem[]): Json {
  const out: Json = {};
  for (const item of items) {
    if (item.kind === 'attribute') out[item.name] = item.value;
    else {
      const nested = freeform(item.body);
      const value = item.labels.length ? { [item.labels[0]]: nested } : nested;
      out[item.type] = out[item.type] ? [...(Array.isArray(out[item.type]) ? (out[item.type] as unknown[]) : [out[item.type]]), value] : value;
    }
  }
  return out;
}

const push = (out: Json, key: string, value: unknown): void => {
  out[key] = [...((out[key] as unknown[] | undefined) ?? []), value];
};

const constraint = (b: HclBlock, out: Json): void => {
  const c = section(b.body, { attribute: ['LTarget', 'str'], value: ['RTarget', 'str'], operator: ['Operand', 'str'] });
  push(out, 'Constraints', { LTarget: c.LTarget ?? '', RTarget: c.RTarget ?? '', Operand: c.Operand ?? '=' });
};
const affinity = (b: HclBlock, out: Json): void => {
  const a = section(b.body, { attribute: ['LTarget', 'str'], value: ['RTarget', 'str'], operator: ['Operand', 'str'], weight: ['Weight', 'int'] });
  push(out, 'Affinities', { LTarget: a.LTarget ?? '', RTarget: a.RTarget ?? '', Operand: a.Operand ?? '=', Weight: a.Weight ?? 50 });
};
const spread = (b: HclBlock, out: Json): void => {
  const targets: Json[] = [];
  const s = section(b.body, { attribute: ['Attribute', 'str'], weight: ['Weight', 'int'] }, {
    target: (t) => targets.push({ Value: t.labels[0] ?? '', ...section(t.body, { percent: ['Percent', 'int'] }) }),
  });
  push(out, 'Spreads', { Attribute: s.Attribute ?? '', Weight: s.Weight ?? 0, SpreadTarget: targets.length ? targets : null });
};
const meta = (b: HclBlock, out: Json): void => void (out.Meta = { ...((out.Meta as Json) ?? {}), ...freeform(b.body) });

const UPDATE: Spec = { stagger: ['Stagger', 'dur'], max_parallel: ['MaxParallel', 'int'], health_check: ['HealthCheck', 'str'], min_healthy_time: ['MinHealthyTime', 'dur'], healthy_deadline: ['HealthyDeadline', 'dur'], progress_deadline: ['ProgressDeadline', 'dur'], auto_revert: ['AutoRevert', 'bool'], auto_promote: ['AutoPromote', 'bool'], canary: ['Canary', 'int'] };
const RESTART: Spec = { attempts: ['Attempts', 'int'], interval: ['Interval', 'dur'], delay: ['Delay', 'dur'], mode: ['Mode', 'str'] };
const RESCHEDULE: Spec = { attempts: ['Attempts', 'int'], interval: ['Interval', 'dur'], delay: ['Delay', 'dur'], delay_function: ['DelayFunction', 'str'], max_delay: ['MaxDelay', 'dur'], unlimited: ['Unlimited', 'bool'] };
const MIGRATE: Spec = { max_parallel: ['MaxParallel', 'int'], health_check: ['HealthCheck', 'str'], min_healthy_time: ['MinHealthyTime', 'dur'], healthy_deadline: ['HealthyDeadline', 'dur'] };

const common = { constraint, affinity, spread, meta };

function service(b: HclBlock, out: Json): void {
  const checks: Json[] = [];
  const s = section(b.body, { name: ['Name', 'str'], port: ['PortLabel', 'str'], tags: ['Tags', 'list'], provider: ['Provider', 'str'], address_mode: ['AddressMode', 'str'], task: ['TaskName', 'str'] }, {
    meta,
    check: (c) =>
      checks.push(section(c.body, { name: ['Name', 'str'], type: ['Type', 'str'], path: ['Path', 'str'], port: ['PortLabel', 'str'], interval: ['Interval', 'dur'], timeout: ['Timeout', 'dur'], protocol: ['Protocol', 'str'], command: ['Command', 'str'], args: ['Args', 'list'], initial_status: ['InitialStatus', 'str'], tls_skip_verify: ['TLSSkipVerify', 'bool'] })),
  });
  push(out, 'Services', { ...s, Checks: checks.length ? checks : null });
}

function task(b: HclBlock): Json {
  const t = section(
    b.body,
    { driver: ['Driver', 'str'], user: ['User', 'str'], kill_timeout: ['KillTimeout', 'dur'], kill_signal: ['KillSignal', 'str'], leader: ['Leader', 'bool'], shutdown_delay: ['ShutdownDelay', 'dur'], kind: ['Kind', 'str'], env: ['Env', 'map'], meta: ['Meta', 'map'] },
    {
      ...common,
      service,
      config: (c, out) => void (out.Config = freeform(c.body)),
      env: (c, out) => void (out.Env = freeform(c.body)),
      resources: (c, out) => void (out.Resources = section(c.body, { cpu: ['CPU', 'int'], memory: ['MemoryMB', 'int'], memory_max: ['MemoryMaxMB', 'int'], cores: ['Cores', 'int'], disk: ['DiskMB', 'int'] }, { device: () => undefined })),
      template: (c, out) =>
        push(out, 'Templates', section(c.body, { data: ['EmbeddedTmpl', 'str'], source: ['SourcePath', 'str'], destination: ['DestPath', 'str'], change_mode: ['ChangeMode', 'str'], change_signal: ['ChangeSignal', 'str'], splay: ['Splay', 'dur'], perms: ['Perms', 'str'], env: ['Envvars', 'bool'] })),
      artifact: (c, out) =>
        push(out, 'Artifacts', section(c.body, { source: ['GetterSource', 'str'], destination: ['RelativeDest', 'str'], mode: ['GetterMode', 'str'] }, { options: (o, a) => void (a.GetterOptions = freeform(o.body)), headers: (o, a) => void (a.GetterHeaders = freeform(o.body)) })),
      lifecycle: (c, out) => void (out.Lifecycle = section(c.body, { hook: ['Hook', 'str'], sidecar: ['Sidecar', 'bool'] })),
      logs: (c, out) => void (out.LogConfig = section(c.body, { max_files: ['MaxFiles', 'int'], max_file_size: ['MaxFileSizeMB', 'int'], disabled: ['Disabled', 'bool'] })),
      dispatch_payload: (c, out) => void (out.DispatchPayload = section(c.body, { file: ['File', 'str'] })),
      restart: (c, out) => void (out.RestartPolicy = section(c.body, RESTART)),
      volume_mount: (c, out) => push(out, 'VolumeMounts', section(c.body, { volume: ['Volume', 'str'], destination: ['Destination', 'str'], read_only: ['ReadOnly', 'bool'], propagation_mode: ['PropagationMode', 'str'] })),
    },
  );
  return { Name: b.labels[0] ?? '', ...t };
}

function group(b: HclBlock): Json {
  const tasks: Json[] = [];
  const g = section(
    b.body,
    { count: ['Count', 'int'], shutdown_delay: ['ShutdownDelay', 'dur'], max_client_disconnect: ['MaxClientDisconnect', 'dur'], stop_after_client_disconnect: ['StopAfterClientDisconnect', 'dur'], meta: ['Meta', 'map'] },
    {
      ...common,
      service,
      task: (t) => tasks.push(task(t)),
      restart: (c, out) => void (out.RestartPolicy = section(c.body, RESTART)),
      reschedule: (c, out) => void (out.ReschedulePolicy = section(c.body, RESCHEDULE)),
      update: (c, out) => void (out.Update = section(c.body, UPDATE)),
      migrate: (c, out) => void (out.Migrate = section(c.body, MIGRATE)),
      ephemeral_disk: (c, out) => void (out.EphemeralDisk = section(c.body, { sticky: ['Sticky', 'bool'], size: ['SizeMB', 'int'], migrate: ['Migrate', 'bool'] })),
      scaling: (c, out) => void (out.Scaling = section(c.body, { min: ['Min', 'int'], max: ['Max', 'int'], enabled: ['Enabled', 'bool'] }, { policy: (pb, s) => void (s.Policy = freeform(pb.body)) })),
      volume: (c, out) => void (out.Volumes = { ...((out.Volumes as Json) ?? {}), [c.labels[0] ?? '']: { Name: c.labels[0] ?? '', ...section(c.body, { type: ['Type', 'str'], source: ['Source', 'str'], read_only: ['ReadOnly', 'bool'], per_alloc: ['PerAlloc', 'bool'] }) } }),
      network: (c, out) => {
        const dynamic: Json[] = [];
        const reserved: Json[] = [];
        const n = section(c.body, { mode: ['Mode', 'str'] }, {
          port: (pb) => {
            const port = section(pb.body, { static: ['Value', 'int'], to: ['To', 'int'], host_network: ['HostNetwork', 'str'] });
            (port.Value !== undefined ? reserved : dynamic).push({ Label: pb.labels[0] ?? '', Value: port.Value ?? 0, To: port.To ?? 0, HostNetwork: port.HostNetwork ?? 'default' });
          },
          dns: (d, net) => void (net.DNS = section(d.body, { servers: ['Servers', 'list'], searches: ['Searches', 'list'], options: ['Options', 'list'] })),
        });
        push(out, 'Networks', { Mode: n.Mode ?? 'host', ...n, ReservedPorts: reserved.length ? reserved : null, DynamicPorts: dynamic.length ? dynamic : null });
      },
    },
  );
  return { Name: b.labels[0] ?? '', ...g, Tasks: tasks };
}

/** Parses job definition text into an API Job (sparse: unset fields are absent; the caller canonicalises). */
export function parseJobSpec(text: string): Json {
  const items = parseHcl(text);
  const jobs = blocksOf(items, 'job');
  const stray = items.find((i) => !(i.kind === 'block' && i.type === 'job'));
  if (stray && !(stray.kind === 'block' && ['variable', 'locals'].includes(stray.type)))
    throw new HclError(stray.line, stray.col, stray.kind === 'block' ? 'Unsupported block type' : 'Unsupported argument', stray.kind === 'block' ? `Blocks of type "${stray.type}" are not expected here.` : `An argument named "${stray.name}" is not expected here.`);
  if (jobs.length !== 1) throw new HclError(1, 1, jobs.length ? 'Duplicate job block' : 'Missing job block', jobs.length ? 'Only one "job" block is allowed.' : 'A "job" block is required.');
  const b = jobs[0];
  if (b.labels.length !== 1) throw new HclError(b.line, b.col, 'Missing name for job', 'All job blocks must have 1 labels (name).');
  const groups: Json[] = [];
  const job = section(
    b.body,
    { name: ['Name', 'str'], region: ['Region', 'str'], namespace: ['Namespace', 'str'], type: ['Type', 'str'], priority: ['Priority', 'int'], datacenters: ['Datacenters', 'list'], node_pool: ['NodePool', 'str'], all_at_once: ['AllAtOnce', 'bool'], meta: ['Meta', 'map'] },
    {
      ...common,
      group: (g) => groups.push(group(g)),
      update: (c, out) => void (out.Update = section(c.body, UPDATE)),
      reschedule: (c, out) => void (out.Reschedule = section(c.body, RESCHEDULE)),
      migrate: (c, out) => void (out.Migrate = section(c.body, MIGRATE)),
      periodic: (c, out) => {
        const p = section(c.body, { cron: ['Spec', 'str'], crons: ['Specs', 'list'], prohibit_overlap: ['ProhibitOverlap', 'bool'], time_zone: ['TimeZone', 'str'], enabled: ['Enabled', 'bool'] });
        if (Array.isArray(p.Specs) && p.Spec === undefined) p.Spec = String(p.Specs[0] ?? '');
        out.Periodic = { Enabled: true, SpecType: 'cron', ...p };
      },
      parameterized: (c, out) => void (out.ParameterizedJob = section(c.body, { payload: ['Payload', 'str'], meta_required: ['MetaRequired', 'list'], meta_optional: ['MetaOptional', 'list'] })),
    },
  );
  return { ID: b.labels[0], Name: job.Name ?? b.labels[0], ...job, TaskGroups: groups };
}

