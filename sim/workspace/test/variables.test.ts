// Contract tests of the four variable endpoints (workspace-api.md, Variables).
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { expectError, startHarness, type Harness } from './harness';

let h: Harness;
beforeEach(async () => {
  h = await startHarness();
});
afterEach(async () => {
  await h.close();
});

const varBody = (attributes: Record<string, unknown>, id?: string) => ({ data: { type: 'vars', ...(id ? { id } : {}), attributes } });
const varsPath = (name: string) => `/api/v2/workspaces/${h.workspace(name).id}/vars`;

describe('POST /workspaces/:workspace_id/vars', () => {
  it('creates a variable with defaults (201) and hides sensitive values', async () => {
    const plain = await h.as('team').post(varsPath('sandbox'), varBody({ key: 'image_id', value: 'ami-123', category: 'engine', description: 'AMI' }));
    expect(plain.status).toBe(201);
    expect(plain.body.data).toMatchObject({ type: 'vars', attributes: { key: 'image_id', value: 'ami-123', category: 'engine', hcl: false, sensitive: false, description: 'AMI' } });
    expect(plain.body.data.id).toMatch(/^var-/);
    expect(typeof plain.body.data.attributes['version-id']).toBe('string');
    expect(plain.body.data.relationships.configurable.data).toEqual({ id: h.workspace('sandbox').id, type: 'workspaces' });
    const secret = await h.as('user').post(varsPath('sandbox'), varBody({ key: 'API_KEY', value: 's3cr3t', category: 'env', sensitive: true }));
    expect(secret.status).toBe(201);
    expect(secret.body.data.attributes.value).toBeNull();
    expect(JSON.stringify(secret.body)).not.toContain('s3cr3t');
  });

  it('requires key and category, refuses duplicates per category and wrong types (422)', async () => {
    const path = varsPath('sandbox');
    expectError(await h.as('user').post(path, varBody({ value: 'x', category: 'env' })), 422);
    expectError(await h.as('user').post(path, varBody({ key: 'K' })), 422);
    expectError(await h.as('user').post(path, varBody({ key: 'K', category: 'terraform' })), 422);
    expectError(await h.as('user').post(path, varBody({ key: 'K', category: 'env', hcl: 'no' })), 422);
    expectError(await h.as('user').post(path, { data: { type: 'variables', attributes: { key: 'K', category: 'env' } } }), 422);
    expect((await h.as('user').post(path, varBody({ key: 'K', category: 'env' }))).status).toBe(201);
    expectError(await h.as('user').post(path, varBody({ key: 'K', category: 'env' })), 422);
    expect((await h.as('user').post(path, varBody({ key: 'K', category: 'engine' }))).status).toBe(201);
  });

  it('answers 404 for hidden workspaces and callers who cannot write variables', async () => {
    expectError(await h.as('readOnly').post(varsPath('networking-prod'), varBody({ key: 'K', category: 'env' })), 404);
    expectError(await h.as('readOnly').post(varsPath('sandbox'), varBody({ key: 'K', category: 'env' })), 404);
    expectError(await h.as('user').post('/api/v2/workspaces/ws-unknown/vars', varBody({ key: 'K', category: 'env' })), 404);
  });
});

describe('GET /workspaces/:workspace_id/vars', () => {
  it('lists the variables with sensitive values as null', async () => {
    const answer = await h.as('readOnly').get(varsPath('networking-prod'));
    expect(answer.status).toBe(200);
    expect(Array.isArray(answer.body.data)).toBe(true);
    const keys = answer.body.data.map((v: any) => v.attributes.key);
    expect(keys).toContain('region');
    for (const variable of answer.body.data) if (variable.attributes.sensitive) expect(variable.attributes.value).toBeNull();
    expect(answer.body.data.map((v: any) => v.id).sort()).toEqual(h.workspace('networking-prod').variableIds!.slice().sort());
  });

  it('answers 404 for hidden workspaces', async () => {
    expectError(await h.as('readOnly').get(varsPath('sandbox')), 404);
  });
});

describe('PATCH /workspaces/:workspace_id/vars/:variable_id', () => {
  it('updates given attributes only and bumps version-id', async () => {
    const created = await h.as('user').post(varsPath('sandbox'), varBody({ key: 'size', value: 'small', category: 'engine', description: 'd' }));
    const id = created.body.data.id;
    const answer = await h.as('user').patch(`${varsPath('sandbox')}/${id}`, varBody({ value: 'large', hcl: true }, id));
    expect(answer.status).toBe(200);
    expect(answer.body.data.attributes).toMatchObject({ key: 'size', value: 'large', hcl: true, description: 'd', category: 'engine' });
    expect(answer.body.data.attributes['version-id']).not.toBe(created.body.data.attributes['version-id']);
    const sensitive = await h.as('user').patch(`${varsPath('sandbox')}/${id}`, varBody({ sensitive: true }));
    expect(sensitive.body.data.attributes.value).toBeNull();
    expectError(await h.as('user').patch(`${varsPath('sandbox')}/${id}`, varBody({ sensitive: false })), 422);
  });

  it('answers 422 for bad bodies and key clashes, 404 for unknown variables', async () => {
    const a = await h.as('user').post(varsPath('sandbox'), varBody({ key: 'A', category: 'env' }));
    await h.as('user').post(varsPath('sandbox'), varBody({ key: 'B', category: 'env' }));
    const path = `${varsPath('sandbox')}/${a.body.data.id}`;
    expectError(await h.as('user').patch(path, varBody({ key: 'B' })), 422);
    expectError(await h.as('user').patch(path, varBody({ category: 'both' })), 422);
    expectError(await h.as('user').patch(path, varBody({ key: 'C' }, 'var-other')), 422);
    expectError(await h.as('user').raw('PATCH', path, 'nope'), 422);
    expectError(await h.as('user').patch(`${varsPath('sandbox')}/var-unknown`, varBody({ key: 'C' })), 404);
    expectError(await h.as('readOnly').patch(`${varsPath('networking-prod')}/${h.workspace('networking-prod').variableIds?.[0] ?? 'x'}`, varBody({ value: 'x' })), 404);
  });
});

describe('DELETE /workspaces/:workspace_id/vars/:variable_id', () => {
  it('deletes a variable (204)', async () => {
    const created = await h.as('user').post(varsPath('sandbox'), varBody({ key: 'gone', category: 'env' }));
    expect((await h.as('user').del(`${varsPath('sandbox')}/${created.body.data.id}`)).status).toBe(204);
    const list = await h.as('user').get(varsPath('sandbox'));
    expect(list.body.data.map((v: any) => v.id)).not.toContain(created.body.data.id);
  });

  it('answers 404 for unknown variables and callers who cannot write', async () => {
    expectError(await h.as('user').del(`${varsPath('sandbox')}/var-unknown`), 404);
    const list = await h.as('user').get(varsPath('networking-prod'));
    expectError(await h.as('readOnly').del(`${varsPath('networking-prod')}/${list.body.data[0].id}`), 404);
  });
});
