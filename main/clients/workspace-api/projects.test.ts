// Projects against the simulator: create, update, list (q, filter[names], permission filters, sort,
// status-counts), show, delete and moving workspaces (workspace-api.md, Projects).
import { describe, expect, it } from 'vitest';
import type { Simulator } from '../../../sim/index';
import { HostError } from '../../host/host-error';
import { checkProjectInput, isAutoDestroyDuration } from './projects';
import { clientFor, failure, simPerFile, workspaceId } from './sim-fixture';
import type { WorkspaceClient } from './workspace-client';

let sim: Simulator;
let client: WorkspaceClient;
simPerFile((started, startedClient) => {
  sim = started;
  client = startedClient;
});

describe('project input rules (workspace-api.md, Limits)', () => {
  it('accepts 3–40 characters and rejects leading spaces or other characters', () => {
    expect(() => checkProjectInput({ name: 'ops' })).not.toThrow();
    expect(() => checkProjectInput({ name: 'ab' })).toThrow(/3 to 40/);
    expect(() => checkProjectInput({ name: ' ops' })).toThrow(/leading/);
    expect(() => checkProjectInput({ name: 'ops!' })).toThrow(HostError);
    expect(() => checkProjectInput({ description: 'x'.repeat(257) })).toThrow(/256/);
  });
  it('accepts an auto-destroy duration of up to four digits above 0 plus d or h', () => {
    expect(['1d', '14d', '9999h'].every(isAutoDestroyDuration)).toBe(true);
    expect(['0d', '10000d', '5m', 'd', '1.5d'].some(isAutoDestroyDuration)).toBe(false);
  });
});

describe('projects', () => {
  it('creates, shows and updates a project', async () => {
    const created = await client.projects.create({ name: 'ci-project', description: 'from a test', 'auto-destroy-activity-duration': '3d' });
    expect(created.id).toMatch(/^prj-/);
    expect(created.attributes['workspace-count']).toBeUndefined(); // absent from the create response
    const shown = await client.projects.show(created.id);
    expect(shown.attributes['auto-destroy-activity-duration']).toBe('3d');
    expect(shown.attributes['workspace-count']).toBe(0);
    const updated = await client.projects.update(created.id, { description: null });
    expect(updated.attributes.description).toBeNull();
    expect(updated.attributes.name).toBe('ci-project');
  });

  it('lists with q, filter[names], permission filters and sort, reading status-counts', async () => {
    const sorted = await client.projects.list({ sort: '-name' });
    const names = sorted.items.map((p) => p.attributes.name);
    expect(names).toEqual([...names].sort((a, b) => b.localeCompare(a)));
    expect(sorted.statusCounts?.total).toBe(sorted.pagination.totalCount);

    const byQ = await client.projects.list({ q: 'PLAT' });
    expect(byQ.items.map((p) => p.attributes.name)).toEqual(['platform']);
    expect(byQ.statusCounts).toMatchObject({ matching: 1 });
    const byNames = await client.projects.list({ names: ['data', 'platform'], q: 'ignored-when-names-given' });
    expect(byNames.items.map((p) => p.attributes.name).sort()).toEqual(['data', 'platform']);

    expect((await client.projects.list({ canCreateWorkspace: true, canUpdate: true })).items.length).toBeGreaterThan(0);
    const reader = clientFor(sim, 'readOnly');
    expect((await reader.projects.list({ canUpdate: true })).items).toEqual([]);
    reader.close();
  });

  it('moves workspaces into a project, all or nothing', async () => {
    const target = await client.projects.create({ name: 'move-target' });
    const sandbox = workspaceId(sim, 'sandbox');
    await client.projects.moveWorkspaces(target.id, [sandbox]);
    const shown = await client.workspaces.show({ id: sandbox });
    expect(shown.workspace.relationships?.project?.data).toMatchObject({ id: target.id });

    const refused = await failure(client.projects.moveWorkspaces(target.id, [workspaceId(sim, 'billing-agent'), 'ws-doesnotexist0000']));
    expect(refused.code).toBe('forbidden');
    expect(refused.message).toMatch(/No workspace was moved/);
    expect(refused.detail).toContain('ws-doesnotexist0000');
    const billing = await client.workspaces.show({ name: 'billing-agent' });
    expect(billing.workspace.relationships?.project?.data).not.toMatchObject({ id: target.id });
  });

  it('refuses to delete a project that still contains workspaces, then deletes it once empty', async () => {
    const project = await client.projects.create({ name: 'to-delete' });
    const workspace = await client.workspaces.create({ name: 'in-to-delete', projectId: project.id });
    const error = await failure(client.projects.delete(project.id));
    expect(error.code).toBe('conflict');
    expect(error.message).toMatch(/move or delete/i);
    await client.workspaces.forceDelete({ id: workspace.id });
    await client.projects.delete(project.id);
    expect((await failure(client.projects.show(project.id))).code).toBe('not_found');
  });

  it('answers not_found for an unknown project, naming both possible causes', async () => {
    const error = await failure(client.projects.show('prj-doesnotexist000'));
    expect(error.code).toBe('not_found');
    expect(error.message).toMatch(/not found, or this token may not see it/);
  });
});
