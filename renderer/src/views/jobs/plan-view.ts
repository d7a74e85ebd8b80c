// Reading a plan result for people: the scheduler's per-group annotations as rows of non-zero counts, whether the
// diff changes anything, and the check that the edited text still parses into the job being edited.
import type { DesiredUpdates, Job, JobDiff, ObjectDiff, PlanResult } from '../../../../main/contract';

export interface GroupUpdateRow {
  group: string;
  /** e.g. `{ label: 'place', count: 2 }` in a fixed, readable order; zero counts are left out. */
  updates: { key: keyof DesiredUpdates; label: string; count: number }[];
}

const UPDATE_LABELS: [keyof DesiredUpdates, string][] = [
  ['Place', 'place'],
  ['DestructiveUpdate', 'destructive update'],
  ['InPlaceUpdate', 'in-place update'],
  ['Stop', 'stop'],
  ['Migrate', 'migrate'],
  ['Canary', 'canary'],
  ['Preemptions', 'preempt'],
  ['Ignore', 'ignore'],
];

export function groupUpdateRows(plan: Pick<PlanResult, 'Annotations'>): GroupUpdateRow[] {
  const byGroup = plan.Annotations?.DesiredTGUpdates ?? {};
  return Object.keys(byGroup)
    .sort()
    .map((group) => ({
      group,
      updates: UPDATE_LABELS.filter(([key]) => (byGroup[group][key] ?? 0) > 0).map(([key, label]) => ({ key, label, count: byGroup[group][key] ?? 0 })),
    }));
}

/** A diff object (group, task or nested object) that changes something, itself or below it. */
export function objectChanged(object: Pick<ObjectDiff, 'Type' | 'Fields' | 'Objects'> & { Tasks?: ObjectDiff[] | null }): boolean {
  if (object.Type !== 'None') return true;
  return (object.Fields ?? []).some((f) => f.Type !== 'None') || (object.Objects ?? []).some(objectChanged) || (object.Tasks ?? []).some(objectChanged);
}

/** True when the plan would change the job (any diff entry other than `None`). */
export function diffChanges(diff: JobDiff | null | undefined): boolean {
  if (!diff) return false;
  if (diff.Type && diff.Type !== 'None') return true;
  return (diff.Fields ?? []).some((f) => f.Type !== 'None') || (diff.Objects ?? []).some(objectChanged) || (diff.TaskGroups ?? []).some(objectChanged);
}

export type JobTextCheck = { ok: true; job: Job } | { ok: false; message: string };

/** Parses the edited JSON; an edit must keep the job's ID, since a new ID would register a second job. */
export function parseJobText(text: string, expectedId?: string): JobTextCheck {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    return { ok: false, message: `The definition is not valid JSON: ${(error as Error).message}. Fix it, then plan again.` };
  }
  if (!value || typeof value !== 'object' || Array.isArray(value)) return { ok: false, message: 'The definition must be one JSON object (the job).' };
  const job = value as Job;
  if (typeof job.ID !== 'string' || !job.ID.trim()) return { ok: false, message: 'The definition has no "ID". Give the job an ID.' };
  if (expectedId !== undefined && job.ID !== expectedId) {
    return { ok: false, message: `The ID changed from "${expectedId}" to "${job.ID}". Editing cannot rename a job; create a new job instead.` };
  }
  if (!Array.isArray(job.TaskGroups) || job.TaskGroups.length === 0) return { ok: false, message: 'The job needs at least one task group in "TaskGroups".' };
  return { ok: true, job };
}

/** Fields the server owns; left out of the editor so a person edits only the definition. */
const SERVER_FIELDS = ['Status', 'StatusDescription', 'Stable', 'Version', 'SubmitTime', 'CreateIndex', 'ModifyIndex', 'JobModifyIndex'];

export function editableJobText(job: Job): string {
  const copy: Record<string, unknown> = { ...job };
  for (const field of SERVER_FIELDS) delete copy[field];
  return JSON.stringify(copy, null, 2);
}
