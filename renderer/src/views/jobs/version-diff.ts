// A diff between two job versions computed here, for servers that answer GET /v1/job/:job_id/versions in the older
// shape without `Diffs` (cluster-api.md, Versioning). Every leaf becomes a path such as `TaskGroups[web].Count`, so
// the change reads like the server's own field diffs and renders with the same component.
import type { FieldDiff, Job, JobDiff } from '../../../../main/contract';

/** Fields that change with every version and say nothing about the definition. */
const SERVER_FIELDS = new Set(['Version', 'SubmitTime', 'CreateIndex', 'ModifyIndex', 'JobModifyIndex', 'Status', 'StatusDescription', 'Stable']);

function leafText(value: unknown): string {
  return typeof value === 'string' ? value : JSON.stringify(value);
}

/** Path → value text for every leaf; arrays of named objects are keyed by name so a reorder is not a change. */
export function flattenJob(value: unknown, prefix = '', out = new Map<string, string>()): Map<string, string> {
  if (Array.isArray(value)) {
    if (value.length === 0) out.set(prefix, '[]');
    value.forEach((item, index) => {
      const name = item && typeof item === 'object' && typeof (item as { Name?: unknown }).Name === 'string' ? (item as { Name: string }).Name : String(index);
      flattenJob(item, `${prefix}[${name}]`, out);
    });
  } else if (value !== null && typeof value === 'object') {
    for (const [key, child] of Object.entries(value)) {
      if (!prefix && SERVER_FIELDS.has(key)) continue;
      flattenJob(child, prefix ? `${prefix}.${key}` : key, out);
    }
  } else if (prefix) {
    out.set(prefix, leafText(value));
  }
  return out;
}

/** The change from `older` to `newer` as a job diff with job-level fields only. */
export function localJobDiff(older: Job, newer: Job): JobDiff {
  const before = flattenJob(older);
  const after = flattenJob(newer);
  const fields: FieldDiff[] = [];
  for (const path of new Set([...before.keys(), ...after.keys()])) {
    const old = before.get(path);
    const next = after.get(path);
    if (old === next) continue;
    const type = old === undefined ? 'Added' : next === undefined ? 'Deleted' : 'Edited';
    fields.push({ Type: type, Name: path, Old: old ?? '', New: next ?? '' });
  }
  fields.sort((a, b) => a.Name.localeCompare(b.Name));
  return { Type: fields.length ? 'Edited' : 'None', ID: newer.ID, Fields: fields, Objects: [], TaskGroups: [] };
}
