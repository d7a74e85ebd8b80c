// State versions against the simulator: create, upload, list, current, show, rollback, backing-data actions and
// download; capability URLs never leave the client except through stateVersionUrls (design.md, invariant 2).
import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import type { Simulator } from '../../../sim/index';
import { REDACTED } from '../../redaction/redact-payload';
import { clientFor, failure, md5, rawState, simPerFile, workspaceId } from './sim-fixture';
import { ORGANIZATION_TOKEN_REFUSED } from './state-versions';
import type { WorkspaceClient } from './workspace-client';

let sim: Simulator;
let client: WorkspaceClient;
simPerFile((started, startedClient) => {
  sim = started;
  client = startedClient;
});

function sink(): { stream: Writable; bytes: () => Buffer } {
  const chunks: Buffer[] = [];
  const stream = new Writable({ write: (chunk, _encoding, done) => (chunks.push(chunk as Buffer), done()) });
  return { stream, bytes: () => Buffer.concat(chunks) };
}

const lineageOf = (id: string): string => sim.workspace.store.stateVersions.get(id)!.lineage;

describe('state versions', () => {
  it('creates a version with inline state that becomes current once unlocked', async () => {
    const id = workspaceId(sim, 'networking-prod');
    const current = await client.stateVersions.current(id);
    await client.locks.lock(id);
    const raw = rawState(current.attributes.serial + 1, lineageOf(current.id), 3);
    const created = await client.stateVersions.create(id, { serial: current.attributes.serial + 1, md5: md5(raw), lineage: lineageOf(current.id), state: raw });
    expect(created.attributes.status).toBe('finalized');
    expect(created.attributes.serial).toBe(current.attributes.serial + 1);
    await client.locks.unlock(id);
    expect((await client.stateVersions.current(id)).id).toBe(created.id);
  });

  it('refuses a local MD5 mismatch before sending anything', async () => {
    const raw = rawState(99, 'x');
    const error = await failure(client.stateVersions.create(workspaceId(sim, 'sandbox'), { serial: 99, md5: md5(Buffer.from('other')), state: raw }));
    expect(error.code).toBe('invalid_input');
  });

  it('uploads content to a pending version, which then finalizes; the upload URL is single-use', async () => {
    const id = workspaceId(sim, 'sandbox');
    await client.locks.lock(id);
    const raw = rawState(5, 'sandbox-lineage');
    const pending = await client.stateVersions.create(id, { serial: 5, md5: md5(raw), lineage: 'sandbox-lineage' });
    expect(pending.attributes.status).toBe('pending');
    // The renderer-facing document hides the capability URL but shows that one exists.
    expect(pending.attributes['hosted-state-upload-url']).toBe(REDACTED);
    await client.stateVersions.uploadContent(pending.id, raw);
    const shown = await client.stateVersions.show(pending.id);
    expect(shown.attributes.status).toBe('finalized');
    expect(shown.attributes['hosted-state-upload-url']).toBeNull();
    const again = await failure(client.stateVersions.uploadContent(pending.id, raw));
    expect(again.code).toBe('conflict');
    await client.locks.unlock(id);
  });

  it('reports an upload whose bytes do not match the declared MD5', async () => {
    const id = workspaceId(sim, 'billing-agent');
    await client.locks.lock(id);
    const declared = rawState(2, 'billing-lineage');
    const pending = await client.stateVersions.create(id, { serial: 2, md5: md5(declared), lineage: 'billing-lineage' });
    const tampered = rawState(2, 'billing-lineage', 4);
    const error = await failure(client.stateVersions.uploadContent(pending.id, tampered));
    expect(error.code).toBe('invalid_input');
    expect(error.status).toBe(422);
    expect(error.message).toMatch(/MD5|md5/);
    expect((await client.stateVersions.show(pending.id)).attributes.status).toBe('pending');
    await client.locks.forceUnlock(id);
  });

  it('refuses an organization token for create and rollback with a clear message', async () => {
    const orgClient = clientFor(sim, 'organization');
    const id = workspaceId(sim, 'analytics-etl');
    const raw = rawState(50, 'l');
    const create = await failure(orgClient.stateVersions.create(id, { serial: 50, md5: md5(raw) }));
    expect(create.message).toContain(ORGANIZATION_TOKEN_REFUSED);
    expect(create.code).toBe('forbidden');
    const versions = await client.stateVersions.list({ workspaceName: 'analytics-etl' });
    const rollback = await failure(orgClient.stateVersions.rollback(id, versions.items[1].id));
    expect(rollback.message).toContain(ORGANIZATION_TOKEN_REFUSED);
    orgClient.close();
  });

  it('lists versions newest first with the pagination envelope and filter[status]', async () => {
    const all = await client.stateVersions.list({ workspaceName: 'networking-prod' }, { pageSize: 2 });
    expect(all.pagination.totalCount).toBeGreaterThanOrEqual(4);
    expect(all.pagination.pageSize).toBe(2);
    expect(all.pagination.totalPages).toBe(Math.ceil(all.pagination.totalCount / 2));
    expect(all.links.next).toBeTypeOf('string');
    expect(all.items[0].attributes.serial).toBeGreaterThan(all.items[1].attributes.serial);
    const pending = await client.stateVersions.list({ workspaceName: 'billing-agent', status: 'pending' });
    expect(pending.items.length).toBeGreaterThan(0);
    expect(pending.items.every((version) => version.attributes.status === 'pending')).toBe(true);
    const everything = await client.stateVersions.listAll({ workspaceName: 'networking-prod' }, { pageSize: 2 });
    expect(everything.items.length).toBe(all.pagination.totalCount);
  });

  it('never returns a capability URL in any document; only stateVersionUrls has them', async () => {
    const id = workspaceId(sim, 'networking-prod');
    const current = await client.stateVersions.current(id);
    const list = await client.stateVersions.list({ workspaceName: 'networking-prod' });
    const shown = await client.stateVersions.show(current.id);
    const texts = JSON.stringify([current, list.items, shown]);
    expect(texts).not.toContain('/object/');
    expect(texts).not.toContain(sim.url + '/');
    expect(shown.attributes['hosted-state-download-url']).toBe(REDACTED);
    const urls = await client.stateVersions.stateVersionUrls(current.id);
    expect(urls.rawDownload).toMatch(/^http:\/\/127\.0\.0\.1/);
  });

  it('downloads raw and JSON state by streaming into a writable', async () => {
    const id = workspaceId(sim, 'analytics-etl');
    const current = await client.stateVersions.current(id);
    const raw = sink();
    const result = await client.stateVersions.download(current.id, 'raw', raw.stream);
    const parsed = JSON.parse(raw.bytes().toString('utf8')) as { serial: number };
    expect(parsed.serial).toBe(current.attributes.serial);
    expect(result.bytes).toBe(raw.bytes().length);
    const json = sink();
    await client.stateVersions.download(current.id, 'json', json.stream);
    expect(JSON.parse(json.bytes().toString('utf8'))).toHaveProperty('values');
  });

  it('explains a JSON download of state that has no JSON form', async () => {
    const id = workspaceId(sim, 'sandbox');
    await client.locks.lock(id);
    const raw = rawState(40, 'json-less');
    const created = await client.stateVersions.create(id, { serial: 40, md5: md5(raw), lineage: 'json-less', state: raw });
    await client.locks.unlock(id);
    const error = await failure(client.stateVersions.download(created.id, 'json', sink().stream));
    expect(error.code).toBe('not_found');
    expect(error.message).toMatch(/no JSON state/);
  });

  it('rolls back to an earlier version, creating a new current one', async () => {
    const id = workspaceId(sim, 'networking-prod');
    const versions = await client.stateVersions.list({ workspaceName: 'networking-prod', status: 'finalized' });
    const target = versions.items[versions.items.length - 1];
    await client.locks.lock(id);
    const rolled = await client.stateVersions.rollback(id, target.id);
    expect(rolled.id).not.toBe(target.id);
    expect(rolled.attributes.serial).toBeGreaterThan(versions.items[0].attributes.serial);
    expect(rolled.relationships?.['rollback-state-version']?.data).toMatchObject({ id: target.id });
    await client.locks.unlock(id);
    expect((await client.stateVersions.current(id)).id).toBe(rolled.id);
  });

  it('soft deletes, restores and permanently deletes backing data (owners only)', async () => {
    const versions = await client.stateVersions.list({ workspaceName: 'networking-prod', status: 'finalized' });
    const old = versions.items[versions.items.length - 1];
    const soft = await client.stateVersions.softDelete(old.id, 7);
    expect(soft.attributes.status).toBe('backing_data_soft_deleted');
    expect(soft.attributes['delete-older-than-n-days']).toBe(7);
    expect((await client.stateVersions.restore(old.id)).attributes.status).toBe('finalized');
    await client.stateVersions.softDelete(old.id);
    expect((await client.stateVersions.permanentlyDelete(old.id)).attributes.status).toBe('backing_data_permanently_deleted');
    const restore = await failure(client.stateVersions.restore(old.id));
    expect(restore.code).toBe('invalid_input');
    expect(restore.status).toBe(400);
    const current = await client.stateVersions.current(workspaceId(sim, 'networking-prod'));
    const refused = await failure(client.stateVersions.softDelete(current.id));
    expect(refused.message).toMatch(/current/);
    const team = await failure(clientFor(sim, 'team').stateVersions.softDelete(versions.items[1].id));
    expect(team.code).toBe('not_found');
  });

  it('answers not_found, or this token may not see it, for versions the token cannot see', async () => {
    const current = await client.stateVersions.current(workspaceId(sim, 'analytics-etl'));
    const reader = clientFor(sim, 'readOnly');
    const error = await failure(reader.stateVersions.show(current.id));
    expect(error.code).toBe('not_found');
    expect(error.message).toMatch(/this token/);
    const missing = await failure(client.stateVersions.current(workspaceId(sim, 'sandbox').replace(/.$/, '0')));
    expect(missing.code).toBe('not_found');
    reader.close();
  });
});
