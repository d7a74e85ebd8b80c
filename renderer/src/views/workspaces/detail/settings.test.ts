// Settings edits send only what changed, never the deprecated `operations`, and respect the spec's cross-field rules.
import { describe, expect, it } from 'vitest';
import type { Workspace } from '../../../../../main/contract';
import { draftFrom, settingsIssues, settingsPatch } from './settings';

const workspace = (attributes: Partial<Workspace['attributes']> = {}): Workspace => ({
  id: 'ws-abc',
  type: 'workspaces',
  attributes: {
    name: 'networking-prod',
    description: null,
    'execution-mode': 'remote',
    operations: true,
    permissions: {},
    locked: false,
    'created-at': '2025-01-01T00:00:00.000Z',
    'trigger-patterns': [],
    'trigger-prefixes': [],
    'setting-overwrites': { 'execution-mode': true, 'agent-pool': true },
    ...attributes,
  },
});

describe('workspace settings form', () => {
  it('sends nothing when nothing changed, and never sends operations', () => {
    const original = draftFrom(workspace(), null);
    expect(settingsPatch({ ...original }, original)).toEqual({});
    const patch = settingsPatch({ ...original, executionMode: 'local' }, original);
    expect(patch).toEqual({ 'execution-mode': 'local', 'setting-overwrites': { 'execution-mode': true, 'agent-pool': true } });
    expect('operations' in patch).toBe(false);
  });

  it('sends the agent pool with agent mode, and requires one', () => {
    const original = draftFrom(workspace(), null);
    const withoutPool = { ...original, executionMode: 'agent' as const };
    expect(settingsIssues(withoutPool, settingsPatch(withoutPool, original))['agent-pool-id']).toMatch(/required/);
    const withPool = { ...withoutPool, agentPoolId: 'apool-123' };
    const patch = settingsPatch(withPool, original);
    expect(patch).toMatchObject({ 'execution-mode': 'agent', 'agent-pool-id': 'apool-123' });
    expect(settingsIssues(withPool, patch)).toEqual({});
  });

  it('drops a typed pool when the mode is not agent', () => {
    const original = draftFrom(workspace(), null);
    const patch = settingsPatch({ ...original, executionMode: 'local', agentPoolId: 'apool-123' }, original);
    expect(patch['agent-pool-id']).toBeUndefined();
  });

  it('inheriting the organization default turns the overwrite off instead of sending a mode', () => {
    const original = draftFrom(workspace(), null);
    expect(settingsPatch({ ...original, inheritExecutionMode: true }, original)).toEqual({ 'setting-overwrites': { 'execution-mode': false, 'agent-pool': false } });
  });

  it('sends only the chosen trigger style, clearing the other', () => {
    const original = draftFrom(workspace({ 'trigger-prefixes': ['/modules'] }), null);
    expect(original.triggerStyle).toBe('prefixes');
    const patch = settingsPatch({ ...original, triggerStyle: 'patterns', triggerPatterns: '/modules/**/*.tf\n' }, original);
    expect(patch).toEqual({ 'trigger-patterns': ['/modules/**/*.tf'], 'trigger-prefixes': [] });
  });

  it('checks the auto-destroy duration and lets it be cleared', () => {
    const original = draftFrom(workspace({ 'auto-destroy-activity-duration': '14d', 'inherits-project-auto-destroy': false }), null);
    const bad = { ...original, autoDestroyActivityDuration: '2w' };
    expect(settingsIssues(bad, settingsPatch(bad, original))['auto-destroy-activity-duration']).toBeTruthy();
    expect(settingsPatch({ ...original, autoDestroyActivityDuration: '' }, original)).toEqual({ 'auto-destroy-activity-duration': null });
  });

  it('does not present a duration inherited from the project as the workspace own', () => {
    expect(draftFrom(workspace({ 'auto-destroy-activity-duration': '14d', 'inherits-project-auto-destroy': true }), null).autoDestroyActivityDuration).toBe('');
  });
});
