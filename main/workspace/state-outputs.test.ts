// stateVersions.outputs against the simulator: every output is listed with its type, and a sensitive output's
// value never leaves main (workspace-api.md, State version outputs; design.md, invariant 2).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFixture, type Fixture } from './test-fixture';

let fx: Fixture;
let user: string;

beforeAll(async () => {
  fx = await startFixture();
  user = await fx.connection('user');
});
afterAll(() => fx.close());

function rawState(serial: number, outputs: Record<string, { value: unknown; sensitive?: boolean }>): Buffer {
  return Buffer.from(
    JSON.stringify({
      version: 4,
      terraform_version: '1.9.8',
      serial,
      lineage: 'sandbox-lineage',
      outputs: Object.fromEntries(Object.entries(outputs).map(([name, o]) => [name, { value: o.value, type: 'string', ...(o.sensitive ? { sensitive: true } : {}) }])),
      resources: [],
    }),
  );
}

describe('stateVersions.outputs', () => {
  it('lists outputs by name with values, and withholds the value of a sensitive output', async () => {
    const bytes = rawState(60, { url: { value: 'https://app.example' }, db_password: { value: 'hunter2-secret', sensitive: true } });
    const version = await fx.call('stateVersions.upload', {
      connectionId: user,
      workspaceId: fx.wsId('sandbox'),
      source: { kind: 'content', fileName: 'terraform.tfstate', base64: bytes.toString('base64') },
      transferId: 'outputs-upload',
    });
    const outputs = await fx.call('stateVersions.outputs', { connectionId: user, stateVersionId: version.id });
    expect(outputs).toEqual([
      { name: 'db_password', type: '"string"', sensitive: true },
      { name: 'url', type: '"string"', sensitive: false, value: 'https://app.example' },
    ]);
    expect(JSON.stringify(outputs)).not.toContain('hunter2');
  });

  it('refuses an id that is not a state version id, naming the field', async () => {
    const error = await fx.fail('stateVersions.outputs', { connectionId: user, stateVersionId: 'ws-nope' });
    expect(error.code).toBe('invalid_input');
    expect(error.message).toMatch(/stateVersionId/);
  });
});
