// Contract tests of workspace create, list, show, update, safe delete and force delete (workspace-api.md, Workspaces).
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { expectError, startHarness, type Harness } from './harness';

let h: Harness;
beforeEach(async () => {
  h = await startHarness();
});
afterEach(async () => {
  await h.close();
});

const wsBody = (attributes: Record<string, unknown>, relationships?: Record<string, unknown>) => ({ data: { type: 'workspaces', attributes, ...(relationships ? { relationships } : {}) } });
const create = (attributes: Record<string, unknown>, relationships?: Record<string, unknown>) => h.as('user').post(`/api/v2/organizations/${h.org}/workspaces`, wsBody(attributes, relationships));
const pool = () => [...h.api.store.agentPools][0];

describe('POST /organizations/:organization_name/workspaces', () => {
  it('creates a workspace with the documented defaults (201)', async () => {
    const answer = await create({ name: 'new-ws' }, { 'tag-bindings': { data: [{ type: 'tag-bindings', attributes: { key: 'env', value: 'dev' } }] } });
    expect(answer.status).toBe(201);
    const { id, attributes, relationships, links } = answer.body.data;
    expect(id).toMatch(/^ws-/);
    expect(attributes).toMatchObject({
      name: 'new-ws',
      'allow-destroy-plan': true,
      'auto-apply': false,
      'execution-mode': 'remote',
      operations: true,
      'file-triggers-enabled': true,
      'trigger-patterns': [],
      'global-remote-state': false,
      'speculative-enabled': true,
      locked: false,
      'resource-count': 0,
      'setting-overwrites': { 'execution-mode': true, 'agent-pool': true },
    });
    expect(attributes['created-at']).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    expect(relationships.project.data.id).toBe(h.api.store.defaultProject().id);
    expect(relationships['locked-by'].data).toBeNull();
    expect(links.self).toBe(`/api/v2/organizations/${h.org}/workspaces/new-ws`);
    const bindings = await h.as('user').get(`/api/v2/workspaces/${id}/tag-bindings`);
    expect(bindings.body.data.map((b: any) => b.attributes)).toMatchObject([{ key: 'env', value: 'dev' }]);
  });

  it('enforces the execution-mode, agent-pool and operations rules (422)', async () => {
    expectError(await create({ name: 'a1', 'execution-mode': 'agent' }), 422);
    expectError(await create({ name: 'a2', 'execution-mode': 'remote', 'agent-pool-id': pool() }), 422);
    expectError(await create({ name: 'a3', operations: true, 'agent-pool-id': pool() }), 422);
    expectError(await create({ name: 'a4', operations: true, 'execution-mode': 'remote' }), 422);
    expectError(await create({ name: 'a5', 'execution-mode': 'cloud' }), 422);
    expectError(await create({ name: 'a6', 'execution-mode': 'agent', 'agent-pool-id': 'apool-unknown' }), 422);
    expectError(await create({ name: 'a7', 'setting-overwrites': { 'execution-mode': true } }), 422);
    const agent = await create({ name: 'a8', 'execution-mode': 'agent', 'agent-pool-id': pool() });
    expect(agent.status).toBe(201);
    expect(agent.body.data.relationships['agent-pool'].data).toEqual({ id: pool(), type: 'agent-pools' });
    const local = await create({ name: 'a9', operations: false });
    expect(local.body.data.attributes['execution-mode']).toBe('local');
  });

  it('validates names, durations, vcs-repo, project and body shape (422); unknown org 404', async () => {
    expectError(await create({ name: 'networking-prod' }), 422);
    expectError(await create({ name: 'has space' }), 422);
    expectError(await create({}), 422);
    expectError(await create({ name: 'd1', 'auto-destroy-activity-duration': '10000d' }), 422);
    expectError(await create({ name: 'd2', 'auto-destroy-activity-duration': '5m' }), 422);
    expectError(await create({ name: 'd3', 'auto-destroy-activity-duration': '05d' }), 422);
    expectError(await create({ name: 'v1', 'vcs-repo': { identifier: 'acme/app' } }), 422);
    expectError(await create({ name: 'v2', 'vcs-repo': { 'oauth-token-id': [...h.api.store.oauthTokens][0] } }), 422);
    expectError(await create({ name: 'p1' }, { project: { data: { type: 'projects', id: 'prj-unknown' } } }), 422);
    expectError(await create({ name: 't1', 'trigger-patterns': 'src/**' }), 422);
    expectError(await create({ name: 'b1', 'auto-apply': 'yes' }), 422);
    expectError(await h.as('user').raw('POST', `/api/v2/organizations/${h.org}/workspaces`, '[1,2'), 422);
    expectError(await h.as('user').post('/api/v2/organizations/other-org/workspaces', wsBody({ name: 'x' })), 404);
    expectError(await h.as('team').post(`/api/v2/organizations/${h.org}/workspaces`, wsBody({ name: 'x' })), 404);
    const ok = await create({ name: 'v3', 'auto-destroy-activity-duration': '9999h', 'trigger-prefixes': ['modules/'], 'vcs-repo': { identifier: 'acme/app', 'oauth-token-id': [...h.api.store.oauthTokens][0], branch: 'main' } });
    expect(ok.status).toBe(201);
    expect(ok.body.data.attributes['vcs-repo']).toMatchObject({ identifier: 'acme/app', branch: 'main', 'ingress-submodules': false });
    expect(ok.body.data.attributes['inherits-project-auto-destroy']).toBe(false);
  });
});

