// The form rules refuse what the spec forbids (workspace-api.md, Project and Limits) before anything is sent.
import { describe, expect, it } from 'vitest';
import { durationIssue, projectIssues, workspaceAttributeIssues } from './rules';

const draft = (patch: Partial<{ name: string; description: string; autoDestroyActivityDuration: string }> = {}) => ({
  name: 'platform-core',
  description: '',
  autoDestroyActivityDuration: '',
  ...patch,
});

describe('project form rules', () => {
  it('accepts a 3-40 character name of letters, digits, spaces, "-" and "_"', () => {
    expect(projectIssues(draft({ name: 'abc' }))).toEqual({});
    expect(projectIssues(draft({ name: 'Data team_2 -x' }))).toEqual({});
    expect(projectIssues(draft({ name: 'x'.repeat(40) }))).toEqual({});
  });

  it('refuses names that are too short, too long, use other characters or have edge spaces', () => {
    expect(projectIssues(draft({ name: 'ab' })).name).toMatch(/at least 3/);
    expect(projectIssues(draft({ name: 'x'.repeat(41) })).name).toMatch(/at most 40/);
    expect(projectIssues(draft({ name: 'data.team' })).name).toMatch(/only letters/);
    expect(projectIssues(draft({ name: ' data' })).name).toMatch(/start or end with a space/);
    expect(projectIssues(draft({ name: 'data ' })).name).toMatch(/start or end with a space/);
  });

  it('limits the description to 256 characters', () => {
    expect(projectIssues(draft({ description: 'd'.repeat(256) }))).toEqual({});
    expect(projectIssues(draft({ description: 'd'.repeat(257) })).description).toMatch(/256/);
  });

  it('takes auto-destroy durations of up to four digits above 0 then d or h, or none', () => {
    for (const ok of ['', '14d', '24h', '1h', '9999d']) expect(durationIssue(ok)).toBeNull();
    for (const bad of ['0d', '10000d', '14', 'd', '14m', '014d', ' 14d']) expect(durationIssue(bad)).not.toBeNull();
  });
});

describe('workspace settings rules', () => {
  it('forbids an agent pool unless the execution mode is agent', () => {
    expect(workspaceAttributeIssues({ 'execution-mode': 'remote', 'agent-pool-id': 'apool-abc' }, 'update')['agent-pool-id']).toMatch(/forbidden/);
    expect(workspaceAttributeIssues({ 'execution-mode': 'agent', 'agent-pool-id': 'apool-abc' }, 'update')).toEqual({});
  });

  it('requires an agent pool when a new workspace runs on agents', () => {
    expect(workspaceAttributeIssues({ name: 'w1', 'execution-mode': 'agent' }, 'create')['agent-pool-id']).toMatch(/required/);
  });

  it('refuses the deprecated operations flag next to execution-mode', () => {
    expect(workspaceAttributeIssues({ 'execution-mode': 'local', operations: false }, 'update').operations).toMatch(/deprecated/);
  });

  it('refuses trigger patterns and trigger prefixes together', () => {
    expect(workspaceAttributeIssues({ 'trigger-patterns': ['/modules/**'], 'trigger-prefixes': ['/modules'] }, 'update')['trigger-patterns']).toMatch(/not both/);
    expect(workspaceAttributeIssues({ 'trigger-patterns': ['/modules/**'], 'trigger-prefixes': [] }, 'update')).toEqual({});
  });

  it('checks workspace names and auto-destroy durations like the host', () => {
    expect(workspaceAttributeIssues({ name: 'bad name' }, 'create').name).toMatch(/letters, numbers/);
    expect(workspaceAttributeIssues({ 'auto-destroy-activity-duration': '3w' }, 'update')['auto-destroy-activity-duration']).toMatch(/"d"/);
  });
});
