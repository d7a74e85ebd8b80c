// Workspace relationship endpoints against the simulator: remote state consumers, tags, tag bindings,
// effective tag bindings, data retention policy and SSH key.
import { describe, expect, it } from 'vitest';
import type { Simulator } from '../../../sim/index';
import { clientFor, failure, simPerFile, workspaceId } from './sim-fixture';
import type { WorkspaceClient } from './workspace-client';

let sim: Simulator;
let client: WorkspaceClient;
simPerFile((started, startedClient) => {
  sim = started;
  client = startedClient;
});

const names = (items: { attributes: { name: string } }[]) => items.map((item) => item.attributes.name).sort();

describe('remote state consumers', () => {
  it('adds, lists, replaces and deletes consumers', async () => {
    const subject = workspaceId(sim, 'networking-prod');
    expect(names((await client.relationships.listRemoteStateConsumers(subject)).items)).toEqual(['app-staging']);
    await client.relationships.addRemoteStateConsumers(subject, [workspaceId(sim, 'sandbox')]);
    expect(names((await client.relationships.listAllRemoteStateConsumers(subject)).items)).toEqual(['app-staging', 'sandbox']);
    await client.relationships.replaceRemoteStateConsumers(subject, [workspaceId(sim, 'billing-agent')]);
    expect(names((await client.relationships.listRemoteStateConsumers(subject)).items)).toEqual(['billing-agent']);
    await client.relationships.deleteRemoteStateConsumers(subject, [workspaceId(sim, 'billing-agent')]);
    expect((await client.relationships.listRemoteStateConsumers(subject)).items).toEqual([]);
  });

  it('lists every other workspace when global remote state is on', async () => {
    const page = await client.relationships.listRemoteStateConsumers(workspaceId(sim, 'analytics-etl'));
    expect(page.pagination.totalCount).toBe(sim.workspace.store.workspaces.size - 1);
  });

  it('refuses a workspace as its own consumer', async () => {
    const id = workspaceId(sim, 'sandbox');
    const error = await failure(client.relationships.addRemoteStateConsumers(id, [id]));
    expect(error.code).toBe('invalid_input');
  });
});

describe('tags and tag bindings', () => {
  it('adds, lists and removes flat tags', async () => {
    const id = workspaceId(sim, 'sandbox');
    await client.relationships.addTags(id, [{ name: 'ci' }, { name: 'ephemeral' }]);
    const tags = await client.relationships.listTags(id);
    expect(names(tags.items)).toEqual(['ci', 'ephemeral']);
    await client.relationships.removeTags(id, [{ id: tags.items.find((t) => t.attributes.name === 'ci')!.id }]);
    expect(names((await client.relationships.listTags(id)).items)).toEqual(['ephemeral']);
  });

  it('lists tag bindings and effective bindings inherited from the project', async () => {
    const id = workspaceId(sim, 'networking-prod');
    const own = await client.relationships.listTagBindings(id);
    expect(own.map((b) => `${b.attributes.key}=${b.attributes.value}`)).toEqual(['env=prod']);
    const effective = await client.relationships.listEffectiveTagBindings(id);
    expect(effective.map((b) => `${b.attributes.key}=${b.attributes.value}`).sort()).toEqual(['env=prod', 'team=platform']);
    const inherited = effective.find((b) => b.attributes.key === 'team');
    expect(inherited?.links?.['inherited-from']).toMatchObject({ type: 'projects' });
  });

  it('refuses tag changes from a token that may not manage tags', async () => {
    const team = clientFor(sim, 'team');
    const error = await failure(team.relationships.addTags(workspaceId(sim, 'sandbox'), [{ name: 'nope' }]));
    expect(error.code).toBe('not_found');
    team.close();
  });
});

describe('data retention policy', () => {
  it('shows none, sets delete-older and dont-delete policies, and removes them', async () => {
    const id = workspaceId(sim, 'app-staging');
    expect(await client.relationships.showDataRetentionPolicy(id)).toBeNull();
    const older = await client.relationships.setDataRetentionPolicy(id, { kind: 'delete-older', deleteOlderThanNDays: 30 });
    expect(older.type).toBe('data-retention-policy-delete-olders');
    expect(older.attributes['delete-older-than-n-days']).toBe(30);
    expect((await client.relationships.showDataRetentionPolicy(id))?.id).toBe(older.id);
    const keep = await client.relationships.setDataRetentionPolicy(id, { kind: 'dont-delete' });
    expect(keep.type).toBe('data-retention-policy-dont-deletes');
    await client.relationships.removeDataRetentionPolicy(id);
    expect(await client.relationships.showDataRetentionPolicy(id)).toBeNull();
  });
});

describe('SSH key', () => {
  it('assigns and unassigns a key; an unknown key is invalid input', async () => {
    const id = workspaceId(sim, 'networking-prod');
    const key = [...sim.workspace.store.sshKeys][0];
    const assigned = await client.relationships.setSshKey(id, key);
    expect(assigned.relationships?.['ssh-key']?.data).toMatchObject({ id: key, type: 'ssh-keys' });
    const cleared = await client.relationships.setSshKey(id, null);
    expect(cleared.relationships?.['ssh-key']?.data).toBeNull();
    expect((await failure(client.relationships.setSshKey(id, 'sshkey-unknown0000'))).code).toBe('invalid_input');
  });
});
