// Contract tests of remote state consumers, SSH key assignment and the data retention policy.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { expectError, startHarness, type Harness } from './harness';

let h: Harness;
beforeEach(async () => {
  h = await startHarness();
});
afterEach(async () => {
  await h.close();
});

const consumersPath = (name: string) => `/api/v2/workspaces/${h.workspace(name).id}/relationships/remote-state-consumers`;
const refs = (...names: string[]) => ({ data: names.map((name) => ({ type: 'workspaces', id: h.workspace(name).id })) });
const consumerNames = async (name: string) => (await h.as('user').get(consumersPath(name))).body.data.map((w: any) => w.attributes.name);

describe('GET /workspaces/:workspace_id/relationships/remote-state-consumers', () => {
  it('lists the authorized workspaces, paginated', async () => {
    const answer = await h.as('user').get(consumersPath('networking-prod'));
    expect(answer.status).toBe(200);
    expect(answer.body.data.map((w: any) => w.attributes.name)).toEqual(['app-staging']);
    expect(answer.body.data[0].type).toBe('workspaces');
    expect(answer.body.meta.pagination).toMatchObject({ 'page-size': 20, 'total-count': 1 });
  });

  it('with global-remote-state lists every other workspace, filtered by what the caller may read', async () => {
    expect((await consumerNames('analytics-etl')).sort()).toEqual(['app-staging', 'billing-agent', 'networking-prod', 'sandbox']);
    expectError(await h.as('readOnly').get(consumersPath('analytics-etl')), 404);
    await h.as('user').patch(`/api/v2/workspaces/${h.workspace('networking-prod').id}`, { data: { type: 'workspaces', attributes: { 'global-remote-state': true } } });
    const limited = await h.as('readOnly').get(consumersPath('networking-prod'));
    expect(limited.body.data.map((w: any) => w.attributes.name)).toEqual(['app-staging']);
  });
});

describe('POST /workspaces/:workspace_id/relationships/remote-state-consumers', () => {
  it('adds consumers (204)', async () => {
    expect((await h.as('user').post(consumersPath('networking-prod'), refs('sandbox', 'app-staging'))).status).toBe(204);
    expect((await consumerNames('networking-prod')).sort()).toEqual(['app-staging', 'sandbox']);
  });

  it('answers 422 for unknown or self references and bad bodies, 404 without admin', async () => {
    expectError(await h.as('user').post(consumersPath('networking-prod'), { data: [{ type: 'workspaces', id: 'ws-unknown' }] }), 422);
    expectError(await h.as('user').post(consumersPath('networking-prod'), refs('networking-prod')), 422);
    expectError(await h.as('user').post(consumersPath('networking-prod'), { data: [{ type: 'projects', id: 'x' }] }), 422);
    expectError(await h.as('team').post(consumersPath('networking-prod'), refs('sandbox')), 404);
  });
});

describe('PATCH /workspaces/:workspace_id/relationships/remote-state-consumers', () => {
  it('replaces the consumer list (204)', async () => {
    expect((await h.as('user').patch(consumersPath('networking-prod'), refs('sandbox', 'billing-agent'))).status).toBe(204);
    expect((await consumerNames('networking-prod')).sort()).toEqual(['billing-agent', 'sandbox']);
    expect((await h.as('user').patch(consumersPath('networking-prod'), { data: [] })).status).toBe(204);
    expect(await consumerNames('networking-prod')).toEqual([]);
  });

  it('answers 422 for malformed bodies and leaves the list unchanged', async () => {
    expectError(await h.as('user').raw('PATCH', consumersPath('networking-prod'), '{"data":[{"type":"workspaces"}]}'), 422);
    expect(await consumerNames('networking-prod')).toEqual(['app-staging']);
    expectError(await h.as('readOnly').patch(consumersPath('networking-prod'), refs('app-staging')), 404);
  });
});

describe('DELETE /workspaces/:workspace_id/relationships/remote-state-consumers', () => {
  it('removes consumers (204)', async () => {
    expect((await h.as('user').del(consumersPath('networking-prod'), refs('app-staging'))).status).toBe(204);
    expect(await consumerNames('networking-prod')).toEqual([]);
  });

  it('answers 404 for unknown workspaces and 422 for bad bodies', async () => {
    expectError(await h.as('user').del('/api/v2/workspaces/ws-unknown/relationships/remote-state-consumers', refs('sandbox')), 404);
    expectError(await h.as('user').del(consumersPath('networking-prod'), { data: 'all' }), 422);
  });
});

