// Workspaces against the simulator: create, show and update by id and by name, list filters, safe and force delete.
import { describe, expect, it } from 'vitest';
import type { Simulator } from '../../../sim/index';
import type { Project } from '../../contract/workspace-models';
import { clientFor, failure, simPerFile, workspaceId } from './sim-fixture';
import type { WorkspaceClient } from './workspace-client';

let sim: Simulator;
let client: WorkspaceClient;
simPerFile((started, startedClient) => {
  sim = started;
  client = startedClient;
});

describe('workspaces', () => {
  it('creates a workspace in a project with tag bindings', async () => {
    const projects = await client.projects.list({ names: ['data'] });
    const created = await client.workspaces.create({ name: 'ci-created', description: 'made by a test', 'execution-mode': 'local', projectId: projects.items[0].id, tagBindings: [{ key: 'env', value: 'ci' }] });
    expect(created.id).toMatch(/^ws-/);
    expect(created.attributes.name).toBe('ci-created');
    expect(created.attributes['execution-mode']).toBe('local');
    expect(created.relationships?.project?.data).toMatchObject({ id: projects.items[0].id });
    const bindings = await client.relationships.listTagBindings(created.id);
    expect(bindings.map((b) => [b.attributes.key, b.attributes.value])).toEqual([['env', 'ci']]);
  });

  it('refuses an invalid create with invalid_input and the service’s reason', async () => {
    const error = await failure(client.workspaces.create({ name: 'bad name with spaces' }));
    expect(error.code).toBe('invalid_input');
    expect(error.status).toBe(422);
    expect(error.detail).toBeTruthy();
  });

  it('shows a workspace by name and by id, resolving included resources', async () => {
    const byName = await client.workspaces.show({ name: 'networking-prod' }, ['project', 'current_state_version']);
    const byId = await client.workspaces.show({ id: byName.workspace.id });
    expect(byId.workspace.attributes.name).toBe('networking-prod');
    const project = byName.included.related<Project['attributes']>(byName.workspace, 'project');
    expect(project?.attributes.name).toBe('platform');
    expect(byName.included.related(byName.workspace, 'current-state-version')?.type).toBe('state-versions');
  });

  it('updates by id and by name; omitted settings keep their value', async () => {
    const id = workspaceId(sim, 'sandbox');
    const updated = await client.workspaces.update({ id }, { description: 'updated by id', 'auto-apply': true });
    expect(updated.attributes.description).toBe('updated by id');
    const renamed = await client.workspaces.update({ name: 'sandbox' }, { name: 'sandbox-renamed' });
    expect(renamed.attributes.name).toBe('sandbox-renamed');
    expect(renamed.attributes['auto-apply']).toBe(true);
    const error = await failure(client.workspaces.show({ name: 'sandbox' }));
    expect(error.code).toBe('not_found');
    await client.workspaces.update({ id }, { name: 'sandbox' });
  });

  it('lists with search[name], filter[project][id], tag filters, sort and include', async () => {
    const search = await client.workspaces.list({ searchName: 'prod' });
    expect(search.items.map((w) => w.attributes.name)).toContain('networking-prod');
    expect(search.items.every((w) => w.attributes.name.includes('prod'))).toBe(true);

    const platform = (await client.projects.list({ names: ['platform'] })).items[0];
    const inProject = await client.workspaces.list({ projectId: platform.id, sort: '-name', include: ['project'] });
    const names = inProject.items.map((w) => w.attributes.name);
    expect(names).toEqual([...names].sort().reverse());
    expect(inProject.included.find('projects', platform.id)?.id).toBe(platform.id);

    const tagged = await client.workspaces.list({ tags: ['network'] });
    expect(tagged.items.map((w) => w.attributes.name)).toEqual(['networking-prod']);
    const excluded = await client.workspaces.list({ excludeTags: ['network'] });
    expect(excluded.items.map((w) => w.attributes.name)).not.toContain('networking-prod');
    const bound = await client.workspaces.list({ tagged: [{ key: 'env', value: 'staging' }] });
    expect(bound.items.map((w) => w.attributes.name)).toEqual(['app-staging']);

    const sortError = await failure(client.workspaces.list({ sort: 'bogus' }));
    expect(sortError.code).toBe('invalid_input');
  });

  it('refuses a safe delete of a workspace that manages resources, explaining why', async () => {
    const error = await failure(client.workspaces.safeDelete({ id: workspaceId(sim, 'networking-prod') }));
    expect(error.code).toBe('conflict');
    expect(error.status).toBe(409);
    expect(error.message).toMatch(/manages \d+ resource/);
    expect(error.message).toMatch(/force delete/);
  });

  it('safe deletes an empty workspace by id and by name', async () => {
    const a = await client.workspaces.create({ name: 'empty-a' });
    await client.workspaces.create({ name: 'empty-b' });
    await client.workspaces.safeDelete({ id: a.id });
    await client.workspaces.safeDelete({ name: 'empty-b' });
    expect((await failure(client.workspaces.show({ id: a.id }))).code).toBe('not_found');
    expect((await failure(client.workspaces.show({ name: 'empty-b' }))).code).toBe('not_found');
  });

  it('force deletes by id and by name; a non-owner gets forbidden', async () => {
    const a = await client.workspaces.create({ name: 'force-a' });
    await client.workspaces.create({ name: 'force-b' });
    const team = clientFor(sim, 'team');
    const refused = await failure(team.workspaces.forceDelete({ id: a.id }));
    expect(refused.code).toBe('forbidden');
    team.close();
    await client.workspaces.forceDelete({ id: a.id });
    await client.workspaces.forceDelete({ name: 'force-b' });
    expect((await failure(client.workspaces.show({ name: 'force-b' }))).code).toBe('not_found');
  });

  it('answers not_found for a workspace the token may not see, with the spec’s caveat', async () => {
    const reader = clientFor(sim, 'readOnly');
    const error = await failure(reader.workspaces.show({ id: workspaceId(sim, 'analytics-etl') }));
    expect(error.code).toBe('not_found');
    expect(error.message).toMatch(/this token/);
    reader.close();
  });

  it('says so when no token is set, without calling the service', async () => {
    const tokenless = new (await import('./workspace-client')).WorkspaceClient({ baseUrl: sim.url, organization: sim.organization, token: async () => null });
    const error = await failure(tokenless.workspaces.list());
    expect(error.code).toBe('unauthorized');
    expect(error.message).toMatch(/no token is set/);
    tokenless.close();
  });

  it('maps a revoked token to unauthorized', async () => {
    const bad = new (await import('./workspace-client')).WorkspaceClient({ baseUrl: `${sim.url}/api/v2`, organization: sim.organization, token: async () => 'revoked.atlasv1.token' });
    const error = await failure(bad.workspaces.list());
    expect(error.code).toBe('unauthorized');
    expect(error.status).toBe(401);
    bad.close();
  });
});
