// Job diffs as Nomad computes them for plans and `versions?diffs=true`: a JobDiff with Fields, Objects and
// TaskGroups (each with Tasks), every entry typed Added / Deleted / Edited / None, values as strings.
import type { Job, Json, TaskGroup } from './model';

export type DiffType = 'Added' | 'Deleted' | 'Edited' | 'None';

export interface FieldDiff {
  Type: DiffType;
  Name: string;
  Old: string;
  New: string;
  Annotations: string[] | null;
}

export interface ObjectDiff {
  Type: DiffType;
  Name: string;
  Fields: FieldDiff[] | null;
  Objects: ObjectDiff[] | null;
}

export interface TaskDiff extends ObjectDiff {
  Annotations: string[] | null;
}

export interface TaskGroupDiff extends ObjectDiff {
  Tasks: TaskDiff[] | null;
  Updates: Record<string, number> | null;
}

export interface JobDiff {
  Type: DiffType;
  ID: string;
  Fields: FieldDiff[] | null;
  Objects: ObjectDiff[] | null;
  TaskGroups: TaskGroupDiff[] | null;
}

const JOB_IGNORED = new Set(['ID', 'Status', 'StatusDescription', 'Version', 'Stable', 'CreateIndex', 'ModifyIndex', 'JobModifyIndex', 'SubmitTime', 'Update', 'TaskGroups', 'MeshToken', 'SecretsToken', 'ClusterTokenID', 'Payload', 'DispatchIdempotencyToken']);
const SINGULAR: Record<string, string> = { Constraints: 'Constraint', Affinities: 'Affinity', Spreads: 'Spread', Services: 'Service', Checks: 'Check', Networks: 'Network', Templates: 'Template', Artifacts: 'Artifact', VolumeMounts: 'VolumeMount', DynamicPorts: 'Dynamic Port', ReservedPorts: 'Static Port', SpreadTarget: 'SpreadTarget' };

const isPrimitive = (v: unknown): v is string | number | boolean => typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean';
const isObj = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);
const text = (v: unknown): string => (v === undefined || v === null ? '' : String(v));
const present = (v: unknown): boolean => v !== undefined && v !== null && !(Array.isArray(v) && v.length === 0) && !(isObj(v) && Object.keys(v).length === 0);
const nullIfEmpty = <T>(list: T[]): T[] | null => (list.length ? list : null);

function fieldDiff(name: string, old: unknown, next: unknown, contextual: boolean): FieldDiff | null {
  const o = text(old);
  const n = text(next);
  let type: DiffType = 'None';
  if (!present(old) && present(next)) type = 'Added';
  else if (present(old) && !present(next)) type = 'Deleted';
  else if (o !== n) type = 'Edited';
  if (type === 'None' && !contextual) return null;
  return { Type: type, Name: name, Old: o, New: n, Annotations: null };
}

function combine(fields: FieldDiff[], objects: ObjectDiff[], hadOld: boolean, hadNew: boolean): DiffType {
  if (!hadOld && hadNew) return 'Added';
  if (hadOld && !hadNew) return 'Deleted';
  return [...fields, ...objects].some((d) => d.Type !== 'None') ? 'Edited' : 'None';
}

/** Diffs two objects' fields; nested objects and lists of objects become Objects. */
export function diffFields(old: Json | null, next: Json | null, ignored: Set<string>, contextual: boolean): { Fields: FieldDiff[]; Objects: ObjectDiff[] } {
  const fields: FieldDiff[] = [];
  const objects: ObjectDiff[] = [];
  const keys = [...new Set([...Object.keys(old ?? {}), ...Object.keys(next ?? {})])].filter((k) => !ignored.has(k)).sort();
  for (const key of keys) {
    const a = old?.[key];
    const b = next?.[key];
    if (isPrimitive(a) || isPrimitive(b) || (a == null && b == null)) {
      if (isObj(a) || isObj(b) || Array.isArray(a) || Array.isArray(b)) continue;
      const f = fieldDiff(key, a, b, contextual);
      if (f) fields.push(f);
    } else if ((isObj(a) || a == null) && (isObj(b) || b == null) && [a, b].every((v) => v == null || Object.values(v as Json).every((x) => isPrimitive(x) || x == null)) && ['Meta', 'Env', 'GetterOptions'].includes(key)) {
      // Flat maps diff as fields named Key[sub] (Nomad's flatmap).
      const subKeys = [...new Set([...Object.keys(a ?? {}), ...Object.keys(b ?? {})])].sort();
      for (const sub of subKeys) {
        const f = fieldDiff(`${key}[${sub}]`, (a as Json | null)?.[sub], (b as Json | null)?.[sub], contextual);
        if (f) fields.push(f);
      }
    } else if (Array.isArray(a) || Array.isArray(b)) {
      objects.push(...diffList(key, (a as unknown[]) ?? [], (b as unknown[]) ?? [], contextual));
    } else {
      const d = diffObject(key, (a as Json) ?? null, (b as Json) ?? null, contextual);
      if (d) objects.push(d);
    }
  }
  return { Fields: fields, Objects: objects };
}