describe('GET /organizations/:organization_name/workspaces', () => {
  const list = (query: string, kind: 'user' | 'readOnly' = 'user') => h.as(kind).get(`/api/v2/organizations/${h.org}/workspaces${query}`);
  const names = (answer: any) => answer.body.data.map((w: any) => w.attributes.name);

  it('paginates with the envelope and sorts by name', async () => {
    const answer = await list('?page%5Bsize%5D=2&sort=name');
    expect(answer.status).toBe(200);
    expect(names(answer)).toEqual(['analytics-etl', 'app-staging']);
    expect(answer.body.meta.pagination).toEqual({ 'current-page': 1, 'page-size': 2, 'prev-page': null, 'next-page': 2, 'total-pages': 3, 'total-count': 5 });
    expect(answer.body.links.prev).toBeNull();
    expect(answer.body.links.last).toContain('page%5Bnumber%5D=3');
    expect(names(await list('?sort=-name&page[size]=1'))).toEqual(['sandbox']);
    const capped = await list('?page[size]=500');
    expect(capped.body.meta.pagination['page-size']).toBe(100);
    const byRun = names(await list('?sort=-current-run.created-at'));
    expect(byRun.slice(0, 3).sort()).toEqual(['analytics-etl', 'app-staging', 'networking-prod']);
    expectError(await list('?sort=colour'), 400);
  });

  it('searches by name with substring and * wildcards, and filters by project and tags', async () => {
    expect(names(await list('?search[name]=ING'))).toEqual(['networking-prod', 'app-staging', 'billing-agent']);
    expect(names(await list('?search[name]=*-prod'))).toEqual(['networking-prod']);
    expect(names(await list('?search[name]=app*'))).toEqual(['app-staging']);
    expect(names(await list('?search[wildcard-name]=*ing-*'))).toEqual(['networking-prod', 'billing-agent']);
    const data = [...h.api.store.projects.values()].find((p) => p.name === 'data')!.id;
    expect(names(await list(`?filter[project][id]=${data}`))).toEqual(['analytics-etl', 'billing-agent']);
    expect(names(await list('?search[tags]=network,prod'))).toEqual(['networking-prod']);
    expect(names(await list('?search[exclude-tags]=network,etl'))).toEqual(['app-staging', 'sandbox', 'billing-agent']);
    expect(names(await list('?filter[tagged][0][key]=env&filter[tagged][0][value]=staging'))).toEqual(['app-staging']);
    // Inherited from the project's bindings (effective tag bindings).
    expect(names(await list('?filter%5Btagged%5D%5B0%5D%5Bkey%5D=cost-center'))).toEqual(['analytics-etl', 'billing-agent']);
  });

  it('includes related resources once each, and refuses unknown includes', async () => {
    const answer = await list('?include=current_state_version,project,locked_by&search[name]=app-staging');
    const types = answer.body.included.map((r: any) => r.type).sort();
    expect(types).toEqual(['projects', 'state-versions', 'users']);
    const user = answer.body.included.find((r: any) => r.type === 'users');
    expect(user.id).toBe(answer.body.data[0].relationships['locked-by'].data.id);
    expectError(await list('?include=secrets'), 400);
  });

  it('shows the read-only team only the workspaces it may read', async () => {
    const answer = await list('', 'readOnly');
    expect(names(answer).sort()).toEqual(['app-staging', 'networking-prod']);
    expect(answer.body.data[0].attributes.permissions['can-update']).toBe(false);
    expectError(await h.as('user').get('/api/v2/organizations/nope/workspaces'), 404);
  });
});

