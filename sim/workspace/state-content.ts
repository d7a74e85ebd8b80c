// Raw engine state (the JSON the engine writes: version, serial, lineage, resources, outputs) and what the
// service extracts from it asynchronously: resources, modules, providers and outputs (workspace-api.md, State version).
import { createHash } from 'node:crypto';
import { createRng } from '../rng';

export interface RawState {
  version: number;
  terraform_version?: string;
  serial: number;
  lineage: string;
  outputs: Record<string, { value: unknown; type: unknown; sensitive?: boolean }>;
  resources: RawResource[];
}

export interface RawResource {
  module?: string;
  mode: 'managed' | 'data';
  type: string;
  name: string;
  provider: string;
  instances: { schema_version: number; attributes: Record<string, unknown> }[];
}

export interface ExtractedResource {
  name: string;
  type: string;
  count: number;
  module: string;
  provider: string;
}

export interface Extracted {
  resources: ExtractedResource[];
  modules: Record<string, Record<string, number>>;
  providers: Record<string, Record<string, number>>;
  outputs: { name: string; value: unknown; type: unknown; sensitive: boolean }[];
  engineVersion: string;
  stateVersion: number;
  managedCount: number;
}

export const md5Hex = (bytes: Buffer): string => createHash('md5').update(bytes).digest('hex');

/** Parses raw state bytes; returns null unless they hold a JSON object with an integer serial and a string lineage. */
export function parseRawState(bytes: Buffer): RawState | null {
  let value: unknown;
  try {
    value = JSON.parse(bytes.toString('utf8'));
  } catch {
    return null;
  }
  if (!value || typeof value !== 'object' || Array.isArray(value)) return null;
  const state = value as Partial<RawState>;
  if (!Number.isInteger(state.serial) || typeof state.lineage !== 'string') return null;
  return {
    version: Number.isInteger(state.version) ? (state.version as number) : 4,
    terraform_version: typeof state.terraform_version === 'string' ? state.terraform_version : undefined,
    serial: state.serial as number,
    lineage: state.lineage,
    outputs: state.outputs && typeof state.outputs === 'object' ? state.outputs : {},
    resources: Array.isArray(state.resources) ? state.resources : [],
  };
}

/** What the asynchronous extraction yields; only managed resources count, as in the service's resource count. */
export function extract(state: RawState): Extracted {
  const byKey = new Map<string, ExtractedResource>();
  const modules: Record<string, Record<string, number>> = {};
  const providers: Record<string, Record<string, number>> = {};
  let managedCount = 0;
  for (const resource of state.resources) {
    if (!resource || resource.mode !== 'managed' || typeof resource.type !== 'string') continue;
    const count = Array.isArray(resource.instances) ? resource.instances.length : 0;
    const module = typeof resource.module === 'string' ? resource.module : 'root';
    const provider = typeof resource.provider === 'string' ? resource.provider : '';
    const key = `${module}|${resource.type}|${resource.name}`;
    const existing = byKey.get(key);
    if (existing) existing.count += count;
    else byKey.set(key, { name: String(resource.name), type: resource.type, count, module, provider });
    (modules[module] ??= {})[resource.type] = (modules[module][resource.type] ?? 0) + count;
    (providers[provider] ??= {})[resource.type] = (providers[provider][resource.type] ?? 0) + count;
    managedCount += count;
  }
  const outputs = Object.entries(state.outputs).map(([name, output]) => ({
    name,
    value: output?.value ?? null,
    type: output?.type ?? 'string',
    sensitive: output?.sensitive === true,
  }));
  return {
    resources: [...byKey.values()],
    modules,
    providers,
    outputs,
    engineVersion: state.terraform_version ?? '',
    stateVersion: state.version,
    managedCount,
  };
}