describe('PATCH /workspaces/:workspace_id/relationships/ssh-key', () => {
  const sshPath = (name: string) => `/api/v2/workspaces/${h.workspace(name).id}/relationships/ssh-key`;
  const body = (id: string | null) => ({ data: { type: 'workspaces', attributes: { id } } });

  it('assigns and unassigns an SSH key, answering the workspace document (200)', async () => {
    const key = [...h.api.store.sshKeys][0];
    const assigned = await h.as('user').patch(sshPath('sandbox'), body(key));
    expect(assigned.status).toBe(200);
    expect(assigned.body.data.relationships['ssh-key'].data).toEqual({ id: key, type: 'ssh-keys' });
    const cleared = await h.as('user').patch(sshPath('sandbox'), body(null));
    expect(cleared.body.data.relationships['ssh-key'].data).toBeNull();
  });

  it('answers 422 for unknown keys or a missing id, 404 without admin', async () => {
    expectError(await h.as('user').patch(sshPath('sandbox'), body('sshkey-unknown')), 422);
    expectError(await h.as('user').patch(sshPath('sandbox'), { data: { type: 'workspaces', attributes: {} } }), 422);
    expectError(await h.as('team').patch(sshPath('sandbox'), body(null)), 404);
  });
});

describe('GET /workspaces/:workspace_id/relationships/data-retention-policy', () => {
  const path = () => `/api/v2/workspaces/${h.workspace('sandbox').id}/relationships/data-retention-policy`;

  it('answers data: null while the workspace inherits, then the policy once set', async () => {
    const empty = await h.as('user').get(path());
    expect(empty.status).toBe(200);
    expect(empty.body.data).toBeNull();
    await h.as('user').post(path(), { data: { type: 'data-retention-policy-delete-olders', attributes: { 'delete-older-than-n-days': 30 } } });
    const set = await h.as('user').get(path());
    expect(set.body.data).toMatchObject({ type: 'data-retention-policy-delete-olders', attributes: { 'delete-older-than-n-days': 30 } });
  });

  it('answers 404 for hidden workspaces', async () => {
    expectError(await h.as('readOnly').get(path()), 404);
  });
});

describe('POST /workspaces/:workspace_id/relationships/data-retention-policy', () => {
  const path = () => `/api/v2/workspaces/${h.workspace('sandbox').id}/relationships/data-retention-policy`;

  it('sets a delete-older or dont-delete policy (201)', async () => {
    const answer = await h.as('user').post(path(), { data: { type: 'data-retention-policy-delete-olders', attributes: { 'delete-older-than-n-days': 90 } } });
    expect(answer.status).toBe(201);
    expect(answer.body.data.id).toMatch(/^drp-/);
    expect(answer.body.data.attributes['delete-older-than-n-days']).toBe(90);
    const keep = await h.as('user').post(path(), { data: { type: 'data-retention-policy-dont-deletes' } });
    expect(keep.body.data).toMatchObject({ type: 'data-retention-policy-dont-deletes', attributes: {} });
  });

  it('answers 422 for a missing or non-positive day count and unknown types, 404 without admin', async () => {
    expectError(await h.as('user').post(path(), { data: { type: 'data-retention-policy-delete-olders', attributes: {} } }), 422);
    expectError(await h.as('user').post(path(), { data: { type: 'data-retention-policy-delete-olders', attributes: { 'delete-older-than-n-days': 0 } } }), 422);
    expectError(await h.as('user').post(path(), { data: { type: 'forever', attributes: {} } }), 422);
    expectError(await h.as('team').post(path(), { data: { type: 'data-retention-policy-dont-deletes' } }), 404);
  });
});

describe('DELETE /workspaces/:workspace_id/relationships/data-retention-policy', () => {
  const path = () => `/api/v2/workspaces/${h.workspace('sandbox').id}/relationships/data-retention-policy`;

  it('removes the policy (204) so the workspace inherits again', async () => {
    await h.as('user').post(path(), { data: { type: 'data-retention-policy-dont-deletes' } });
    expect((await h.as('user').del(path())).status).toBe(204);
    expect((await h.as('user').get(path())).body.data).toBeNull();
  });

  it('answers 404 without admin or for unknown workspaces', async () => {
    expectError(await h.as('team').del(path()), 404);
    expectError(await h.as('user').del('/api/v2/workspaces/ws-unknown/relationships/data-retention-policy'), 404);
  });
});
