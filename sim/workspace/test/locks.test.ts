// Contract tests of lock, unlock and force-unlock (workspace-api.md, States and transitions: Workspace lock).
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { expectError, md5, rawState, startHarness, stateVersionBody, type Harness } from './harness';

let h: Harness;
beforeEach(async () => {
  h = await startHarness();
});
afterEach(async () => {
  await h.close();
});

const action = (id: string, name: string) => `/api/v2/workspaces/${id}/actions/${name}`;

describe('POST /workspaces/:workspace_id/actions/lock', () => {
  it('locks with a reason and records the locking user (200)', async () => {
    const ws = h.workspace('networking-prod');
    const answer = await h.as('team').post(action(ws.id, 'lock'), { reason: 'deploying' });
    expect(answer.status).toBe(200);
    expect(answer.body.data.attributes).toMatchObject({ locked: true, 'locked-reason': 'deploying' });
    const principal = h.api.store.principals.get(h.api.tokens.team)!;
    expect(answer.body.data.relationships['locked-by'].data).toEqual({ id: principal.userId, type: 'users' });
  });

  it('defaults the reason to empty and refuses a second lock with 409', async () => {
    const ws = h.workspace('sandbox');
    const first = await h.as('user').post(action(ws.id, 'lock'));
    expect(first.body.data.attributes['locked-reason']).toBe('');
    const detail = expectError(await h.as('otherUser').post(action(ws.id, 'lock'), { reason: 'me too' }), 409);
    expect(detail).toContain('already locked');
  });

  it('answers 404 for unknown, hidden, or read-only callers and 422 for a bad reason', async () => {
    expectError(await h.as('user').post(action('ws-unknown', 'lock')), 404);
    expectError(await h.as('readOnly').post(action(h.workspace('sandbox').id, 'lock')), 404);
    expectError(await h.as('readOnly').post(action(h.workspace('networking-prod').id, 'lock')), 404);
    expectError(await h.as('user').post(action(h.workspace('sandbox').id, 'lock'), { reason: 42 }), 422);
    expect(h.workspace('sandbox').locked).toBe(false);
  });
});

describe('POST /workspaces/:workspace_id/actions/unlock', () => {
  it('unlocks for the holder (200)', async () => {
    const ws = h.workspace('sandbox');
    await h.as('user').post(action(ws.id, 'lock'));
    const answer = await h.as('user').post(action(ws.id, 'unlock'));
    expect(answer.status).toBe(200);
    expect(answer.body.data.attributes).toMatchObject({ locked: false, 'locked-reason': null });
    expect(answer.body.data.relationships['locked-by'].data).toBeNull();
  });

  it('answers 409 when already unlocked or locked by another user', async () => {
    expect(expectError(await h.as('user').post(action(h.workspace('sandbox').id, 'unlock')), 409)).toContain('already unlocked');
    expect(expectError(await h.as('user').post(action(h.workspace('app-staging').id, 'unlock')), 409)).toContain('another user');
    expect(h.workspace('app-staging').locked).toBe(true);
  });

  it('answers 503 while the latest state version is pending, then unlocks after the upload', async () => {
    const ws = h.workspace('sandbox');
    await h.as('user').post(action(ws.id, 'lock'));
    const raw = rawState(1, 'lineage-a');
    const created = await h.as('user').post(`/api/v2/workspaces/${ws.id}/state-versions`, stateVersionBody(raw, { inline: false }));
    const blocked = await h.as('user').post(action(ws.id, 'unlock'));
    expectError(blocked, 503);
    expect(blocked.headers.get('retry-after')).toBe('1');
    const upload = await fetch(created.body.data.attributes['hosted-state-upload-url'], { method: 'PUT', body: new Uint8Array(raw), headers: { 'Content-Type': 'application/octet-stream' } });
    expect(upload.status).toBe(200);
    expect((await h.as('user').post(action(ws.id, 'unlock'))).status).toBe(200);
  });

  it('makes the latest finalized intermediate state version current on unlock', async () => {
    const ws = h.workspace('sandbox');
    await h.as('user').post(action(ws.id, 'lock'));
    const raw = rawState(5, 'lineage-b');
    const created = await h.as('user').post(`/api/v2/workspaces/${ws.id}/state-versions`, stateVersionBody(raw, { intermediate: true }));
    expect(created.body.data.attributes).toMatchObject({ intermediate: true, status: 'finalized' });
    expectError(await h.as('user').get(`/api/v2/workspaces/${ws.id}/current-state-version`), 404);
    await h.as('user').post(action(ws.id, 'unlock'));
    const current = await h.as('user').get(`/api/v2/workspaces/${ws.id}/current-state-version`);
    expect(current.body.data.id).toBe(created.body.data.id);
    expect(current.body.data.attributes.intermediate).toBe(false);
    expect(md5(raw)).toHaveLength(32);
  });
});

describe('POST /workspaces/:workspace_id/actions/force-unlock', () => {
  it('lets an admin release another user\'s lock (200)', async () => {
    const ws = h.workspace('app-staging');
    const answer = await h.as('user').post(action(ws.id, 'force-unlock'));
    expect(answer.status).toBe(200);
    expect(answer.body.data.attributes.locked).toBe(false);
  });

  it('refuses callers without admin (404) and unlocked workspaces (409)', async () => {
    const ws = h.workspace('app-staging');
    expectError(await h.as('team').post(action(ws.id, 'force-unlock')), 404);
    expect(h.workspace('app-staging').locked).toBe(true);
    expectError(await h.as('user').post(action(h.workspace('sandbox').id, 'force-unlock')), 409);
    expectError(await h.as('user').post(action('ws-unknown', 'force-unlock')), 404);
  });
});
