// Test fixture: the simulator over real HTTP on 127.0.0.1 and a WorkspaceClient per token kind.
import { afterAll, beforeAll, expect } from 'vitest';
import { HostError } from '../../host/host-error';
import { startSimulator, type Simulator, type SimulatorOptions } from '../../../sim/index';
import { TokenBucket } from './rate-limiter';
import { WorkspaceClient } from './workspace-client';
import type { TokenKind } from './client';

/** The simulator's token kinds (sim/workspace/generate.ts): owners-team user, another owner, organization, writer team, reader team. */
export type SimToken = 'user' | 'otherUser' | 'organization' | 'team' | 'readOnly';

export async function startSim(options: SimulatorOptions = {}): Promise<Simulator> {
  return startSimulator({ seed: 7, ...options });
}

/** Starts the simulator and a user-token client before the file's tests, and closes both after them. */
export function simPerFile(use: (sim: Simulator, client: WorkspaceClient) => void): void {
  let sim: Simulator | undefined;
  let client: WorkspaceClient | undefined;
  beforeAll(async () => {
    sim = await startSim();
    client = clientFor(sim);
    use(sim, client);
  });
  afterAll(async () => {
    client?.close();
    await sim?.close();
  });
}

/** The HostError a call failed with; fails the test if it succeeded or threw something else. */
export async function failure(promise: Promise<unknown>): Promise<HostError> {
  const error = await promise.then(() => null, (caught: unknown) => caught);
  expect(error).toBeInstanceOf(HostError);
  return error as HostError;
}

/** A client with its own bucket, so tests never share rate-limit state through the module-wide registry. */
export function clientFor(sim: Simulator, kind: SimToken = 'user', extra: { tokenKind?: TokenKind } = {}): WorkspaceClient {
  const tokens = sim.workspace.tokens as Record<SimToken, string>;
  return new WorkspaceClient({ baseUrl: sim.url, organization: sim.organization, token: async () => tokens[kind], bucket: new TokenBucket(), ...extra });
}

// One engine-state fixture for the simulator's tests and the host's.
export { md5, rawState } from '../../../sim/workspace/test/harness';

/** Id of a fixture workspace by name. */
export function workspaceId(sim: Simulator, name: string): string {
  const found = sim.workspace.store.workspaceNamed(name);
  if (!found) throw new Error(`fixture workspace ${name} missing`);
  return found.id;
}
