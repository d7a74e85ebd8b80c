import { describe, expect, it } from 'vitest';
import type { Job } from '../../../../main/contract';
import { flattenJob, localJobDiff } from './version-diff';

const base = {
  ID: 'web',
  Name: 'web',
  Namespace: 'default',
  Type: 'service',
  Priority: 50,
  Status: 'running',
  Version: 1,
  CreateIndex: 1,
  ModifyIndex: 5,
  JobModifyIndex: 5,
  Meta: { team: 'a' },
  TaskGroups: [
    { Name: 'web', Count: 2, Tasks: [{ Name: 'server', Driver: 'docker' }] },
    { Name: 'cache', Count: 1, Tasks: [] },
  ],
} as unknown as Job;

describe('version diff computed locally (older servers send no Diffs)', () => {
  it('keys named list items by name, so a reorder is no change', () => {
    const reordered = { ...base, TaskGroups: [...base.TaskGroups].reverse(), Version: 2, ModifyIndex: 9 } as Job;
    expect(localJobDiff(base, reordered).Type).toBe('None');
    expect(flattenJob(base).get('TaskGroups[web].Tasks[server].Driver')).toBe('docker');
  });

  it('reports edited, added and deleted leaves, ignoring server bookkeeping', () => {
    const next = {
      ...base,
      Version: 2,
      JobModifyIndex: 9,
      Meta: { owner: 'b' },
      TaskGroups: [{ ...base.TaskGroups[0], Count: 3 }, base.TaskGroups[1]],
    } as Job;
    const diff = localJobDiff(base, next);
    expect(diff.Type).toBe('Edited');
    expect(diff.Fields).toEqual([
      { Type: 'Added', Name: 'Meta.owner', Old: '', New: 'b' },
      { Type: 'Deleted', Name: 'Meta.team', Old: 'a', New: '' },
      { Type: 'Edited', Name: 'TaskGroups[web].Count', Old: '2', New: '3' },
    ]);
  });
});
