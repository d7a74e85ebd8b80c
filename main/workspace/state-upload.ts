// Uploading a new state from a file, as one guarded sequence: read serial and lineage from the raw state and
// compute its MD5; lock unless the lock is already ours; create the version; upload the content; wait for
// `finalized`; unlock if we locked. On failure the lock we took is released and the error names the failed step
// (workspace-api.md, State versions: Create and Upload).
import { createHash } from 'node:crypto';
import { setTimeout as delay } from 'node:timers/promises';
import type { StateVersion, TransferProgress } from '../contract';
import { HostError } from '../host/host-error';
import type { Logger } from '../host/logger';
import { lockHolder, lockWorkspace, unlockWorkspace } from './locks';
import type { Organization } from './organizations';

export type UploadStep = 'reading' | 'locking' | 'creating' | 'uploading' | 'finalizing' | 'unlocking';
type Report = (phase: TransferProgress['phase'], bytes: number, total: number | null, message?: string) => void;

/** Finalization is normally immediate after upload; this bounds the wait to about half a minute. */
const FINALIZE_DELAYS_MS = [100, 200, 400, 800, 1600, 2000, 2000, 2000, 2000, 2000, 2000, 2000, 2000, 2000, 2000, 2000, 2000];

export interface RawStateFacts {
  serial: number;
  lineage: string;
  md5: string;
}

/** Serial and lineage as the raw state file states them; JSON state (`show -json`) cannot be uploaded as state. */
export function readRawState(bytes: Buffer, fileName: string): RawStateFacts {
  let parsed: unknown;
  try {
    parsed = JSON.parse(bytes.toString('utf8'));
  } catch {
    throw new HostError('invalid_input', `${fileName} is not a state file: it is not JSON. Choose the raw state file (.tfstate).`);
  }
  const state = (parsed && typeof parsed === 'object' ? parsed : {}) as Record<string, unknown>;
  if (typeof state.format_version === 'string' && 'values' in state) {
    throw new HostError('invalid_input', `${fileName} is JSON state (the output of "show -json"), not raw state. Upload the raw state file (.tfstate).`);
  }
  if (!Number.isInteger(state.serial) || typeof state.lineage !== 'string' || state.lineage === '') {
    throw new HostError('invalid_input', `${fileName} is not a raw state file: it has no integer "serial" and "lineage". Choose the raw state file (.tfstate).`);
  }
  return { serial: state.serial as number, lineage: state.lineage, md5: createHash('md5').update(bytes).digest('hex') };
}

export interface UploadOptions {
  /** Test seam: declare a different MD5 than the content's, to exercise the service's mismatch answer. */
  declaredMd5?: string;
}

export async function uploadState(
  organization: Organization,
  workspaceId: string,
  content: { bytes: Buffer; fileName: string },
  report: Report,
  log: Logger,
  options: UploadOptions = {},
): Promise<StateVersion> {
  const { client } = organization;
  const total = content.bytes.length;
  let step: UploadStep = 'reading';
  let weLocked = false;
  let name = workspaceId;
  let holder: string | null = null;
  try {
    const facts = readRawState(content.bytes, content.fileName);
    const lock = await lockHolder(organization, workspaceId);
    name = lock.workspace.attributes.name;
    if (!lock.locked) {
      step = 'locking';
      report('locking', 0, total);
      await lockWorkspace(organization, workspaceId, 'Quarterdeck: uploading a new state version');
      weLocked = true;
    } else if (organization.selfUserId !== null && !lock.heldBySelf) {
      throw new HostError('conflict', `the workspace is locked by ${lock.holder ?? 'another user'}; only the holder of the lock can change its state. Ask them to unlock it.`);
    } else {
      holder = lock.holder;
    }

    step = 'creating';
    report('creating', 0, total);
    const pending = await client.stateVersions.create(workspaceId, { serial: facts.serial, lineage: facts.lineage, md5: options.declaredMd5 ?? facts.md5 });

    step = 'uploading';
    report('uploading', 0, total);
    await client.stateVersions.uploadContent(pending.id, content.bytes);
    report('uploading', total, total);

    step = 'finalizing';
    report('finalizing', total, total);
    const finalized = await waitFinalized(organization, pending.id);

    if (weLocked) {
      step = 'unlocking';
      report('unlocking', total, total);
      await unlockWorkspace(organization, workspaceId, log);
      weLocked = false;
    }
    report('done', total, total);
    return finalized;
  } catch (error) {
    const released = weLocked ? await releaseOurLock(organization, workspaceId, log) : null;
    const cause = error instanceof HostError ? error : new HostError('internal', (error as Error).message);
    const lockNote =
      released === null
        ? holder && step === 'creating' && cause.status === 409
          ? ` The workspace is locked by ${holder}, and only the holder of the lock can write state.`
          : ''
        : released === true
          ? ' The lock taken for the upload was released.'
          : ` The workspace is still locked by you: ${released}`;
    const message = `State upload to workspace "${name}" failed at the ${step} step. ${cause.message}${lockNote}`;
    report('failed', 0, total, message);
    throw new HostError(cause.code, message, { status: cause.status, detail: cause.detail, details: { step, cause: cause.details ?? null } });
  }
}

async function waitFinalized(organization: Organization, stateVersionId: string): Promise<StateVersion> {
  for (const wait of [0, ...FINALIZE_DELAYS_MS]) {
    if (wait) await delay(wait);
    const version = await organization.client.stateVersions.show(stateVersionId);
    const status = version.attributes.status;
    if (status === 'finalized' || status === 'uploaded') return version;
    if (status !== 'pending') throw new HostError('conflict', `state version ${stateVersionId} became ${status} instead of finalized; a newer version may have superseded it.`);
  }
  throw new HostError('timeout', `state version ${stateVersionId} was still pending after about 30 seconds; check it in the state version list.`);
}

/**
 * Releases the lock this upload took. A plain unlock answers 503 for as long as our failed version is pending
 * (workspace-api.md, Workspace lock), so it falls back to force-unlock: the lock is ours, nobody else's is broken.
 * Returns true, or the reason it stays locked.
 */
async function releaseOurLock(organization: Organization, workspaceId: string, log: Logger): Promise<true | string> {
  try {
    await organization.client.locks.unlock(workspaceId, { maxAttempts: 1 });
    return true;
  } catch (error) {
    if (!(error instanceof HostError) || error.status !== 503) return error instanceof HostError ? error.message : 'the unlock failed.';
  }
  try {
    await organization.client.locks.forceUnlock(workspaceId);
    log.info('released our own lock with force-unlock after a failed upload', { workspaceId });
    return true;
  } catch (error) {
    return `${error instanceof HostError ? error.message : 'the unlock failed.'} Unlock it from the workspace page once the pending version is gone.`;
  }
}
