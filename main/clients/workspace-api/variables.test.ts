// Variables against the simulator; a sensitive value never comes back (workspace-api.md, Variable).
import { describe, expect, it } from 'vitest';
import type { Simulator } from '../../../sim/index';
import type { Variable } from '../../contract/workspace-models';
import { clientFor, failure, simPerFile, workspaceId } from './sim-fixture';
import { withoutSensitiveValue } from './variables';
import type { WorkspaceClient } from './workspace-client';

let sim: Simulator;
let client: WorkspaceClient;
simPerFile((started, startedClient) => {
  sim = started;
  client = startedClient;
});

describe('variables', () => {
  it('creates, lists, updates and deletes a variable', async () => {
    const id = workspaceId(sim, 'sandbox');
    const created = await client.variables.create(id, { key: 'ci_region', value: 'eu-west-1', category: 'engine', description: 'where' });
    expect(created.attributes).toMatchObject({ key: 'ci_region', value: 'eu-west-1', category: 'engine', hcl: false, sensitive: false });
    expect((await client.variables.list(id)).map((v) => v.id)).toContain(created.id);
    const updated = await client.variables.update(id, created.id, { value: 'us-east-1' });
    expect(updated.attributes.value).toBe('us-east-1');
    expect(updated.attributes.description).toBe('where');
    await client.variables.delete(id, created.id);
    expect((await client.variables.list(id)).map((v) => v.id)).not.toContain(created.id);
  });

  it('never returns the value of a sensitive variable, on create, list or update', async () => {
    const id = workspaceId(sim, 'billing-agent');
    const secret = 'hunter2-very-secret';
    const created = await client.variables.create(id, { key: 'db_password', value: secret, category: 'env', sensitive: true });
    expect(created.attributes.value).toBeNull();
    const listed = await client.variables.list(id);
    expect(JSON.stringify(listed)).not.toContain(secret);
    expect(listed.find((v) => v.id === created.id)?.attributes.value).toBeNull();
    const updated = await client.variables.update(id, created.id, { description: 'rotated' });
    expect(updated.attributes.value).toBeNull();
  });

  it('enforces the rule even if a server echoed a sensitive value', () => {
    const echoed: Variable = { id: 'var-1', type: 'vars', attributes: { key: 'k', value: 'leak', description: '', category: 'env', hcl: false, sensitive: true } };
    expect(withoutSensitiveValue(echoed).attributes.value).toBeNull();
  });

  it('refuses a duplicate key with invalid_input, and writes by a reader with not_found', async () => {
    const id = workspaceId(sim, 'networking-prod');
    await client.variables.create(id, { key: 'dup', value: '1', category: 'env' });
    const dup = await failure(client.variables.create(id, { key: 'dup', value: '2', category: 'env' }));
    expect(dup.code).toBe('invalid_input');
    expect(dup.detail).toMatch(/already exists/);
    const reader = clientFor(sim, 'readOnly');
    const refused = await failure(reader.variables.create(id, { key: 'nope', category: 'env' }));
    expect(refused.code).toBe('not_found');
    reader.close();
  });
});
