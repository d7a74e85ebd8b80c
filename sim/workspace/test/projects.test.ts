// Contract tests of the six project endpoints (workspace-api.md, Projects).
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { expectError, startHarness, type Harness } from './harness';

let h: Harness;
beforeEach(async () => {
  h = await startHarness();
});
afterEach(async () => {
  await h.close();
});

const projectBody = (attributes: Record<string, unknown>) => ({ data: { type: 'projects', attributes } });
const projectId = (name: string) => [...h.api.store.projects.values()].find((p) => p.name === name)!.id;

describe('POST /organizations/:organization_name/projects', () => {
  it('creates a project and answers 201 with the create-form document', async () => {
    const answer = await h.as('user').post(`/api/v2/organizations/${h.org}/projects`, projectBody({ name: 'Core infra', description: 'x', 'auto-destroy-activity-duration': '3d' }));
    expect(answer.status).toBe(201);
    expect(answer.headers.get('content-type')).toBe('application/vnd.api+json');
    const data = answer.body.data;
    expect(data.id).toMatch(/^prj-/);
    expect(data.attributes).toMatchObject({ name: 'Core infra', description: 'x', 'auto-destroy-activity-duration': '3d' });
    expect(data.attributes.permissions['can-update']).toBe(true);
    expect(data.attributes.permissions).not.toHaveProperty('can-create-workspace');
    expect(data.attributes).not.toHaveProperty('workspace-count');
    expect(data.relationships.organization.data).toEqual({ id: h.org, type: 'organizations' });
    expect(data.links.self).toBe(`/api/v2/projects/${data.id}`);
  });

  it('validates the name, description and duration with 422', async () => {
    const client = h.as('organization');
    const path = `/api/v2/organizations/${h.org}/projects`;
    for (const name of ['ab', 'x'.repeat(41), ' leading', 'trailing ', 'bad/char']) expectError(await client.post(path, projectBody({ name })), 422);
    expectError(await client.post(path, projectBody({ name: 'ok name', description: 'd'.repeat(257) })), 422);
    expectError(await client.post(path, projectBody({ name: 'ok name', 'auto-destroy-activity-duration': '0d' })), 422);
    expectError(await client.post(path, projectBody({ name: 'ok name', 'auto-destroy-activity-duration': '12345h' })), 422);
    expectError(await client.post(path, projectBody({ name: 'platform' })), 422);
    expectError(await client.post(path, projectBody({})), 422);
    expectError(await client.raw('POST', path, '{not json'), 422);
    expectError(await client.post(path, { data: { type: 'workspaces', attributes: { name: 'ok name' } } }), 422);
    expect((await client.post(path, projectBody({ name: 'x'.repeat(40) }))).status).toBe(201);
  });

  it('answers 404 for an unknown organization and for callers without project management', async () => {
    expectError(await h.as('user').post('/api/v2/organizations/nope/projects', projectBody({ name: 'abc' })), 404);
    expectError(await h.as('team').post(`/api/v2/organizations/${h.org}/projects`, projectBody({ name: 'abc' })), 404);
    expectError(await h.as('readOnly').post(`/api/v2/organizations/${h.org}/projects`, projectBody({ name: 'abc' })), 404);
  });
});

describe('PATCH /projects/:project_id', () => {
  it('updates only the given attributes and returns counts', async () => {
    const id = projectId('platform');
    const answer = await h.as('user').patch(`/api/v2/projects/${id}`, projectBody({ description: 'new words' }));
    expect(answer.status).toBe(200);
    expect(answer.body.data.attributes).toMatchObject({ name: 'platform', description: 'new words', 'workspace-count': 2 });
    expect(typeof answer.body.data.attributes['team-count']).toBe('number');
  });

  it('propagates a new auto-destroy duration to workspaces that did not override it', async () => {
    const id = projectId('platform');
    await h.as('user').patch(`/api/v2/projects/${id}`, projectBody({ 'auto-destroy-activity-duration': '36h' }));
    const ws = await h.as('user').get(`/api/v2/organizations/${h.org}/workspaces/app-staging`);
    expect(ws.body.data.attributes['auto-destroy-activity-duration']).toBe('36h');
    expect(ws.body.data.attributes['inherits-project-auto-destroy']).toBe(true);
  });

  it('refuses invalid values with 422 and leaves the project unchanged; hides it with 404', async () => {
    const id = projectId('platform');
    expectError(await h.as('user').patch(`/api/v2/projects/${id}`, projectBody({ name: 'renamed', description: 'd'.repeat(300) })), 422);
    expect(h.api.store.projects.get(id)!.name).toBe('platform');
    expectError(await h.as('user').patch('/api/v2/projects/prj-doesnotexist', projectBody({ name: 'abc' })), 404);
    expectError(await h.as('readOnly').patch(`/api/v2/projects/${projectId('data')}`, projectBody({ name: 'abc' })), 404);
    expectError(await h.as('team').patch(`/api/v2/projects/${id}`, projectBody({ name: 'abc' })), 404);
  });
});

