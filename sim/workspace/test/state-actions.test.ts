// Contract tests of the backing-data actions on state versions (workspace-api.md, State versions; status table).
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { expectError, startHarness, type Harness } from './harness';

let h: Harness;
beforeEach(async () => {
  h = await startHarness();
});
afterEach(async () => {
  await h.close();
});

const act = (id: string, name: string) => `/api/v2/state-versions/${id}/actions/${name}`;
const versions = () => h.workspace('networking-prod').stateVersionIds;

describe('POST /state-versions/:state_version_id/actions/soft_delete_backing_data', () => {
  it('soft deletes a finalized non-current version (200); its content can no longer be read', async () => {
    const [oldest] = versions();
    const before = await h.as('user').get(`/api/v2/state-versions/${oldest}`);
    const download = before.body.data.attributes['hosted-state-download-url'];
    const answer = await h.as('user').post(act(oldest, 'soft_delete_backing_data'), { data: { attributes: { 'delete-older-than-n-days': 7 } } });
    expect(answer.status).toBe(200);
    expect(answer.body.data.attributes).toMatchObject({ status: 'backing_data_soft_deleted', 'delete-older-than-n-days': 7, 'hosted-state-download-url': null });
    expect((await fetch(download)).status).toBe(404);
  });

  it('answers 400 for the current version or a second soft delete, 404 for non-owners, 422 for a bad body', async () => {
    const [oldest] = versions();
    const current = h.workspace('networking-prod').currentStateVersionId!;
    expectError(await h.as('user').post(act(current, 'soft_delete_backing_data')), 400);
    expectError(await h.as('organization').post(act(oldest, 'soft_delete_backing_data')), 404);
    expectError(await h.as('team').post(act(oldest, 'soft_delete_backing_data')), 404);
    expectError(await h.as('user').post(act(oldest, 'soft_delete_backing_data'), { data: { attributes: { 'delete-older-than-n-days': 'soon' } } }), 422);
    expect((await h.as('user').post(act(oldest, 'soft_delete_backing_data'))).status).toBe(200);
    expectError(await h.as('user').post(act(oldest, 'soft_delete_backing_data')), 400);
    expectError(await h.as('user').post(act('sv-unknown', 'soft_delete_backing_data')), 404);
  });
});

describe('POST /state-versions/:state_version_id/actions/restore_backing_data', () => {
  it('restores a soft-deleted version to finalized (200) and its content is readable again', async () => {
    const [oldest] = versions();
    await h.as('user').post(act(oldest, 'soft_delete_backing_data'));
    const answer = await h.as('otherUser').post(act(oldest, 'restore_backing_data'));
    expect(answer.status).toBe(200);
    expect(answer.body.data.attributes.status).toBe('finalized');
    expect((await fetch(answer.body.data.attributes['hosted-state-download-url'])).status).toBe(200);
  });

  it('answers 400 unless soft deleted (including permanently deleted) and 404 for non-owners', async () => {
    const [oldest, second] = versions();
    expectError(await h.as('user').post(act(oldest, 'restore_backing_data')), 400);
    await h.as('user').post(act(second, 'soft_delete_backing_data'));
    expectError(await h.as('team').post(act(second, 'restore_backing_data')), 404);
    await h.as('user').post(act(second, 'permanently_delete_backing_data'));
    expectError(await h.as('user').post(act(second, 'restore_backing_data')), 400);
  });
});

describe('POST /state-versions/:state_version_id/actions/permanently_delete_backing_data', () => {
  it('permanently deletes a soft-deleted version (200)', async () => {
    const [oldest] = versions();
    await h.as('user').post(act(oldest, 'soft_delete_backing_data'));
    const answer = await h.as('user').post(act(oldest, 'permanently_delete_backing_data'));
    expect(answer.status).toBe(200);
    expect(answer.body.data.attributes.status).toBe('backing_data_permanently_deleted');
  });

  it('answers 400 for versions not soft deleted and 404 for non-owners or unknown ids', async () => {
    const [oldest] = versions();
    expectError(await h.as('user').post(act(oldest, 'permanently_delete_backing_data')), 400);
    await h.as('user').post(act(oldest, 'soft_delete_backing_data'));
    expectError(await h.as('organization').post(act(oldest, 'permanently_delete_backing_data')), 404);
    expectError(await h.as('user').post(act('sv-unknown', 'permanently_delete_backing_data')), 404);
  });
});