/** The stable-format JSON state the engine's `show -json` prints, built from raw state. */
export function jsonStateOf(state: RawState): Buffer {
  const outputs: Record<string, unknown> = {};
  for (const [name, output] of Object.entries(state.outputs)) outputs[name] = { sensitive: output.sensitive === true, value: output.value, type: output.type };
  const resources = state.resources.flatMap((resource) =>
    resource.instances.map((instance, index) => ({
      address: `${resource.module ? resource.module + '.' : ''}${resource.mode === 'data' ? 'data.' : ''}${resource.type}.${resource.name}${resource.instances.length > 1 ? `[${index}]` : ''}`,
      mode: resource.mode,
      type: resource.type,
      name: resource.name,
      provider_name: resource.provider.replace(/^provider\["(.*)"\]$/, '$1'),
      schema_version: instance.schema_version,
      values: instance.attributes,
    })),
  );
  return Buffer.from(JSON.stringify({ format_version: '1.0', terraform_version: state.terraform_version, values: { outputs, root_module: { resources } } }));
}

const PROVIDERS = [
  { name: 'aws', types: ['aws_instance', 'aws_s3_bucket', 'aws_iam_role', 'aws_security_group', 'aws_route53_record'] },
  { name: 'google', types: ['google_compute_instance', 'google_storage_bucket', 'google_project_iam_member'] },
  { name: 'random', types: ['random_id', 'random_password'] },
  { name: 'null', types: ['null_resource'] },
];
const NAMES = ['main', 'web', 'primary', 'logs', 'this', 'app', 'db', 'cache'];
const ENGINE_VERSIONS = ['1.2.9', '1.5.7', '1.6.6', '1.7.5', '1.8.5', '1.9.8', '1.10.5'];

export interface GeneratedStateSpec {
  serial: number;
  lineage: string;
  /** Number of managed resource blocks; 0 gives a state that manages nothing. */
  resourceBlocks: number;
}

/** Builds a realistic raw state deterministically from a seed. */
export function generateRawState(seed: number, spec: GeneratedStateSpec): Buffer {
  const rng = createRng(seed);
  const engine = rng.pick(ENGINE_VERSIONS);
  const resources: RawResource[] = [];
  const seen = new Set<string>();
  for (let i = 0; i < spec.resourceBlocks; i++) {
    const provider = rng.pick(PROVIDERS);
    const type = rng.pick(provider.types);
    let name = rng.pick(NAMES);
    if (seen.has(type + name)) name = `${name}_${i}`;
    seen.add(type + name);
    const module = rng.chance(0.3) ? `module.${rng.pick(['network', 'storage', 'compute'])}` : undefined;
    const count = rng.chance(0.25) ? rng.int(2, 4) : 1;
    resources.push({
      ...(module ? { module } : {}),
      mode: 'managed',
      type,
      name,
      provider: `provider["registry.terraform.io/hashicorp/${provider.name}"]`,
      instances: Array.from({ length: count }, () => ({ schema_version: 0, attributes: { id: rng.hex(16) } })),
    });
  }
  if (rng.chance(0.4)) {
    resources.push({
      mode: 'data',
      type: 'aws_caller_identity',
      name: 'current',
      provider: 'provider["registry.terraform.io/hashicorp/aws"]',
      instances: [{ schema_version: 0, attributes: { account_id: String(rng.int(100000000000, 999999999999)) } }],
    });
  }
  const outputs: RawState['outputs'] = {};
  if (spec.resourceBlocks > 0) {
    outputs.endpoint = { value: `https://${rng.hex(8)}.example.internal`, type: 'string' };
    if (rng.chance(0.5)) outputs.instance_count = { value: rng.int(1, 9), type: 'number' };
    if (rng.chance(0.3)) outputs.db_password = { value: rng.hex(20), type: 'string', sensitive: true };
  }
  const state: RawState = { version: 4, terraform_version: engine, serial: spec.serial, lineage: spec.lineage, outputs, resources };
  return Buffer.from(JSON.stringify(state, null, 2));
}

/** Engine 1.3 introduced the stable JSON state the service stores next to the raw state. */
export function hasJsonState(engineVersion: string): boolean {
  const [major, minor] = engineVersion.split('.').map(Number);
  return major > 1 || (major === 1 && minor >= 3);
}