describe('GET /organizations/:organization_name/projects', () => {
  it('paginates with links and meta, accepting raw and encoded brackets', async () => {
    const raw = await h.as('user').get(`/api/v2/organizations/${h.org}/projects?page[size]=2&page[number]=2`);
    const encoded = await h.as('user').get(`/api/v2/organizations/${h.org}/projects?page%5Bsize%5D=2&page%5Bnumber%5D=2`);
    for (const answer of [raw, encoded]) {
      expect(answer.status).toBe(200);
      expect(answer.body.data).toHaveLength(1);
      expect(answer.body.meta.pagination).toEqual({ 'current-page': 2, 'page-size': 2, 'prev-page': 1, 'next-page': null, 'total-pages': 2, 'total-count': 3 });
      expect(answer.body.meta['status-counts']).toEqual({ total: 3, matching: 3 });
      expect(answer.body.links.next).toBeNull();
      expect(answer.body.links.prev).toContain('page%5Bnumber%5D=1');
      expect(answer.body.links.self.startsWith(h.url)).toBe(true);
    }
  });

  it('filters by q, filter[names] (which wins over q), permissions, and sorts by name', async () => {
    const base = `/api/v2/organizations/${h.org}/projects`;
    const names = (answer: any) => answer.body.data.map((p: any) => p.attributes.name);
    expect(names(await h.as('user').get(`${base}?q=PLAT`))).toEqual(['platform']);
    const both = await h.as('user').get(`${base}?q=plat&filter[names]=DATA,default project`);
    expect(names(both).sort()).toEqual(['Default Project', 'data']);
    expect(both.body.meta['status-counts']).toEqual({ total: 3, matching: 2 });
    expect(names(await h.as('user').get(`${base}?sort=-name`))).toEqual(['platform', 'Default Project', 'data']); // case-insensitive order
    expect(names(await h.as('team').get(`${base}?filter[permissions][update]=true`))).toEqual([]);
    expect(names(await h.as('user').get(`${base}?filter[permissions][create-workspace]=true`))).toHaveLength(3);
    expectError(await h.as('user').get(`${base}?sort=size`), 400);
  });

  it('lists only the projects the caller may see; 404 for an unknown organization', async () => {
    const answer = await h.as('readOnly').get(`/api/v2/organizations/${h.org}/projects`);
    expect(answer.body.data.map((p: any) => p.attributes.name)).toEqual(['platform']);
    expect(answer.body.data[0].attributes.permissions).toEqual({ 'can-update': false, 'can-destroy': false, 'can-create-workspace': false });
    expectError(await h.as('user').get('/api/v2/organizations/elsewhere/projects'), 404);
  });
});

describe('GET /projects/:project_id', () => {
  it('shows a project with its counts and duration', async () => {
    const answer = await h.as('user').get(`/api/v2/projects/${projectId('data')}`);
    expect(answer.status).toBe(200);
    expect(answer.body.data.attributes).toMatchObject({ name: 'data', 'workspace-count': 2, 'auto-destroy-activity-duration': '14d' });
    expect(answer.body.data.attributes.permissions['can-create-workspace']).toBe(true);
  });

  it('answers 404 for unknown or hidden projects', async () => {
    expectError(await h.as('user').get('/api/v2/projects/prj-unknown'), 404);
    expectError(await h.as('readOnly').get(`/api/v2/projects/${projectId('data')}`), 404);
  });
});

describe('DELETE /projects/:project_id', () => {
  it('deletes an empty project with 204', async () => {
    const created = await h.as('user').post(`/api/v2/organizations/${h.org}/projects`, projectBody({ name: 'temporary' }));
    const id = created.body.data.id;
    const answer = await h.as('user').del(`/api/v2/projects/${id}`);
    expect(answer.status).toBe(204);
    expect(answer.body).toBe('');
    expectError(await h.as('user').get(`/api/v2/projects/${id}`), 404);
  });

  it('refuses a project that contains workspaces (409), non-admins (403), and unknown ids (404)', async () => {
    expectError(await h.as('user').del(`/api/v2/projects/${projectId('platform')}`), 409);
    expectError(await h.as('team').del(`/api/v2/projects/${projectId('platform')}`), 403);
    expectError(await h.as('readOnly').del(`/api/v2/projects/${projectId('data')}`), 404);
    expectError(await h.as('user').del('/api/v2/projects/prj-unknown'), 404);
    expect(h.api.store.projects.has(projectId('platform'))).toBe(true);
  });
});

describe('POST /projects/:project_id/relationships/workspaces', () => {
  it('moves every listed workspace with 204', async () => {
    const target = projectId('data');
    const ids = ['networking-prod', 'sandbox'].map((name) => h.workspace(name).id);
    const answer = await h.as('user').post(`/api/v2/projects/${target}/relationships/workspaces`, { data: ids.map((id) => ({ type: 'workspaces', id })) });
    expect(answer.status).toBe(204);
    const ws = await h.as('user').get(`/api/v2/workspaces/${ids[0]}`);
    expect(ws.body.data.relationships.project.data.id).toBe(target);
  });

  it('moves nothing when one workspace is unknown: 403 forbidden naming it', async () => {
    const target = projectId('data');
    const good = h.workspace('sandbox').id;
    const answer = await h.as('user').post(`/api/v2/projects/${target}/relationships/workspaces`, {
      data: [{ type: 'workspaces', id: good }, { type: 'workspaces', id: 'ws-missing123' }],
    });
    const detail = expectError(answer, 403);
    expect(answer.body.errors[0].title).toBe('forbidden');
    expect(detail).toContain('ws-missing123');
    expect(h.workspace('sandbox').projectId).toBe(projectId('Default Project'));
  });

  it('answers 404 for an unknown project or one the caller cannot move into, 422 for a bad body', async () => {
    const body = { data: [{ type: 'workspaces', id: h.workspace('sandbox').id }] };
    expectError(await h.as('user').post('/api/v2/projects/prj-unknown/relationships/workspaces', body), 404);
    expectError(await h.as('team').post(`/api/v2/projects/${projectId('data')}/relationships/workspaces`, body), 404);
    expectError(await h.as('user').post(`/api/v2/projects/${projectId('data')}/relationships/workspaces`, { data: { type: 'workspaces' } }), 422);
  });
});
