// A structural diff of two states, computed in main: resources added, removed and changed (by address, with
// the names of the attributes that differ) and outputs. Values never leave this module: state contents are
// secret (design.md, invariant 2), so the diff carries names only.
import type { StateResourceChange, StateVersionDiff, StateVersionOutput } from '../contract';

type Attributes = Record<string, unknown>;

interface StateResource {
  address: string;
  type: string;
  module: string | null;
  /** Instance key (count index or for_each key, as JSON) → attribute values. */
  instances: Map<string, Attributes>;
}

export interface NormalizedState {
  resources: Map<string, StateResource>;
  outputs: Map<string, { value: unknown; type: unknown; sensitive: boolean }>;
}

const isObject = (value: unknown): value is Record<string, unknown> => !!value && typeof value === 'object' && !Array.isArray(value);

function addressOf(module: string | null, mode: unknown, type: string, name: string): string {
  return `${module ? `${module}.` : ''}${mode === 'data' ? 'data.' : ''}${type}.${name}`;
}

function addInstance(resources: Map<string, StateResource>, module: string | null, mode: unknown, type: string, name: string, key: string, attributes: Attributes): void {
  const address = addressOf(module, mode, type, name);
  let resource = resources.get(address);
  if (!resource) resources.set(address, (resource = { address, type, module, instances: new Map() }));
  resource.instances.set(key, attributes);
}

/** `[0]` or `["a"]` at the end of a JSON-state address, as the instance key. */
function keyFromAddress(address: unknown): string | null {
  if (typeof address !== 'string') return null;
  const match = /\[([^\]]+)\]$/.exec(address);
  return match ? match[1] : null;
}

/** The stable JSON format (`show -json`): values.root_module with nested child_modules. */
function fromJsonState(values: Record<string, unknown>): NormalizedState {
  const resources = new Map<string, StateResource>();
  const walk = (module: unknown, moduleAddress: string | null): void => {
    if (!isObject(module)) return;
    const list = Array.isArray(module.resources) ? module.resources : [];
    const seen = new Map<string, number>();
    for (const entry of list) {
      if (!isObject(entry) || typeof entry.type !== 'string' || typeof entry.name !== 'string') continue;
      const base = addressOf(moduleAddress, entry.mode, entry.type, entry.name);
      const position = seen.get(base) ?? 0;
      seen.set(base, position + 1);
      const key = entry.index !== undefined ? JSON.stringify(entry.index) : (keyFromAddress(entry.address) ?? String(position));
      addInstance(resources, moduleAddress, entry.mode, entry.type, entry.name, key, isObject(entry.values) ? entry.values : {});
    }
    for (const child of Array.isArray(module.child_modules) ? module.child_modules : []) {
      walk(child, isObject(child) && typeof child.address === 'string' ? child.address : moduleAddress);
    }
  };
  walk(values.root_module, null);
  return { resources, outputs: readOutputs(values.outputs) };
}

/** The raw state the engine writes: resources[] with instances[]. */
function fromRawState(state: Record<string, unknown>): NormalizedState {
  const resources = new Map<string, StateResource>();
  for (const entry of Array.isArray(state.resources) ? state.resources : []) {
    if (!isObject(entry) || typeof entry.type !== 'string' || typeof entry.name !== 'string') continue;
    const module = typeof entry.module === 'string' && entry.module !== '' ? entry.module : null;
    const instances = Array.isArray(entry.instances) ? entry.instances : [];
    instances.forEach((instance, position) => {
      const record = isObject(instance) ? instance : {};
      const key = record.index_key !== undefined ? JSON.stringify(record.index_key) : String(position);
      addInstance(resources, module, entry.mode, entry.type as string, entry.name as string, key, isObject(record.attributes) ? record.attributes : {});
    });
  }
  return { resources, outputs: readOutputs(state.outputs) };
}

function readOutputs(outputs: unknown): NormalizedState['outputs'] {
  const out: NormalizedState['outputs'] = new Map();
  if (!isObject(outputs)) return out;
  for (const [name, output] of Object.entries(outputs)) {
    const record = isObject(output) ? output : {};
    out.set(name, { value: record.value, type: record.type, sensitive: record.sensitive === true });
  }
  return out;
}

/** Parses JSON state or raw state; anything else is not a state file. */
export function normalizeState(bytes: Buffer): NormalizedState | null {
  let parsed: unknown;
  try {
    parsed = JSON.parse(bytes.toString('utf8'));
  } catch {
    return null;
  }
  if (!isObject(parsed)) return null;
  if (isObject(parsed.values) || typeof parsed.format_version === 'string') return fromJsonState(isObject(parsed.values) ? parsed.values : {});
  if (Array.isArray(parsed.resources) || Number.isInteger(parsed.serial)) return fromRawState(parsed);
  return null;
}

/** Key order must not count as a change, so values are compared in a canonical form. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (isObject(value)) return `{${Object.keys(value).sort().map((key) => `${JSON.stringify(key)}:${canonical(value[key])}`).join(',')}}`;
  return JSON.stringify(value) ?? 'undefined';
}

function changedAttributes(from: StateResource, to: StateResource): string[] {
  const names = new Set<string>();
  const keys = new Set([...from.instances.keys(), ...to.instances.keys()]);
  for (const key of keys) {
    const a = from.instances.get(key);
    const b = to.instances.get(key);
    // An instance added or removed changes every attribute it has.
    for (const name of new Set([...Object.keys(a ?? {}), ...Object.keys(b ?? {})])) {
      if (!a || !b || canonical(a[name]) !== canonical(b[name])) names.add(name);
    }
  }
  return [...names].sort();
}

export function diffStates(from: NormalizedState, to: NormalizedState): Pick<StateVersionDiff, 'resources' | 'outputs'> {
  const resources: StateResourceChange[] = [];
  for (const [address, resource] of to.resources) {
    const before = from.resources.get(address);
    if (!before) {
      resources.push({ address, type: resource.type, module: resource.module, change: 'added' });
      continue;
    }
    const changed = changedAttributes(before, resource);
    if (changed.length > 0) resources.push({ address, type: resource.type, module: resource.module, change: 'changed', changedAttributes: changed });
  }
  for (const [address, resource] of from.resources) {
    if (!to.resources.has(address)) resources.push({ address, type: resource.type, module: resource.module, change: 'removed' });
  }
  resources.sort((a, b) => (a.address < b.address ? -1 : a.address > b.address ? 1 : 0));

  const outputs: StateVersionDiff['outputs'] = [];
  for (const name of [...new Set([...from.outputs.keys(), ...to.outputs.keys()])].sort()) {
    const a = from.outputs.get(name);
    const b = to.outputs.get(name);
    const sensitive = a?.sensitive === true || b?.sensitive === true;
    if (!a) outputs.push({ name, change: 'added', sensitive });
    else if (!b) outputs.push({ name, change: 'removed', sensitive });
    else if (canonical(a.value) !== canonical(b.value) || canonical(a.type) !== canonical(b.type) || a.sensitive !== b.sensitive) outputs.push({ name, change: 'changed', sensitive });
  }
  return { resources, outputs };
}

/** Outputs by name for display; a sensitive output's value stays here (workspace-api.md, sensitive outputs hidden). */
export function outputsOf(state: NormalizedState): StateVersionOutput[] {
  return [...state.outputs.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([name, output]) => ({
      name,
      type: output.type === undefined ? null : JSON.stringify(output.type),
      sensitive: output.sensitive,
      ...(output.sensitive ? {} : { value: output.value }),
    }));
}
