// Locks through the workspace service against the simulator: lock with a reason, already locked, locked by
// another user, force-unlock confirmation, bulk lock with per-row results, and unlock waiting out a pending version.
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { clientFor, rawState } from '../clients/workspace-api/sim-fixture';
import { startFixture, type Fixture } from './test-fixture';

let fx: Fixture;
let user: string;

beforeAll(async () => {
  fx = await startFixture();
  user = await fx.connection('user');
});
afterAll(() => fx.close());

const lockedFacet = async (): Promise<string[]> => {
  const window = await fx.call('workspaces.query', { connectionId: user, facets: { locked: ['true'] }, offset: 0, limit: 100 });
  return window.rows.map((row) => row.name).sort();
};

describe('workspace locks', () => {
  it('locks with a reason and patches the held list, so the locked facet follows at once', async () => {
    expect(await lockedFacet()).toEqual(['app-staging']);
    const workspace = await fx.call('workspaces.lock', { connectionId: user, workspaceId: fx.wsId('sandbox'), reason: 'maintenance' });
    expect(workspace.attributes.locked).toBe(true);
    expect(workspace.attributes['locked-reason']).toBe('maintenance');
    expect(await lockedFacet()).toEqual(['app-staging', 'sandbox']);
    await fx.call('workspaces.unlock', { connectionId: user, workspaceId: fx.wsId('sandbox') });
    expect(await lockedFacet()).toEqual(['app-staging']);
  });

  it('explains "already locked" with who holds the lock and why', async () => {
    const error = await fx.fail('workspaces.lock', { connectionId: user, workspaceId: fx.wsId('app-staging') });
    expect(error.code).toBe('conflict');
    expect(error.status).toBe(409);
    expect(error.message).toMatch(/already locked by jordan-ops \(reason: "maintenance window"\)/);
  });

  it('refuses to unlock a workspace locked by another user, naming them', async () => {
    const error = await fx.fail('workspaces.unlock', { connectionId: user, workspaceId: fx.wsId('app-staging') });
    expect(error.code).toBe('conflict');
    expect(error.message).toMatch(/locked by jordan-ops, not by this token's user/);
    expect(error.message).toMatch(/force-unlock/);
  });

  it('force-unlocks only with the workspace name typed as confirmation', async () => {
    const workspaceId = fx.wsId('app-staging');
    const missing = await fx.fail('workspaces.forceUnlock', { connectionId: user, workspaceId });
    expect(missing.code).toBe('invalid_input');
    expect(missing.message).toMatch(/confirm is required/);
    const wrong = await fx.fail('workspaces.forceUnlock', { connectionId: user, workspaceId, confirm: 'app' });
    expect(wrong.message).toMatch(/type the workspace name "app-staging"/);
    expect(fx.sim.workspace.store.workspaceNamed('app-staging')!.locked).toBe(true);
    const unlocked = await fx.call('workspaces.forceUnlock', { connectionId: user, workspaceId, confirm: 'app-staging' });
    expect(unlocked.attributes.locked).toBe(false);
    // Put the fixture's lock back, held by the other user.
    const other = await fx.connection('otherUser');
    await fx.call('workspaces.lock', { connectionId: other, workspaceId, reason: 'maintenance window' });
  });

  it('bulk-locks a selection with one result per row; the row locked by someone else is explained', async () => {
    const names = ['networking-prod', 'app-staging', 'analytics-etl'];
    const results = await fx.call('workspaces.bulkLock', { connectionId: user, workspaceIds: names.map((name) => fx.wsId(name)), reason: 'freeze' });
    expect(results.map((row) => row.ok)).toEqual([true, false, true]);
    expect(results[1].id).toBe(fx.wsId('app-staging'));
    expect(results[1].message).toMatch(/already locked by jordan-ops/);
    const unlocked = await fx.call('workspaces.bulkUnlock', { connectionId: user, workspaceIds: names.map((name) => fx.wsId(name)) });
    expect(unlocked.map((row) => row.ok)).toEqual([true, false, true]);
    expect(unlocked[1].message).toMatch(/locked by jordan-ops/);
    expect(await lockedFacet()).toEqual(['app-staging']);
  });

  it('unlock waits out a pending state version (503), logging each retry, and succeeds once it finalizes', async () => {
    const workspaceId = fx.wsId('analytics-etl');
    await fx.call('workspaces.lock', { connectionId: user, workspaceId });
    const raw = clientFor(fx.sim, 'user');
    const bytes = rawState(77, 'etl-lineage');
    const pending = await raw.stateVersions.create(workspaceId, { serial: 77, lineage: 'etl-lineage', md5: createHash('md5').update(bytes).digest('hex') });
    const unlocking = fx.call('workspaces.unlock', { connectionId: user, workspaceId });
    await vi.waitFor(() => expect(fx.logLines.some((line) => line.message.includes('unlock waits') && line.extra?.workspaceId === workspaceId)).toBe(true), { timeout: 10_000 });
    await raw.stateVersions.uploadContent(pending.id, bytes);
    const unlocked = await unlocking;
    expect(unlocked.attributes.locked).toBe(false);
    raw.close();
  });
});
