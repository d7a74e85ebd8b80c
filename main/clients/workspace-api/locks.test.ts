// Lock, unlock and force-unlock against the simulator over HTTP (workspace-api.md, Workspace lock).
import { describe, expect, it } from 'vitest';
import type { Simulator } from '../../../sim/index';
import { clientFor, failure, md5, rawState, simPerFile, workspaceId } from './sim-fixture';
import type { WorkspaceClient } from './workspace-client';

let sim: Simulator;
let client: WorkspaceClient;
simPerFile((started, startedClient) => {
  sim = started;
  client = startedClient;
});

describe('workspace lock', () => {
  it('locks with a reason, refuses a second lock with 409, and unlocks', async () => {
    const id = workspaceId(sim, 'sandbox');
    const locked = await client.locks.lock(id, 'testing the lock');
    expect(locked.attributes.locked).toBe(true);
    expect(locked.attributes['locked-reason']).toBe('testing the lock');

    const again = await failure(client.locks.lock(id));
    expect(again.code).toBe('conflict');
    expect(again.status).toBe(409);
    expect(again.message).toMatch(/already locked/);

    const unlocked = await client.locks.unlock(id);
    expect(unlocked.attributes.locked).toBe(false);
  });

  it('refuses to unlock a workspace that is not locked (409)', async () => {
    const error = await failure(client.locks.unlock(workspaceId(sim, 'billing-agent')));
    expect(error.code).toBe('conflict');
    expect(error.message).toMatch(/already unlocked/);
  });

  it('refuses to unlock a workspace locked by another user, and says what to do', async () => {
    const error = await failure(client.locks.unlock(workspaceId(sim, 'app-staging')));
    expect(error.code).toBe('conflict');
    expect(error.message).toMatch(/locked by another user/);
    expect(error.message).toMatch(/force-unlock/);
  });

  it('force-unlocks another user’s lock, then answers 409 when already unlocked', async () => {
    const id = workspaceId(sim, 'app-staging');
    const unlocked = await client.locks.forceUnlock(id);
    expect(unlocked.attributes.locked).toBe(false);
    const error = await failure(client.locks.forceUnlock(id));
    expect(error.code).toBe('conflict');
  });

  it('answers not_found for a workspace this token may not see', async () => {
    const error = await failure(clientFor(sim, 'readOnly').locks.lock(workspaceId(sim, 'sandbox')));
    expect(error.code).toBe('not_found');
    expect(error.message).toMatch(/not found, or this token may not see it|not authorized/);
  });

  it('retries the unlock while the latest state version is pending (503), reporting each wait', async () => {
    const id = workspaceId(sim, 'analytics-etl');
    await client.locks.lock(id, 'state upload');
    const current = await client.stateVersions.current(id);
    const raw = rawState(current.attributes.serial + 1, sim.workspace.store.stateVersions.get(current.id)!.lineage);
    const pending = await client.stateVersions.create(id, { serial: current.attributes.serial + 1, md5: md5(raw) });
    expect(pending.attributes.status).toBe('pending');

    const retries: string[] = [];
    const unlocked = await client.locks.unlock(id, {
      initialDelayMs: 10,
      onRetry: async ({ reason, attempt }) => {
        retries.push(reason);
        // The upload lands during the first wait, as a CLI finishing its upload would.
        if (attempt === 1) await client.stateVersions.uploadContent(pending.id, raw);
      },
    });
    expect(retries[0]).toMatch(/waiting for the latest state version to finalize/);
    expect(unlocked.attributes.locked).toBe(false);
    expect((await client.stateVersions.current(id)).id).toBe(pending.id);
  });

  it('gives up on 503 after the bounded attempts with a retryable error', async () => {
    const id = workspaceId(sim, 'sandbox');
    await client.locks.lock(id);
    const raw = rawState(1, 'lineage-for-503');
    await client.stateVersions.create(id, { serial: 1, md5: md5(raw), lineage: 'lineage-for-503' });
    let calls = 0;
    const error = await failure(client.locks.unlock(id, { maxAttempts: 2, initialDelayMs: 1, maxDelayMs: 1, onRetry: () => void calls++ }));
    expect(calls).toBe(1);
    expect(error.status).toBe(503);
    expect((error.details as { retryable: boolean }).retryable).toBe(true);
    await client.locks.forceUnlock(id);
  });
});
