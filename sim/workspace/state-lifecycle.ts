// Moves of the state version status machine shared by create, upload and rollback
// (workspace-api.md, States and transitions: State version status).
import { conflict, ApiError, unprocessable } from './jsonapi';
import type { StateVersion, Workspace } from './model';
import { md5Hex, parseRawState } from './state-content';
import type { Store } from './store';

/** A pending version superseded by a newer one before its upload is discarded, and its URLs die with it. */
export function supersedePending(store: Store, workspace: Workspace): void {
  for (const version of store.stateVersionsOf(workspace)) {
    if (version.status !== 'pending') continue;
    version.status = 'discarded';
    store.consumeUploadUrl(version.uploadUrls.raw);
    store.consumeUploadUrl(version.uploadUrls.json);
    version.uploadUrls = { raw: null, json: null };
  }
}

export function refuseDuplicateSerial(store: Store, workspace: Workspace, serial: number): void {
  const clash = store.stateVersionsOf(workspace).find((version) => version.serial === serial && version.status !== 'discarded');
  if (clash) throw conflict(`state version ${clash.id} of workspace ${workspace.id} already has serial ${serial}; a new state version needs a new serial`);
}

/**
 * Checks raw state bytes against what the creator declared: unreadable state is a 422, a serial, lineage or
 * MD5 that contradicts the bytes is a 412 precondition failure (README: state version validation).
 */
export function checkRawState(raw: Buffer, declared: { serial: number; md5: string; lineage: string | null }): void {
  const parsed = parseRawState(raw);
  if (!parsed) throw unprocessable('state must be engine state JSON with an integer "serial" and a string "lineage"');
  if (parsed.serial !== declared.serial) throw new ApiError(412, 'precondition failed', `serial ${declared.serial} does not match the serial inside the state (${parsed.serial})`);
  if (declared.lineage && parsed.lineage !== declared.lineage) throw new ApiError(412, 'precondition failed', `lineage "${declared.lineage}" does not match the lineage inside the state ("${parsed.lineage}")`);
  const actual = md5Hex(raw);
  if (actual !== declared.md5.toLowerCase()) throw new ApiError(412, 'precondition failed', `md5 ${declared.md5} does not match the MD5 of the state content (${actual})`);
}

/** Content arrived: the version is finalized, becomes current unless intermediate, and processing starts. */
export function finalize(store: Store, workspace: Workspace, version: StateVersion, raw: Buffer, json: Buffer | null): void {
  version.content = { raw, json: json ?? version.pendingJson };
  version.pendingJson = null;
  version.status = 'finalized';
  version.lineage = parseRawState(raw)?.lineage ?? version.lineage;
  if (!version.intermediate) {
    workspace.currentStateVersionId = version.id;
    workspace.latestChangeAt = Date.now();
  }
  store.scheduleProcessing(version);
}

const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

/** Strict Base64 (standard alphabet, padded); anything else is a 422 naming the attribute. */
export function decodeBase64(value: string, where: string): Buffer {
  const compact = value.replace(/\s+/g, '');
  if (compact.length % 4 !== 0 || !BASE64.test(compact)) throw unprocessable(`${where} must be Base64-encoded`);
  return Buffer.from(compact, 'base64');
}
