import { describe, expect, it } from 'vitest';
import { concernsJob } from './useLiveFetch';

const target = { connectionId: 'c1', namespace: 'default', jobId: 'web' };

describe('which changes re-read a job', () => {
  it('re-reads on a change naming the job, or a change without IDs', () => {
    expect(concernsJob({ connectionId: 'c1', resource: 'jobs', version: 2, ids: ['api', 'web'] }, target, ['jobs'])).toBe(true);
    expect(concernsJob({ connectionId: 'c1', resource: 'jobs', version: 2 }, target, ['jobs'])).toBe(true);
  });

  it('ignores changes to other jobs and other resources', () => {
    expect(concernsJob({ connectionId: 'c1', resource: 'jobs', version: 2, ids: ['api'] }, target, ['jobs'])).toBe(false);
    expect(concernsJob({ connectionId: 'c1', resource: 'nodes', version: 2 }, target, ['jobs'])).toBe(false);
  });

  it('treats any allocation change as relevant, since it names allocations, not jobs', () => {
    expect(concernsJob({ connectionId: 'c1', resource: 'allocations', version: 5, ids: ['a1'] }, target, ['allocations'])).toBe(true);
  });
});