describe('GET /workspaces/:workspace_id', () => {
  it('shows a workspace with its relationships', async () => {
    const ws = h.workspace('networking-prod');
    const answer = await h.as('user').get(`/api/v2/workspaces/${ws.id}`);
    expect(answer.status).toBe(200);
    expect(answer.body.data.attributes['resource-count']).toBeGreaterThan(0);
    expect(Number.isInteger(answer.body.data.attributes['resource-count'])).toBe(true);
    expect(answer.body.data.relationships['current-state-version'].data.id).toBe(ws.currentStateVersionId);
    expect(answer.body.data.relationships['remote-state-consumers'].links.related).toBe(`/api/v2/workspaces/${ws.id}/relationships/remote-state-consumers`);
  });

  it('answers 404 for unknown workspaces and for workspaces the caller cannot see', async () => {
    expectError(await h.as('user').get('/api/v2/workspaces/ws-unknown'), 404);
    expectError(await h.as('readOnly').get(`/api/v2/workspaces/${h.workspace('sandbox').id}`), 404);
  });
});

describe('GET /organizations/:organization_name/workspaces/:name', () => {
  it('shows a workspace by name and honours include', async () => {
    const answer = await h.as('user').get(`/api/v2/organizations/${h.org}/workspaces/app-staging?include=locked_by`);
    expect(answer.status).toBe(200);
    expect(answer.body.data.attributes).toMatchObject({ name: 'app-staging', locked: true, 'locked-reason': 'maintenance window' });
    expect(answer.body.included[0].type).toBe('users');
  });

  it('answers 404 for unknown names, other organizations and hidden workspaces', async () => {
    expectError(await h.as('user').get(`/api/v2/organizations/${h.org}/workspaces/nope`), 404);
    expectError(await h.as('user').get('/api/v2/organizations/other/workspaces/sandbox'), 404);
    expectError(await h.as('readOnly').get(`/api/v2/organizations/${h.org}/workspaces/sandbox`), 404);
  });
});

describe('PATCH /workspaces/:workspace_id', () => {
  it('updates given attributes, keeps the rest, and renames', async () => {
    const ws = h.workspace('sandbox');
    const answer = await h.as('user').patch(`/api/v2/workspaces/${ws.id}`, wsBody({ name: 'sandbox-2', 'auto-apply': true, description: 'scratch' }));
    expect(answer.status).toBe(200);
    expect(answer.body.data.attributes).toMatchObject({ name: 'sandbox-2', 'auto-apply': true, description: 'scratch', 'execution-mode': 'local' });
    expect(answer.body.data.links.self).toBe(`/api/v2/organizations/${h.org}/workspaces/sandbox-2`);
    expect((await h.as('user').get(`/api/v2/organizations/${h.org}/workspaces/sandbox-2`)).status).toBe(200);
    expectError(await h.as('user').get(`/api/v2/organizations/${h.org}/workspaces/sandbox`), 404);
  });

  it('applies the create rules with previous values as defaults (422), atomically', async () => {
    const billing = h.workspace('billing-agent');
    expectError(await h.as('user').patch(`/api/v2/workspaces/${billing.id}`, wsBody({ 'agent-pool-id': pool(), operations: true })), 422);
    const toRemote = await h.as('user').patch(`/api/v2/workspaces/${billing.id}`, wsBody({ 'execution-mode': 'remote' }));
    expect(toRemote.body.data.relationships['agent-pool'].data).toBeNull();
    expectError(await h.as('user').patch(`/api/v2/workspaces/${billing.id}`, wsBody({ 'execution-mode': 'agent' })), 422);
    expectError(await h.as('user').patch(`/api/v2/workspaces/${billing.id}`, wsBody({ name: 'renamed', 'auto-destroy-activity-duration': '0h' })), 422);
    expect(h.workspace('billing-agent').id).toBe(billing.id);
    expectError(await h.as('user').patch(`/api/v2/workspaces/${billing.id}`, wsBody({ name: 'sandbox' })), 422);
  });

  it('needs admin on the workspace: 404 otherwise', async () => {
    const ws = h.workspace('networking-prod');
    expectError(await h.as('team').patch(`/api/v2/workspaces/${ws.id}`, wsBody({ 'auto-apply': true })), 404);
    expectError(await h.as('readOnly').patch(`/api/v2/workspaces/${ws.id}`, wsBody({ 'auto-apply': true })), 404);
    expect((await h.as('organization').patch(`/api/v2/workspaces/${ws.id}`, wsBody({ 'auto-apply': true }))).status).toBe(200);
  });
});

