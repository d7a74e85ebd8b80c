// Contract tests of state version create, upload, list, current, show and rollback (workspace-api.md, State versions).
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { eventually, expectError, md5, rawState, startHarness, stateVersionBody, type Harness } from './harness';

let h: Harness;
beforeEach(async () => {
  h = await startHarness();
});
afterEach(async () => {
  await h.close();
});

const lock = (id: string, kind: 'user' | 'team' = 'user') => h.as(kind).post(`/api/v2/workspaces/${id}/actions/lock`);
const svPath = (id: string) => `/api/v2/workspaces/${id}/state-versions`;
const put = (url: string, body: Buffer) => fetch(url, { method: 'PUT', body: new Uint8Array(body), headers: { 'Content-Type': 'application/octet-stream' } });

describe('POST /workspaces/:workspace_id/state-versions', () => {
  it('creates a finalized, current version from inline state; resources are processed shortly after', async () => {
    const ws = h.workspace('sandbox');
    await lock(ws.id);
    const raw = rawState(3, 'lin-1', 2);
    const answer = await h.as('user').post(svPath(ws.id), stateVersionBody(raw));
    expect(answer.status).toBe(201);
    const sv = answer.body.data;
    expect(sv.id).toMatch(/^sv-/);
    expect(sv.attributes).toMatchObject({ status: 'finalized', serial: 3, size: raw.length, intermediate: false, 'resources-processed': false, resources: [], 'hosted-state-upload-url': null });
    expect(sv.attributes['created-at']).toMatch(/\.\d{3}Z$/);
    expect(h.workspace('sandbox').currentStateVersionId).toBe(sv.id);
    const processed = await eventually(async () => {
      const shown = await h.as('user').get(`/api/v2/state-versions/${sv.id}`);
      return shown.body.data.attributes['resources-processed'] ? shown.body.data : undefined;
    });
    expect(processed.attributes.resources).toEqual([
      { name: 'n0', type: 'null_resource', count: 1, module: 'root', provider: 'provider["registry.terraform.io/hashicorp/null"]' },
      { name: 'n1', type: 'null_resource', count: 1, module: 'root', provider: 'provider["registry.terraform.io/hashicorp/null"]' },
    ]);
    expect(processed.attributes.modules).toEqual({ root: { null_resource: 2 } });
    expect(processed.attributes['engine-version']).toBe('1.9.8');
    expect(processed.relationships.outputs.data).toHaveLength(1);
    const download = await fetch(processed.attributes['hosted-state-download-url']);
    expect(Buffer.from(await download.arrayBuffer()).equals(raw)).toBe(true);
  });

  it('populates outputs immediately when json-state-outputs is given', async () => {
    const ws = h.workspace('sandbox');
    await lock(ws.id);
    const body = stateVersionBody(rawState(2, 'lin-o')) as any;
    body.data.attributes['json-state-outputs'] = Buffer.from(JSON.stringify({ url: { value: 'x' }, port: { value: 80 } })).toString('base64');
    const answer = await h.as('user').post(svPath(ws.id), body);
    expect(answer.body.data.attributes['resources-processed']).toBe(false);
    expect(answer.body.data.relationships.outputs.data).toHaveLength(2);
    body.data.attributes.serial = 3;
    body.data.attributes['json-state-outputs'] = Buffer.from('[1]').toString('base64');
    expectError(await h.as('user').post(svPath(ws.id), body), 422);
  });

  it('refuses when the workspace is not locked by the caller (409)', async () => {
    const raw = rawState(1, 'lin');
    expectError(await h.as('user').post(svPath(h.workspace('sandbox').id), stateVersionBody(raw)), 409);
    expect(expectError(await h.as('user').post(svPath(h.workspace('app-staging').id), stateVersionBody(raw)), 409)).toContain('another user');
  });

  it('checks serial, lineage and md5 against the raw state (412), and the body shape (422)', async () => {
    const ws = h.workspace('sandbox');
    await lock(ws.id);
    const raw = rawState(4, 'lin-x');
    expectError(await h.as('user').post(svPath(ws.id), stateVersionBody(raw, { serial: 5 })), 412);
    expectError(await h.as('user').post(svPath(ws.id), stateVersionBody(raw, { md5: '0'.repeat(32) })), 412);
    expectError(await h.as('user').post(svPath(ws.id), stateVersionBody(raw, { lineage: 'other' })), 412);
    expectError(await h.as('user').post(svPath(ws.id), { data: { type: 'state-versions', attributes: { md5: md5(raw), state: raw.toString('base64') } } }), 422);
    expectError(await h.as('user').post(svPath(ws.id), { data: { type: 'state-versions', attributes: { serial: '4', md5: md5(raw) } } }), 422);
    expectError(await h.as('user').post(svPath(ws.id), { data: { type: 'state-versions', attributes: { serial: 4, md5: md5(raw), state: '%%%not-base64' } } }), 422);
    expectError(await h.as('user').raw('POST', svPath(ws.id), '{"data":'), 422);
    expect(h.workspace('sandbox').stateVersionIds).toHaveLength(0);
  });

  it('refuses a serial already used in the workspace (409)', async () => {
    const ws = h.workspace('sandbox');
    await lock(ws.id);
    expect((await h.as('user').post(svPath(ws.id), stateVersionBody(rawState(1, 'l')))).status).toBe(201);
    expectError(await h.as('user').post(svPath(ws.id), stateVersionBody(rawState(1, 'l', 3))), 409);
  });

  it('refuses organization tokens and read-only callers with 404', async () => {
    const ws = h.workspace('networking-prod');
    await lock(ws.id);
    expectError(await h.as('organization').post(svPath(ws.id), stateVersionBody(rawState(99, 'l'))), 404);
    expectError(await h.as('readOnly').post(svPath(ws.id), stateVersionBody(rawState(99, 'l'))), 404);
    expectError(await h.as('user').post(svPath('ws-unknown'), stateVersionBody(rawState(99, 'l'))), 404);
  });

  it('without state: pending with one-shot upload URLs; a newer version discards it', async () => {
    const ws = h.workspace('sandbox');
    await lock(ws.id);
    const first = await h.as('user').post(svPath(ws.id), stateVersionBody(rawState(1, 'l'), { inline: false }));
    expect(first.status).toBe(201);
    expect(first.body.data.attributes.status).toBe('pending');
    expect(first.body.data.attributes['hosted-state-upload-url']).toMatch(/\/v1\/object\//);
    expect(first.body.data.attributes['hosted-json-state-upload-url']).toMatch(/\/v1\/object\//);
    expect(first.body.data.attributes['hosted-state-download-url']).toBeNull();
    await h.as('user').post(svPath(ws.id), stateVersionBody(rawState(2, 'l')));
    const old = await h.as('user').get(`/api/v2/state-versions/${first.body.data.id}`);
    expect(old.body.data.attributes.status).toBe('discarded');
    expect(old.body.data.attributes['hosted-state-upload-url']).toBeNull();
    expect((await put(first.body.data.attributes['hosted-state-upload-url'], rawState(1, 'l'))).status).toBe(409);
  });
});

describe('PUT {upload_url}/v1/object/<object_id>', () => {
  it('finalizes the pending version once; the URL is then hidden and refused', async () => {
    const ws = h.workspace('sandbox');
    await lock(ws.id);
    const raw = rawState(7, 'lin-up');
    const created = await h.as('user').post(svPath(ws.id), stateVersionBody(raw, { inline: false }));
    const { 'hosted-state-upload-url': rawUrl, 'hosted-json-state-upload-url': jsonUrl } = created.body.data.attributes;
    expect((await put(rawUrl, raw)).status).toBe(200);
    expect((await put(jsonUrl, Buffer.from('{"format_version":"1.0"}'))).status).toBe(200);
    const shown = await h.as('user').get(`/api/v2/state-versions/${created.body.data.id}`);
    expect(shown.body.data.attributes).toMatchObject({ status: 'finalized', 'hosted-state-upload-url': null, 'hosted-json-state-upload-url': null });
    expect(h.workspace('sandbox').currentStateVersionId).toBe(created.body.data.id);
    const second = await put(rawUrl, raw);
    expect(second.status).toBe(409);
    const json = await fetch(shown.body.data.attributes['hosted-json-state-download-url']);
    expect(await json.json()).toEqual({ format_version: '1.0' });
  });

  it('rejects bytes that do not match the declared md5 or serial (422) and keeps the URL usable', async () => {
    const ws = h.workspace('sandbox');
    await lock(ws.id);
    const raw = rawState(8, 'lin');
    const created = await h.as('user').post(svPath(ws.id), stateVersionBody(raw, { inline: false }));
    const url = created.body.data.attributes['hosted-state-upload-url'];
    const wrong = await put(url, rawState(9, 'lin'));
    expect(wrong.status).toBe(422);
    expect(((await wrong.json()) as any).errors[0].status).toBe('422');
    expect((await put(url, raw)).status).toBe(200);
    expect((await fetch(`${h.url}/_objects/v1/object/unknown-object`, { method: 'PUT', body: new Uint8Array(raw) })).status).toBe(404);
  });
});

describe('GET /state-versions', () => {
  it('lists a workspace\'s versions newest first, with pagination and status filter', async () => {
    const ws = h.workspace('networking-prod');
    const answer = await h.as('user').get(`/api/v2/state-versions?filter[workspace][name]=networking-prod&filter[organization][name]=${h.org}&page[size]=2`);
    expect(answer.status).toBe(200);
    expect(answer.body.data.map((sv: any) => sv.id)).toEqual([...ws.stateVersionIds].reverse().slice(0, 2));
    expect(answer.body.meta.pagination).toMatchObject({ 'total-count': 3, 'total-pages': 2, 'next-page': 2 });
    const pending = await h.as('user').get(`/api/v2/state-versions?filter%5Bworkspace%5D%5Bname%5D=networking-prod&filter%5Borganization%5D%5Bname%5D=${h.org}&filter%5Bstatus%5D=pending`);
    expect(pending.body.data).toEqual([]);
  });

  it('requires both filters (400), a known status (400), and a visible workspace (404)', async () => {
    expectError(await h.as('user').get('/api/v2/state-versions?filter[workspace][name]=networking-prod'), 400);
    expectError(await h.as('user').get(`/api/v2/state-versions?filter[workspace][name]=networking-prod&filter[organization][name]=${h.org}&filter[status]=lost`), 400);
    expectError(await h.as('readOnly').get(`/api/v2/state-versions?filter[workspace][name]=sandbox&filter[organization][name]=${h.org}`), 404);
    expectError(await h.as('user').get('/api/v2/state-versions?filter[workspace][name]=sandbox&filter[organization][name]=other'), 404);
  });
});

describe('GET /workspaces/:workspace_id/current-state-version', () => {
  it('returns the current version with download URLs', async () => {
    const ws = h.workspace('networking-prod');
    const answer = await h.as('readOnly').get(`/api/v2/workspaces/${ws.id}/current-state-version`);
    expect(answer.status).toBe(200);
    expect(answer.body.data.id).toBe(ws.currentStateVersionId);
    expect(answer.body.data.attributes['resources-processed']).toBe(true);
    const raw = await fetch(answer.body.data.attributes['hosted-state-download-url']);
    const state = (await raw.json()) as any;
    expect(state.serial).toBe(answer.body.data.attributes.serial);
  });

  it('answers 404 when there is no current version or the workspace is hidden', async () => {
    expectError(await h.as('user').get(`/api/v2/workspaces/${h.workspace('sandbox').id}/current-state-version`), 404);
    expectError(await h.as('readOnly').get(`/api/v2/workspaces/${h.workspace('analytics-etl').id}/current-state-version`), 404);
  });
});

describe('GET /state-versions/:state_version_id', () => {
  it('shows a version with its relationships', async () => {
    const ws = h.workspace('networking-prod');
    const answer = await h.as('user').get(`/api/v2/state-versions/${ws.stateVersionIds[0]}`);
    expect(answer.status).toBe(200);
    expect(answer.body.data.relationships.workspace.data).toEqual({ id: ws.id, type: 'workspaces' });
    expect(answer.body.data.relationships['created-by'].data.type).toBe('users');
    expect(answer.body.data.links.self).toBe(`/api/v2/state-versions/${ws.stateVersionIds[0]}`);
    expect(Number.isInteger(answer.body.data.attributes.size)).toBe(true);
  });

  it('answers 404 for unknown versions and versions of hidden workspaces', async () => {
    expectError(await h.as('user').get('/api/v2/state-versions/sv-unknown'), 404);
    expectError(await h.as('readOnly').get(`/api/v2/state-versions/${h.workspace('analytics-etl').stateVersionIds[0]}`), 404);
  });
});

describe('PATCH /workspaces/:workspace_id/state-versions', () => {
  const rollbackBody = (id: string) => ({ data: { type: 'state-versions', relationships: { 'rollback-state-version': { data: { type: 'state-versions', id } } } } });

  it('duplicates the chosen version under a new serial and makes it current (201)', async () => {
    const ws = h.workspace('networking-prod');
    const [oldest] = ws.stateVersionIds;
    await lock(ws.id);
    const answer = await h.as('user').patch(svPath(ws.id), rollbackBody(oldest));
    expect(answer.status).toBe(201);
    const sv = answer.body.data;
    expect(sv.relationships['rollback-state-version'].data).toEqual({ id: oldest, type: 'state-versions' });
    expect(h.workspace('networking-prod').currentStateVersionId).toBe(sv.id);
    const shown = await h.as('user').get(`/api/v2/state-versions/${oldest}`);
    expect(sv.attributes.serial).toBeGreaterThan(shown.body.data.attributes.serial);
    const content = (await (await fetch(sv.attributes['hosted-state-download-url'])).json()) as any;
    expect(content.serial).toBe(sv.attributes.serial);
  });

  it('needs the caller\'s lock (409), a user or team token (404), and a valid body (422)', async () => {
    const ws = h.workspace('networking-prod');
    const [oldest] = ws.stateVersionIds;
    expectError(await h.as('user').patch(svPath(ws.id), rollbackBody(oldest)), 409);
    await lock(ws.id, 'team');
    expectError(await h.as('organization').patch(svPath(ws.id), rollbackBody(oldest)), 404);
    expectError(await h.as('user').patch(svPath(ws.id), rollbackBody(oldest)), 409);
    expectError(await h.as('team').patch(svPath(ws.id), { data: { type: 'state-versions' } }), 422);
    expectError(await h.as('team').patch(svPath(ws.id), rollbackBody('sv-unknown')), 404);
    expect((await h.as('team').patch(svPath(ws.id), rollbackBody(oldest))).status).toBe(201);
  });
});
