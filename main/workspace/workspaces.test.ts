// Workspaces and projects through the service against the simulator: detail, safe delete refused with the
// reason, force delete behind a typed confirmation, the all-or-nothing move naming refused workspaces,
// input rules refused with the field named, and a cluster connection refused.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFixture, type Fixture } from './test-fixture';

let fx: Fixture;
let user: string;

beforeAll(async () => {
  fx = await startFixture();
  user = await fx.connection('user');
});
afterAll(() => fx.close());

describe('workspaces', () => {
  it('reads the detail with project, current state version and who holds the lock', async () => {
    const detail = await fx.call('workspaces.read', { connectionId: user, workspaceId: fx.wsId('app-staging') });
    expect(detail.source).toBe('live');
    expect(detail.value.project?.attributes.name).toBeTypeOf('string');
    expect(detail.value.currentStateVersion?.type).toBe('state-versions');
    expect(detail.value.lockedBy).toMatchObject({ type: 'users', username: 'jordan-ops' });
  });

  it('explains a refused safe delete: the workspace still manages resources', async () => {
    const workspaceId = fx.wsId('networking-prod');
    const count = fx.sim.workspace.store.workspaceNamed('networking-prod')!;
    const error = await fx.fail('workspaces.safeDelete', { connectionId: user, workspaceId });
    expect(error.code).toBe('conflict');
    expect(error.status).toBe(409);
    expect(error.message).toMatch(/ws networking-prod \(ws-\w+\) still manages \d+ resources?; destroy them first or force-delete/);
    expect(fx.sim.workspace.store.workspaceNamed('networking-prod')).toBe(count);
  });

  it('force-deletes only when the workspace name is typed, and drops it from the held list', async () => {
    const workspaceId = fx.wsId('networking-prod');
    const before = await fx.call('workspaces.query', { connectionId: user, offset: 0, limit: 50 });
    expect(before.rows.some((row) => row.id === workspaceId)).toBe(true);
    const missing = await fx.fail('workspaces.forceDelete', { connectionId: user, workspaceId });
    expect(missing.code).toBe('invalid_input');
    expect(missing.message).toMatch(/confirm is required: type the workspace name to confirm/);
    const wrong = await fx.fail('workspaces.forceDelete', { connectionId: user, workspaceId, confirm: 'networking-pro' });
    expect(wrong.code).toBe('invalid_input');
    expect(fx.sim.workspace.store.workspaceNamed('networking-prod')).toBeDefined();
    await fx.call('workspaces.forceDelete', { connectionId: user, workspaceId, confirm: 'networking-prod' });
    expect(fx.sim.workspace.store.workspaceNamed('networking-prod')).toBeUndefined();
    const after = await fx.call('workspaces.query', { connectionId: user, offset: 0, limit: 50 });
    expect(after.total).toBe(before.total - 1);
  });

  it('safe-deletes a workspace that manages nothing', async () => {
    const created = await fx.call('workspaces.create', { connectionId: user, attributes: { name: 'short-lived', 'execution-mode': 'local' } });
    await fx.call('workspaces.safeDelete', { connectionId: user, workspaceId: created.id });
    expect(fx.sim.workspace.store.workspaceNamed('short-lived')).toBeUndefined();
  });

  it('refuses settings that break the spec rules, naming the field, before anything is sent', async () => {
    const workspaceId = fx.wsId('sandbox');
    const requests = fx.sim.workspace.store.workspaceNamed('sandbox')!.updatedAt;
    const pool = await fx.fail('workspaces.update', { connectionId: user, workspaceId, attributes: { 'execution-mode': 'remote', 'agent-pool-id': 'apool-abc' } });
    expect(pool.message).toMatch(/attributes\.agent-pool-id is forbidden when execution-mode is remote or local or operations is true/);
    const both = await fx.fail('workspaces.update', { connectionId: user, workspaceId, attributes: { 'execution-mode': 'local', operations: false } });
    expect(both.message).toMatch(/attributes\.operations is deprecated/);
    const needsPool = await fx.fail('workspaces.create', { connectionId: user, attributes: { name: 'agent-ws', 'execution-mode': 'agent' } });
    expect(needsPool.message).toMatch(/attributes\.agent-pool-id is required when execution-mode is agent/);
    const badName = await fx.fail('workspaces.create', { connectionId: user, attributes: { name: 'has space' } });
    expect(badName.message).toMatch(/attributes\.name may contain only letters, numbers/);
    const duration = await fx.fail('workspaces.update', { connectionId: user, workspaceId, attributes: { 'auto-destroy-activity-duration': '0d' } });
    expect(duration.message).toMatch(/auto-destroy-activity-duration must be up to four digits above 0/);
    const patterns = await fx.fail('workspaces.update', { connectionId: user, workspaceId, attributes: { 'trigger-patterns': 'modules/**' } });
    expect(patterns.message).toMatch(/trigger-patterns must be a list of strings/);
    expect(fx.sim.workspace.store.workspaceNamed('sandbox')!.updatedAt).toBe(requests);
    // `operations` alone is deprecated but still accepted.
    const updated = await fx.call('workspaces.update', { connectionId: user, workspaceId, attributes: { 'trigger-prefixes': ['modules/'], 'auto-destroy-activity-duration': '12h' } });
    expect(updated.attributes['trigger-prefixes']).toEqual(['modules/']);
  });

  it('refuses a cluster connection for workspace methods', async () => {
    const cluster = await fx.connections.create({ kind: 'cluster', name: 'c', address: fx.sim.url, namespace: 'default' });
    const error = await fx.fail('workspaces.read', { connectionId: cluster.profile.id, workspaceId: fx.wsId('sandbox') });
    expect(error.code).toBe('invalid_input');
    expect(error.message).toMatch(/is a cluster connection/);
  });
});