describe('PATCH /organizations/:organization_name/workspaces/:name', () => {
  it('updates by name, including setting-overwrites and trigger patterns', async () => {
    const answer = await h.as('user').patch(`/api/v2/organizations/${h.org}/workspaces/networking-prod`, wsBody({ 'trigger-patterns': ['/modules/**/*'], 'setting-overwrites': { 'agent-pool': false } }));
    expect(answer.status).toBe(200);
    expect(answer.body.data.attributes['trigger-patterns']).toEqual(['/modules/**/*']);
    expect(answer.body.data.attributes['setting-overwrites']).toEqual({ 'execution-mode': true, 'agent-pool': false });
  });

  it('answers 404 for unknown names and 422 for malformed bodies', async () => {
    expectError(await h.as('user').patch(`/api/v2/organizations/${h.org}/workspaces/nope`, wsBody({ 'auto-apply': true })), 404);
    expectError(await h.as('user').patch(`/api/v2/organizations/${h.org}/workspaces/networking-prod`, { data: 'x' }), 422);
    expectError(await h.as('user').patch(`/api/v2/organizations/${h.org}/workspaces/networking-prod`, wsBody({ 'trigger-prefixes': [1] })), 422);
  });
});

describe('POST /workspaces/:workspace_id/actions/safe-delete', () => {
  it('deletes a workspace that manages no resources (204)', async () => {
    const ws = h.workspace('analytics-etl');
    expect((await h.as('user').post(`/api/v2/workspaces/${ws.id}/actions/safe-delete`)).status).toBe(204);
    expectError(await h.as('user').get(`/api/v2/workspaces/${ws.id}`), 404);
  });

  it('refuses a workspace that manages resources (409); hides unknown ones (404)', async () => {
    const ws = h.workspace('networking-prod');
    const detail = expectError(await h.as('user').post(`/api/v2/workspaces/${ws.id}/actions/safe-delete`), 409);
    expect(detail).toContain('resource');
    expectError(await h.as('user').post('/api/v2/workspaces/ws-unknown/actions/safe-delete'), 404);
    expectError(await h.as('team').post(`/api/v2/workspaces/${h.workspace('sandbox').id}/actions/safe-delete`), 404);
  });
});

describe('POST /organizations/:organization_name/workspaces/:name/actions/safe-delete', () => {
  it('deletes by name (204) and refuses with 409 while resources are managed', async () => {
    expect((await h.as('user').post(`/api/v2/organizations/${h.org}/workspaces/sandbox/actions/safe-delete`)).status).toBe(204);
    expectError(await h.as('user').post(`/api/v2/organizations/${h.org}/workspaces/networking-prod/actions/safe-delete`), 409);
    expectError(await h.as('user').post(`/api/v2/organizations/${h.org}/workspaces/sandbox/actions/safe-delete`), 404);
  });
});

describe('DELETE /workspaces/:workspace_id', () => {
  it('force deletes even with managed resources for an owner (204)', async () => {
    const ws = h.workspace('networking-prod');
    expect((await h.as('user').del(`/api/v2/workspaces/${ws.id}`)).status).toBe(204);
    expect(h.api.store.workspaces.has(ws.id)).toBe(false);
    expect(h.api.store.stateVersions.has(ws.stateVersionIds[0])).toBe(false);
  });

  it('refuses non-owners with 403 and unknown workspaces with 404', async () => {
    const ws = h.workspace('networking-prod');
    expectError(await h.as('organization').del(`/api/v2/workspaces/${ws.id}`), 403);
    expectError(await h.as('team').del(`/api/v2/workspaces/${ws.id}`), 403);
    expectError(await h.as('readOnly').del(`/api/v2/workspaces/${h.workspace('sandbox').id}`), 404);
    expectError(await h.as('user').del('/api/v2/workspaces/ws-unknown'), 404);
  });
});

describe('DELETE /organizations/:organization_name/workspaces/:name', () => {
  it('force deletes by name (204), 403 for non-owners, 404 when unknown', async () => {
    expectError(await h.as('team').del(`/api/v2/organizations/${h.org}/workspaces/app-staging`), 403);
    expect((await h.as('otherUser').del(`/api/v2/organizations/${h.org}/workspaces/app-staging`)).status).toBe(204);
    expectError(await h.as('user').del(`/api/v2/organizations/${h.org}/workspaces/app-staging`), 404);
  });
});
