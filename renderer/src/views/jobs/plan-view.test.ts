import { describe, expect, it } from 'vitest';
import type { Job, JobDiff } from '../../../../main/contract';
import { diffChanges, editableJobText, groupUpdateRows, parseJobText } from './plan-view';

const none: JobDiff = { Type: 'None', ID: 'web', Fields: [], Objects: [], TaskGroups: [{ Type: 'None', Name: 'web', Fields: [{ Type: 'None', Name: 'Count', Old: '2', New: '2' }], Objects: [], Tasks: [] }] };

describe('plan annotations', () => {
  it('lists each group with its non-zero updates in a fixed order', () => {
    const rows = groupUpdateRows({
      Annotations: { DesiredTGUpdates: { web: { Ignore: 1, Place: 2, Migrate: 0, Stop: 0, InPlaceUpdate: 0, DestructiveUpdate: 3 }, api: { Ignore: 4, Place: 0, Migrate: 0, Stop: 0, InPlaceUpdate: 0, DestructiveUpdate: 0 } } },
    });
    expect(rows.map((r) => r.group)).toEqual(['api', 'web']);
    expect(rows[1].updates.map((u) => `${u.count} ${u.label}`)).toEqual(['2 place', '3 destructive update', '1 ignore']);
  });

  it('copes with a plan without annotations', () => {
    expect(groupUpdateRows({ Annotations: null })).toEqual([]);
  });
});

describe('diff changes', () => {
  it('sees no change in a contextual diff of unchanged fields', () => {
    expect(diffChanges(none)).toBe(false);
    expect(diffChanges(null)).toBe(false);
  });

  it('sees a changed field deep in a task', () => {
    const edited: JobDiff = {
      ...none,
      Type: 'Edited',
      TaskGroups: [{ Type: 'Edited', Name: 'web', Fields: [], Objects: [], Tasks: [{ Type: 'Edited', Name: 't', Fields: [{ Type: 'Edited', Name: 'Driver', Old: 'a', New: 'b' }], Objects: [] }] }],
    };
    expect(diffChanges(edited)).toBe(true);
    expect(diffChanges({ ...none, TaskGroups: [{ ...none.TaskGroups![0], Tasks: [{ Type: 'None', Name: 't', Fields: [{ Type: 'Edited', Name: 'x', Old: '1', New: '2' }], Objects: [] }] }] })).toBe(true);
  });
});

describe('edited job text', () => {
  const job = { ID: 'web', Name: 'web', Namespace: 'default', Type: 'service', Priority: 50, Status: 'running', Version: 3, CreateIndex: 1, ModifyIndex: 9, JobModifyIndex: 7, TaskGroups: [{ Name: 'web', Count: 1, Tasks: [] }] } as Job;

  it('leaves out the fields the server owns', () => {
    const parsed = JSON.parse(editableJobText(job));
    expect(parsed.ID).toBe('web');
    expect(parsed.JobModifyIndex).toBeUndefined();
    expect(parsed.Status).toBeUndefined();
  });

  it('refuses invalid JSON, a renamed job and a job without groups', () => {
    expect(parseJobText('{', 'web')).toMatchObject({ ok: false, message: expect.stringContaining('not valid JSON') });
    expect(parseJobText(JSON.stringify({ ...job, ID: 'web2' }), 'web')).toMatchObject({ ok: false, message: expect.stringContaining('cannot rename') });
    expect(parseJobText(JSON.stringify({ ...job, TaskGroups: [] }), 'web')).toMatchObject({ ok: false });
    expect(parseJobText(editableJobText(job), 'web')).toMatchObject({ ok: true });
  });
});
