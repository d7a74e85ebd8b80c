// State versions through the workspace service against the simulator: upload (happy path with progress, and a
// wrong MD5), diff of two versions without values, download to a file, rollback with confirmation, the
// organization token refusal, and no capability URL in any result.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TransferProgress } from '../contract';
import { ORGANIZATION_TOKEN_REFUSED } from '../clients/workspace-api';
import { HostError } from '../host/host-error';
import { startFixture, type Fixture } from './test-fixture';
import { uploadState } from './state-upload';
import { Organizations } from './organizations';

let fx: Fixture;
let user: string;

beforeAll(async () => {
  fx = await startFixture();
  user = await fx.connection('user');
});
afterAll(() => fx.close());

/** Raw engine state with the given managed resources (name → attributes) and outputs. */
function rawState(serial: number, lineage: string, resources: Record<string, Record<string, unknown>>, outputs: Record<string, { value: unknown; sensitive?: boolean }> = {}): Buffer {
  return Buffer.from(
    JSON.stringify({
      version: 4,
      terraform_version: '1.9.8',
      serial,
      lineage,
      outputs: Object.fromEntries(Object.entries(outputs).map(([name, o]) => [name, { value: o.value, type: 'string', ...(o.sensitive ? { sensitive: true } : {}) }])),
      resources: Object.entries(resources).map(([name, attributes]) => ({
        mode: 'managed',
        type: 'null_resource',
        name,
        provider: 'provider["registry.terraform.io/hashicorp/null"]',
        instances: [{ schema_version: 0, attributes }],
      })),
    }),
  );
}

function watch(transferId: string): { items: TransferProgress[]; close(): void } {
  const items: TransferProgress[] = [];
  const source = fx.service.streams.transfers({ transferId }, (batch) => items.push(...(batch.items as TransferProgress[])), `sub-${transferId}`);
  return { items, close: () => source.close() };
}

const content = (bytes: Buffer, fileName = 'terraform.tfstate') => ({ kind: 'content' as const, fileName, base64: bytes.toString('base64') });

async function isLocked(workspaceId: string): Promise<boolean> {
  const detail = await fx.call('workspaces.read', { connectionId: user, workspaceId });
  return detail.value.workspace.attributes.locked;
}

describe('stateVersions.upload', () => {
  it('reads serial and lineage, locks, creates, uploads with progress, waits for finalized and unlocks', async () => {
    const workspaceId = fx.wsId('sandbox');
    const progress = watch('upload-happy');
    const bytes = rawState(3, 'sandbox-lineage', { a: { id: '1' } });
    const version = await fx.call('stateVersions.upload', { connectionId: user, workspaceId, source: content(bytes), transferId: 'upload-happy' });
    progress.close();
    expect(version.attributes.status).toBe('finalized');
    expect(version.attributes.serial).toBe(3);
    const phases = progress.items.map((item) => item.phase);
    expect(phases).toEqual(expect.arrayContaining(['locking', 'creating', 'uploading', 'finalizing', 'unlocking', 'done']));
    expect(phases.indexOf('uploading')).toBeLessThan(phases.indexOf('done'));
    expect(progress.items.at(-1)).toMatchObject({ phase: 'done', bytes: bytes.length, total: bytes.length });
    expect(await isLocked(workspaceId)).toBe(false);
    const current = await fx.call('stateVersions.current', { connectionId: user, workspaceId });
    expect(current.value?.id).toBe(version.id);
  });

  it('reports a wrong MD5 at the upload step and releases the lock it took', async () => {
    const workspaceId = fx.wsId('billing-agent');
    // The service computes the MD5 itself, so the sequence is driven directly with a tampered one.
    const organizations = new Organizations(fx.connections, () => undefined);
    const phases: string[] = [];
    const bytes = rawState(9, 'billing-lineage', { a: { id: '1' } });
    const tampered = createHash('md5').update('not these bytes').digest('hex');
    const error = await uploadState(organizations.get(user), workspaceId, { bytes, fileName: 'x.tfstate' }, (phase) => phases.push(phase), fx.log, {
      declaredMd5: tampered,
    }).then(
      () => null,
      (caught: unknown) => caught,
    );
    organizations.close();
    expect(error).toBeInstanceOf(HostError);
    const failure = error as HostError;
    expect(failure.code).toBe('invalid_input');
    expect(failure.message).toMatch(/failed at the uploading step/);
    expect(failure.message).toMatch(/MD5/);
    expect(failure.message).toMatch(/lock taken for the upload was released/);
    expect(phases.at(-1)).toBe('failed');
    expect(await isLocked(workspaceId)).toBe(false);
  });

  it('refuses a file that is JSON state rather than raw state, before locking anything', async () => {
    const json = Buffer.from(JSON.stringify({ format_version: '1.0', values: { root_module: {} } }));
    const error = await fx.fail('stateVersions.upload', { connectionId: user, workspaceId: fx.wsId('sandbox'), source: content(json, 'show.json'), transferId: 'upload-json' });
    expect(error.code).toBe('invalid_input');
    expect(error.message).toMatch(/failed at the reading step.*JSON state/);
    expect(await isLocked(fx.wsId('sandbox'))).toBe(false);
  });
});

