// Variables through the service against the simulator: a sensitive value is never read back, key rules are
// checked per category, and bulk apply reports every row (created, updated, or why it was not applied).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFixture, type Fixture } from './test-fixture';

let fx: Fixture;
let user: string;

beforeAll(async () => {
  fx = await startFixture();
  user = await fx.connection('user');
});
afterAll(() => fx.close());

describe('variables', () => {
  it('never returns a sensitive value: not on create, update, nor list', async () => {
    const workspaceId = fx.wsId('sandbox');
    const created = await fx.call('variables.create', { connectionId: user, workspaceId, key: 'DB_PASSWORD', value: 'hunter2-very-secret', category: 'env', sensitive: true });
    expect(created.attributes.sensitive).toBe(true);
    expect(created.attributes.value).toBeNull();
    const updated = await fx.call('variables.update', { connectionId: user, workspaceId, variableId: created.id, value: 'replaced-secret-value' });
    expect(updated.attributes.value).toBeNull();
    const list = await fx.call('variables.list', { connectionId: user, workspaceId });
    const listed = list.value.find((variable) => variable.id === created.id)!;
    expect(listed.attributes.value).toBeNull();
    const text = JSON.stringify([created, updated, list]);
    expect(text).not.toContain('hunter2');
    expect(text).not.toContain('replaced-secret');
  });

  it('refuses an env key that is not a shell name, naming the field', async () => {
    const error = await fx.fail('variables.create', { connectionId: user, workspaceId: fx.wsId('sandbox'), key: '1-BAD', value: 'x', category: 'env' });
    expect(error.code).toBe('invalid_input');
    expect(error.message).toMatch(/key must start with a letter or "_"/);
    // The same key is fine for an engine variable, which is not bound by shell rules.
    const engine = await fx.call('variables.create', { connectionId: user, workspaceId: fx.wsId('sandbox'), key: 'region-1', value: 'eu', category: 'engine' });
    expect(engine.attributes.key).toBe('region-1');
  });

  it('bulk apply creates and updates by key and category, and reports bad rows without applying them', async () => {
    const workspaceId = fx.wsId('analytics-etl');
    await fx.call('variables.create', { connectionId: user, workspaceId, key: 'LOG_LEVEL', value: 'info', category: 'env' });
    const results = await fx.call('variables.bulkApply', {
      connectionId: user,
      workspaceId,
      rows: [
        { key: 'LOG_LEVEL', value: 'debug', category: 'env' },
        { key: 'NEW_FLAG', value: 'on', category: 'env' },
        { key: '9LIVES', value: 'cat', category: 'env' },
        { key: 'NEW_FLAG', value: 'off', category: 'env' },
        { key: 'LOG_LEVEL', value: 'terraform-side', category: 'engine' },
      ],
    });
    expect(results).toEqual([
      { key: 'LOG_LEVEL', ok: true, action: 'updated' },
      { key: 'NEW_FLAG', ok: true, action: 'created' },
      { key: '9LIVES', ok: false, message: expect.stringMatching(/^Row 3: key must start with a letter or "_".*not applied/) },
      { key: 'NEW_FLAG', ok: false, message: expect.stringMatching(/^Row 4: .*already set by row 2; not applied/) },
      { key: 'LOG_LEVEL', ok: true, action: 'created' },
    ]);
    const list = (await fx.call('variables.list', { connectionId: user, workspaceId })).value;
    const value = (key: string, category: string) => list.find((v) => v.attributes.key === key && v.attributes.category === category)?.attributes.value;
    expect(value('LOG_LEVEL', 'env')).toBe('debug');
    expect(value('NEW_FLAG', 'env')).toBe('on');
    expect(value('LOG_LEVEL', 'engine')).toBe('terraform-side');
    expect(list.some((v) => v.attributes.key === '9LIVES')).toBe(false);
  });

  it('bulk apply reports the service refusal of one row with its reason, and still applies the rest', async () => {
    const workspaceId = fx.wsId('analytics-etl');
    await fx.call('variables.create', { connectionId: user, workspaceId, key: 'API_KEY', value: 's3cr3t', category: 'env', sensitive: true });
    const results = await fx.call('variables.bulkApply', {
      connectionId: user,
      workspaceId,
      rows: [
        { key: 'API_KEY', value: 'plain', category: 'env', sensitive: false },
        { key: 'OTHER', value: '1', category: 'env' },
      ],
    });
    expect(results[0]).toMatchObject({ key: 'API_KEY', ok: false });
    expect(results[0].message).toMatch(/^Row 1: Updating variable var-\w+ .* failed: .*sensitive/);
    expect(results[1]).toEqual({ key: 'OTHER', ok: true, action: 'created' });
  });
});
