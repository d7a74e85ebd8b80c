// Contract tests of flat tags, tag bindings and effective tag bindings.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { expectError, startHarness, type Harness } from './harness';

let h: Harness;
beforeEach(async () => {
  h = await startHarness();
});
afterEach(async () => {
  await h.close();
});

const tagsPath = (name: string) => `/api/v2/workspaces/${h.workspace(name).id}/relationships/tags`;
const tagItems = (...names: string[]) => ({ data: names.map((name) => ({ type: 'tags', attributes: { name } })) });

describe('GET /workspaces/:workspace_id/relationships/tags', () => {
  it('lists flat tags with ids, counts and pagination', async () => {
    const answer = await h.as('user').get(tagsPath('networking-prod'));
    expect(answer.status).toBe(200);
    expect(answer.body.data.map((t: any) => t.attributes.name)).toEqual(['network', 'prod']);
    expect(answer.body.data[0]).toMatchObject({ type: 'tags', attributes: { 'instance-count': 1 } });
    expect(answer.body.data[0].id).toMatch(/^tag-/);
    expect(answer.body.meta.pagination['total-count']).toBe(2);
  });

  it('answers 404 for hidden workspaces', async () => {
    expectError(await h.as('readOnly').get(tagsPath('sandbox')), 404);
  });
});

describe('POST /workspaces/:workspace_id/relationships/tags', () => {
  it('adds tags by name or by id (204) without duplicates', async () => {
    expect((await h.as('user').post(tagsPath('sandbox'), tagItems('prod', 'scratch'))).status).toBe(204);
    const prodId = (await h.as('user').get(tagsPath('networking-prod'))).body.data.find((t: any) => t.attributes.name === 'prod').id;
    expect((await h.as('user').post(tagsPath('sandbox'), { data: [{ type: 'tags', id: prodId }] })).status).toBe(204);
    const answer = await h.as('user').get(tagsPath('sandbox'));
    expect(answer.body.data.map((t: any) => t.attributes.name)).toEqual(['prod', 'scratch']);
    expect(answer.body.data[0].attributes['instance-count']).toBe(2);
  });

  it('answers 422 for invalid names or bodies, 404 without tag management', async () => {
    expectError(await h.as('user').post(tagsPath('sandbox'), tagItems('has space')), 422);
    expectError(await h.as('user').post(tagsPath('sandbox'), { data: [{ type: 'tags' }] }), 422);
    expectError(await h.as('user').post(tagsPath('sandbox'), { data: { type: 'tags' } }), 422);
    expectError(await h.as('team').post(tagsPath('sandbox'), tagItems('ok')), 404);
  });
});

describe('DELETE /workspaces/:workspace_id/relationships/tags', () => {
  it('removes the named tags (204)', async () => {
    const network = (await h.as('user').get(tagsPath('networking-prod'))).body.data[0];
    expect((await h.as('user').del(tagsPath('networking-prod'), { data: [{ type: 'tags', id: network.id }] })).status).toBe(204);
    expect(h.workspace('networking-prod').tagNames).toEqual(['prod']);
  });

  it('answers 422 for unknown tag ids and 404 for hidden workspaces', async () => {
    expectError(await h.as('user').del(tagsPath('networking-prod'), { data: [{ type: 'tags', id: 'tag-unknown' }] }), 422);
    expectError(await h.as('readOnly').del(tagsPath('sandbox'), tagItems('x')), 404);
  });
});

describe('GET /workspaces/:workspace_id/tag-bindings', () => {
  it('lists the workspace\'s own key/value bindings', async () => {
    const answer = await h.as('user').get(`/api/v2/workspaces/${h.workspace('networking-prod').id}/tag-bindings`);
    expect(answer.status).toBe(200);
    expect(answer.body.data).toHaveLength(1);
    expect(answer.body.data[0]).toMatchObject({ type: 'tag-bindings', attributes: { key: 'env', value: 'prod' } });
    expect(answer.body.data[0].attributes['created-at']).toMatch(/\.\d{3}Z$/);
  });

  it('answers 404 for hidden workspaces', async () => {
    expectError(await h.as('readOnly').get(`/api/v2/workspaces/${h.workspace('sandbox').id}/tag-bindings`), 404);
  });
});

describe('GET /workspaces/:workspace_id/effective-tag-bindings', () => {
  it('merges workspace bindings with those inherited from the project', async () => {
    const ws = h.workspace('networking-prod');
    const answer = await h.as('user').get(`/api/v2/workspaces/${ws.id}/effective-tag-bindings`);
    expect(answer.status).toBe(200);
    expect(answer.body.data.map((b: any) => b.attributes)).toEqual([
      { key: 'env', value: 'prod' },
      { key: 'team', value: 'platform' },
    ]);
    expect(answer.body.data[0].links).toBeUndefined();
    expect(answer.body.data[1].links['inherited-from']).toEqual({ id: ws.projectId, type: 'projects' });
  });

  it('lets a workspace binding override the project value for the same key', async () => {
    const ws = h.workspace('networking-prod');
    await h.as('user').patch(`/api/v2/workspaces/${ws.id}`, { data: { type: 'workspaces', relationships: { 'tag-bindings': { data: [{ type: 'tag-bindings', attributes: { key: 'team', value: 'netops' } }] } } } });
    const answer = await h.as('user').get(`/api/v2/workspaces/${ws.id}/effective-tag-bindings`);
    expect(answer.body.data.map((b: any) => b.attributes)).toEqual([
      { key: 'env', value: 'prod' },
      { key: 'team', value: 'netops' },
    ]);
    expectError(await h.as('user').get('/api/v2/workspaces/ws-unknown/effective-tag-bindings'), 404);
  });
});