describe('stateVersions.diff', () => {
  it('compares any two versions by address and names changed attributes and outputs, never values', async () => {
    const workspaceId = fx.wsId('sandbox');
    const before = rawState(20, 'sandbox-lineage', { kept: { id: 'k', size: 1 }, gone: { id: 'g' }, same: { id: 's' } }, { url: { value: 'a' }, token: { value: 'secret-one', sensitive: true } });
    const after = rawState(21, 'sandbox-lineage', { kept: { id: 'k', size: 2, extra: 'x' }, fresh: { id: 'f' }, same: { id: 's' } }, { url: { value: 'a' }, token: { value: 'secret-two', sensitive: true } });
    const first = await fx.call('stateVersions.upload', { connectionId: user, workspaceId, source: content(before), transferId: 'diff-a' });
    const second = await fx.call('stateVersions.upload', { connectionId: user, workspaceId, source: content(after), transferId: 'diff-b' });
    const diff = await fx.call('stateVersions.diff', { connectionId: user, fromId: first.id, toId: second.id });
    expect(diff.from).toEqual({ id: first.id, serial: 20 });
    expect(diff.to).toEqual({ id: second.id, serial: 21 });
    expect(diff.resources).toEqual([
      { address: 'null_resource.fresh', type: 'null_resource', module: null, change: 'added' },
      { address: 'null_resource.gone', type: 'null_resource', module: null, change: 'removed' },
      { address: 'null_resource.kept', type: 'null_resource', module: null, change: 'changed', changedAttributes: ['extra', 'size'] },
    ]);
    expect(diff.outputs).toEqual([{ name: 'token', change: 'changed', sensitive: true }]);
    const text = JSON.stringify(diff);
    expect(text).not.toContain('secret-');
    expect(text).not.toContain('"k"');
  });
});

describe('stateVersions.download', () => {
  it('writes the raw state to the downloads folder atomically, with progress', async () => {
    const current = await fx.call('stateVersions.current', { connectionId: user, workspaceId: fx.wsId('analytics-etl') });
    const progress = watch('download-raw');
    const result = await fx.call('stateVersions.download', { connectionId: user, stateVersionId: current.value!.id, format: 'raw', transferId: 'download-raw' });
    progress.close();
    const bytes = readFileSync(result.path);
    expect(bytes.length).toBe(result.bytes);
    expect(JSON.parse(bytes.toString('utf8')).serial).toBe(current.value!.attributes.serial);
    expect(progress.items.at(-1)).toMatchObject({ phase: 'done', bytes: result.bytes });
    expect(progress.items.some((item) => item.phase === 'downloading')).toBe(true);
    // Nothing half-written is left beside it.
    expect(readdirSync(join(fx.dir, 'downloads')).filter((name) => name.endsWith('.part'))).toEqual([]);
  });
});

describe('stateVersions.rollback', () => {
  it('needs the workspace name as confirmation, then locks, rolls back and unlocks', async () => {
    const workspaceId = fx.wsId('networking-prod');
    const versions = await fx.call('stateVersions.list', { connectionId: user, workspaceId, status: 'finalized' });
    const target = versions.value.items.at(-1)!;
    const missing = await fx.fail('stateVersions.rollback', { connectionId: user, workspaceId, stateVersionId: target.id });
    expect(missing.code).toBe('invalid_input');
    expect(missing.message).toMatch(/confirm/);
    const wrong = await fx.fail('stateVersions.rollback', { connectionId: user, workspaceId, stateVersionId: target.id, confirm: 'networking' });
    expect(wrong.message).toMatch(/type the workspace name "networking-prod"/);
    const rolled = await fx.call('stateVersions.rollback', { connectionId: user, workspaceId, stateVersionId: target.id, confirm: 'networking-prod' });
    expect(rolled.id).not.toBe(target.id);
    expect(rolled.attributes.serial).toBeGreaterThan(versions.value.items[0].attributes.serial);
    expect(await isLocked(workspaceId)).toBe(false);
    expect((await fx.call('stateVersions.current', { connectionId: user, workspaceId })).value?.id).toBe(rolled.id);
  });

  it('keeps the clear refusal for an organization token, and releases the lock it took', async () => {
    const org = await fx.connection('organization');
    const workspaceId = fx.wsId('analytics-etl');
    const versions = await fx.call('stateVersions.list', { connectionId: user, workspaceId, status: 'finalized' });
    const error = await fx.fail('stateVersions.rollback', { connectionId: org, workspaceId, stateVersionId: versions.value.items.at(-1)!.id, confirm: 'analytics-etl' });
    expect(error.code).toBe('forbidden');
    expect(error.message).toContain(ORGANIZATION_TOKEN_REFUSED);
    expect(await isLocked(workspaceId)).toBe(false);
  });
});

describe('state version results never carry capability URLs', () => {
  it('has no /_objects/ URL in list, read, current, detail, diff or upload results', async () => {
    const workspaceId = fx.wsId('networking-prod');
    const list = await fx.call('stateVersions.list', { connectionId: user, workspaceId });
    const current = await fx.call('stateVersions.current', { connectionId: user, workspaceId });
    const read = await fx.call('stateVersions.read', { connectionId: user, stateVersionId: current.value!.id });
    const detail = await fx.call('workspaces.read', { connectionId: user, workspaceId });
    const diff = await fx.call('stateVersions.diff', { connectionId: user, fromId: list.value.items.at(-1)!.id, toId: current.value!.id });
    const upload = await fx.call('stateVersions.upload', {
      connectionId: user,
      workspaceId: fx.wsId('sandbox'),
      source: content(rawState(40, 'sandbox-lineage', {})),
      transferId: 'redaction-upload',
    });
    const text = JSON.stringify([list, current, read, detail, diff, upload]);
    expect(text).not.toContain('/_objects/');
    expect(text).not.toContain(`${fx.sim.url}/`);
    expect(detail.value.currentStateVersion?.attributes['hosted-state-download-url']).toBe('<redacted>');
  });
});