describe('projects', () => {
  it('checks the project rules: name 3-40 allowed characters, no edge spaces, description and duration', async () => {
    const cases: Array<[Record<string, unknown>, RegExp]> = [
      [{ name: 'ab' }, /name must be at least 3 characters/],
      [{ name: ' padded' }, /name must not start or end with a space/],
      [{ name: 'bad/name' }, /name may contain only letters, numbers, spaces/],
      [{ name: 'good name', description: 'x'.repeat(257) }, /description must be at most 256 characters/],
      [{ name: 'good name', autoDestroyActivityDuration: '12345d' }, /autoDestroyActivityDuration must be up to four digits/],
    ];
    for (const [fields, message] of cases) {
      const error = await fx.fail('projects.create', { connectionId: user, ...fields });
      expect(error.code).toBe('invalid_input');
      expect(error.message).toMatch(message);
    }
    const created = await fx.call('projects.create', { connectionId: user, name: 'Ops tools_2', autoDestroyActivityDuration: '14d' });
    expect(created.attributes.name).toBe('Ops tools_2');
  });

  it('moves workspaces all-or-nothing; a refusal names each workspace concerned and moves none', async () => {
    const project = (await fx.call('projects.list', { connectionId: user, names: ['platform'] })).value.items[0];
    const sandbox = fx.wsId('sandbox');
    const projectBefore = fx.sim.workspace.store.workspaceNamed('sandbox')!.projectId;
    const error = await fx.fail('projects.moveWorkspaces', { connectionId: user, projectId: project.id, workspaceIds: [sandbox, 'ws-doesnotexist0000'] });
    expect(error.code).toBe('forbidden');
    expect(error.message).toMatch(/no workspace was moved/);
    expect(error.message).toContain('ws-doesnotexist0000');
    expect(error.details).toMatchObject({ workspaces: [{ id: 'ws-doesnotexist0000', name: null }] });
    expect(fx.sim.workspace.store.workspaceNamed('sandbox')!.projectId).toBe(projectBefore);

    await fx.call('projects.moveWorkspaces', { connectionId: user, projectId: project.id, workspaceIds: [sandbox] });
    const window = await fx.call('workspaces.query', { connectionId: user, facets: { project: [project.id] }, offset: 0, limit: 50 });
    expect(window.rows.find((row) => row.id === sandbox)).toMatchObject({ projectId: project.id, projectName: 'platform' });
  });
});

describe('connection changes', () => {
  it('drops the client and the held list when the connection token changes', async () => {
    const created = await fx.connections.create({ kind: 'workspace', name: 'switching', baseUrl: fx.sim.url, organization: fx.sim.organization, token: fx.sim.workspace.tokens.user });
    const connectionId = created.profile.id;
    await fx.call('workspaces.query', { connectionId, offset: 0, limit: 10 });
    expect(fx.datasets.existing(connectionId, 'workspaces')).toBeDefined();
    await fx.connections.setToken(connectionId, fx.sim.workspace.tokens.readOnly);
    expect(fx.datasets.existing(connectionId, 'workspaces')).toBeUndefined();
    // The next query fills again with the new token, which sees only one project's workspaces.
    await fx.call('workspaces.query', { connectionId, offset: 0, limit: 50 });
    await new Promise<void>((resolve) => {
      const check = (): void => {
        if (fx.datasets.existing(connectionId, 'workspaces')?.loading !== false) return;
        stop();
        resolve();
      };
      const stop = fx.datasets.listen(connectionId, check);
      check();
    });
    const after = await fx.call('workspaces.query', { connectionId, offset: 0, limit: 50 });
    expect(after.total).toBeLessThan(fx.sim.workspace.store.workspaces.size);
    expect(after.total).toBeGreaterThan(0);
  });
});