export function diffObject(name: string, old: Json | null, next: Json | null, contextual: boolean): ObjectDiff | null {
  const { Fields, Objects } = diffFields(old, next, new Set(), contextual && old !== null && next !== null);
  const type = combine(Fields, Objects, old !== null, next !== null);
  if (type === 'None' && !contextual) return null;
  if (type === 'None' && Fields.length === 0 && Objects.length === 0) return null;
  return { Type: type, Name: name, Fields: nullIfEmpty(Fields), Objects: nullIfEmpty(Objects) };
}

function identity(item: unknown): string {
  if (isObj(item)) return text(item.Name ?? item.Label ?? item.LTarget ?? item.Attribute ?? item.DestPath ?? item.GetterSource ?? JSON.stringify(item));
  return JSON.stringify(item);
}

function diffList(key: string, a: unknown[], b: unknown[], contextual: boolean): ObjectDiff[] {
  if ([...a, ...b].every((x) => isPrimitive(x))) {
    const fields: FieldDiff[] = [];
    const as = new Set(a.map(text));
    const bs = new Set(b.map(text));
    for (const v of [...new Set([...as, ...bs])].sort()) {
      if (as.has(v) && !bs.has(v)) fields.push({ Type: 'Deleted', Name: key, Old: v, New: '', Annotations: null });
      else if (!as.has(v) && bs.has(v)) fields.push({ Type: 'Added', Name: key, Old: '', New: v, Annotations: null });
      else if (contextual) fields.push({ Type: 'None', Name: key, Old: v, New: v, Annotations: null });
    }
    const type = combine(fields, [], a.length > 0, b.length > 0);
    return type === 'None' && !contextual ? [] : fields.length ? [{ Type: type, Name: key, Fields: fields, Objects: null }] : [];
  }
  const name = SINGULAR[key] ?? key.replace(/s$/, '');
  const olds = new Map(a.map((x) => [identity(x), x as Json]));
  const news = new Map(b.map((x) => [identity(x), x as Json]));
  const out: ObjectDiff[] = [];
  for (const id of [...new Set([...olds.keys(), ...news.keys()])]) {
    const d = diffObject(name, olds.get(id) ?? null, news.get(id) ?? null, contextual);
    if (d) out.push(d);
  }
  return out;
}

const tasksOf = (g: TaskGroup | null): Map<string, Json> => new Map((g?.Tasks ?? []).map((t) => [t.Name, t as Json]));

function diffGroup(name: string, old: TaskGroup | null, next: TaskGroup | null, contextual: boolean, updates: Record<string, number> | null): TaskGroupDiff {
  const { Fields, Objects } = diffFields(old, next, new Set(['Name', 'Tasks']), contextual && old !== null && next !== null);
  for (const f of Fields) {
    if (f.Name === 'Count' && f.Type === 'Edited') f.Annotations = [Number(f.New) > Number(f.Old) ? 'forces create' : 'forces destroy'];
  }
  const tasks: TaskDiff[] = [];
  const olds = tasksOf(old);
  const news = tasksOf(next);
  for (const taskName of [...new Set([...olds.keys(), ...news.keys()])].sort()) {
    const a = olds.get(taskName) ?? null;
    const b = news.get(taskName) ?? null;
    const inner = diffFields(a, b, new Set(['Name']), contextual && a !== null && b !== null);
    const type = combine(inner.Fields, inner.Objects, a !== null, b !== null);
    if (type === 'None' && !contextual) continue;
    const annotation = type === 'Added' ? 'forces create' : type === 'Deleted' ? 'forces destroy' : type === 'Edited' ? 'forces create/destroy update' : null;
    tasks.push({ Type: type, Name: taskName, Fields: nullIfEmpty(inner.Fields), Objects: nullIfEmpty(inner.Objects), Annotations: annotation ? [annotation] : null });
  }
  const type = old === null ? 'Added' : next === null ? 'Deleted' : [...Fields, ...Objects, ...tasks].some((d) => d.Type !== 'None') ? 'Edited' : 'None';
  return { Type: type, Name: name, Fields: nullIfEmpty(Fields), Objects: nullIfEmpty(Objects), Tasks: nullIfEmpty(tasks), Updates: updates && Object.keys(updates).length ? updates : null };
}

/** Diff from `old` to `next`; `contextual` keeps unchanged fields (Type None) as the plan endpoint does. */
export function diffJobs(old: Job | null, next: Job | null, contextual: boolean, updates: Record<string, Record<string, number>> = {}): JobDiff {
  const { Fields, Objects } = diffFields(old, next, JOB_IGNORED, contextual && old !== null && next !== null);
  const groups: TaskGroupDiff[] = [];
  const oldGroups = new Map((old?.TaskGroups ?? []).map((g) => [g.Name, g]));
  const newGroups = new Map((next?.TaskGroups ?? []).map((g) => [g.Name, g]));
  for (const name of [...new Set([...oldGroups.keys(), ...newGroups.keys()])].sort()) {
    const d = diffGroup(name, oldGroups.get(name) ?? null, newGroups.get(name) ?? null, contextual, updates[name] ?? null);
    if (d.Type !== 'None' || contextual) groups.push(d);
  }
  const type = old === null ? 'Added' : next === null ? 'Deleted' : [...Fields, ...Objects, ...groups].some((d) => d.Type !== 'None') ? 'Edited' : 'None';
  return { Type: type, ID: (next ?? old)?.ID ?? '', Fields: nullIfEmpty(Fields), Objects: nullIfEmpty(Objects), TaskGroups: nullIfEmpty(groups) };
}
