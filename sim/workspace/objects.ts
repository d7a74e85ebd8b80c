// The object storage behind state upload and download URLs: capability URLs that carry no Authorization header
// (`PUT {upload_url}/v1/object/<object_id>`, workspace-api.md, State versions: Upload).
import type { IncomingMessage, ServerResponse } from 'node:http';
import { BodyTooLargeError, readBody } from '../http-kit';
import { ApiError, conflict, errorReply, notFound, unprocessable, writeReply, type Reply } from './jsonapi';
import { checkRawState, finalize } from './state-lifecycle';
import { OBJECT_PREFIX, type Store } from './store';

export function isObjectPath(path: string): boolean {
  return path.startsWith(OBJECT_PREFIX) && path.length > OBJECT_PREFIX.length;
}

export async function handleObject(store: Store, req: IncomingMessage, res: ServerResponse, path: string): Promise<void> {
  let reply: Reply;
  try {
    reply = await answer(store, req, path.slice(OBJECT_PREFIX.length));
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    reply = errorReply(error);
  }
  writeReply(res, reply, {});
}

async function answer(store: Store, req: IncomingMessage, objectId: string): Promise<Reply> {
  const ref = store.objects.get(objectId);
  const version = ref ? store.stateVersions.get(ref.stateVersionId) : undefined;
  if (!ref || !version) throw notFound('no such object');
  if (req.method === 'GET' && ref.mode === 'download') {
    // Soft-deleted backing data is marked for garbage collection: reads fail (workspace-api.md, State version status).
    const content = version.status === 'finalized' ? store.content(version) : null;
    const bytes = ref.kind === 'raw' ? content?.raw : content?.json;
    if (!bytes) throw notFound(`the backing data of state version ${version.id} is not available (status ${version.status})`);
    return { status: 200, body: bytes, contentType: 'application/octet-stream' };
  }
  if (req.method !== 'PUT' || ref.mode === 'download') throw new ApiError(405, 'method not allowed', `${req.method} is not allowed on this object`);
  if (ref.mode === 'used') throw conflict(`content for state version ${version.id} was already uploaded; upload URLs are usable once`);
  if (version.status === 'discarded') throw conflict(`state version ${version.id} was discarded because a newer state version superseded it`);
  const workspace = store.workspaces.get(version.workspaceId);
  if (!workspace) throw notFound('no such object');
  let bytes: Buffer;
  try {
    bytes = await readBody(req);
  } catch (error) {
    if (error instanceof BodyTooLargeError) throw new ApiError(413, 'payload too large', error.message);
    throw error;
  }
  if (ref.kind === 'raw') {
    // The declared serial, lineage and MD5 are checked against the bytes now that they exist (same rules as create).
    try {
      checkRawState(bytes, { serial: version.serial, md5: version.md5, lineage: version.lineage || null });
    } catch (error) {
      if (error instanceof ApiError && error.status === 412) throw unprocessable(error.detail);
      throw error;
    }
    ref.mode = 'used';
    version.uploadUrls = { ...version.uploadUrls, raw: null };
    finalize(store, workspace, version, bytes, null);
  } else {
    try {
      JSON.parse(bytes.toString('utf8'));
    } catch {
      throw unprocessable('JSON state must be valid JSON');
    }
    ref.mode = 'used';
    version.uploadUrls = { ...version.uploadUrls, json: null };
    if (version.content) version.content.json = bytes;
    else version.pendingJson = bytes;
  }
  return { status: 200 };
}
