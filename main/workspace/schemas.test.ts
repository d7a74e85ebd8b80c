// Method schemas refuse bad input with the field named, in the spec's words, and accept what the spec allows.
import { describe, expect, it } from 'vitest';
import { workspaceSchemas } from './schemas';

const base = { connectionId: 'c1', workspaceId: 'ws-abc123' };

function issue(method: keyof typeof workspaceSchemas, params: unknown): string | null {
  const parsed = workspaceSchemas[method].safeParse(params);
  return parsed.success ? null : `${parsed.error.issues[0].path.join('.')} ${parsed.error.issues[0].message}`;
}

describe('workspace method schemas', () => {
  it('accepts auto-destroy durations of one to four digits above 0 with d or h only', () => {
    for (const ok of ['1d', '14d', '9999h', '12h']) expect(issue('projects.update', { connectionId: 'c1', projectId: 'prj-1', autoDestroyActivityDuration: ok })).toBeNull();
    for (const bad of ['0d', '01d', '10000d', '5m', 'd', '3 d']) expect(issue('projects.update', { connectionId: 'c1', projectId: 'prj-1', autoDestroyActivityDuration: bad })).toMatch(/^autoDestroyActivityDuration must be up to four digits/);
  });

  it('applies the agent pool rules on create and update', () => {
    expect(issue('workspaces.create', { connectionId: 'c1', attributes: { name: 'w', 'execution-mode': 'agent', 'agent-pool-id': 'apool-1' } })).toBeNull();
    expect(issue('workspaces.create', { connectionId: 'c1', attributes: { name: 'w', operations: true, 'agent-pool-id': 'apool-1' } })).toMatch(/^attributes\.agent-pool-id is forbidden/);
    expect(issue('workspaces.create', { connectionId: 'c1', attributes: { name: 'w', 'setting-overwrites': { 'execution-mode': true } } })).toMatch(/^attributes\.execution-mode is required when setting-overwrites/);
    // On update the previous pool still counts, so agent mode alone is accepted.
    expect(issue('workspaces.update', { ...base, attributes: { 'execution-mode': 'agent' } })).toBeNull();
    expect(issue('workspaces.update', { ...base, attributes: {} })).toMatch(/must change at least one setting/);
    expect(issue('workspaces.update', { ...base, attributes: { 'not-a-setting': true } })).toMatch(/attributes/);
  });

  it('checks variable keys by category, also on update', () => {
    expect(issue('variables.create', { ...base, key: 'PATH_2', category: 'env' })).toBeNull();
    expect(issue('variables.create', { ...base, key: '', category: 'engine' })).toBe('key is required');
    expect(issue('variables.create', { ...base, key: 'has space', category: 'engine' })).toMatch(/^key must not contain spaces/);
    expect(issue('variables.update', { ...base, variableId: 'var-1', key: 'a-b', category: 'env' })).toMatch(/^key must start with a letter or "_"/);
  });

  it('requires confirmations and bounded, well-formed transfers', () => {
    expect(issue('stateVersions.permanentlyDelete', { connectionId: 'c1', stateVersionId: 'sv-1' })).toMatch(/^confirm is required: type the state version id/);
    expect(issue('stateVersions.download', { connectionId: 'c1', stateVersionId: 'sv-1', format: 'raw', transferId: '../etc' })).toMatch(/^transferId/);
    expect(issue('stateVersions.upload', { ...base, transferId: 't1', source: { kind: 'path', path: 'relative/state.tfstate' } })).toMatch(/^source\.path must be an absolute file path/);
    expect(issue('stateVersions.upload', { ...base, transferId: 't1', source: { kind: 'content', fileName: 'a', base64: 'not base64!' } })).toMatch(/^source\.base64 must be Base64/);
  });

  it('refuses ids of the wrong kind and unknown facets', () => {
    expect(issue('workspaces.read', { connectionId: 'c1', workspaceId: 'prj-1' })).toMatch(/^workspaceId must be a workspace id/);
    expect(issue('workspaces.query', { connectionId: 'c1', offset: 0, limit: 10, facets: { owner: ['x'] } })).toMatch(/^facets/);
    expect(issue('workspaces.query', { connectionId: 'c1', offset: 0, limit: 10, facets: { locked: ['true'] } })).toBeNull();
  });
});
