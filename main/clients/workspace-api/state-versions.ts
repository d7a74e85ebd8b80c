// State versions: create, upload content, list, current, show, roll back, the three backing-data actions and
// download (workspace-api.md, State versions). Capability URLs (`hosted-*-url`) carry no auth header: whoever
// holds one can read or overwrite state, so every document leaving this module is passed through
// `redactPayload` (design.md, invariant 2). Only `stateVersionUrls` returns them, for main's own use.
import { createHash } from 'node:crypto';
import type { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { HostError } from '../../host/host-error';
import { redactPayload } from '../../redaction/redact-payload';
import { seg, type ApiCore, type ApiRequest } from './client';
import { errorFromResponse } from './errors';
import type { Page } from './jsonapi';
import type { StateVersion, StateVersionInput, StateVersionStatusFilter, StateVersionUrls, Workspace } from '../../contract/workspace-models';
import { fetchAllPages, fetchPage, type AllPages, type FetchAllOptions, type PageOptions } from './pagination';
import { singleDocument, stateVersionSchema, workspaceSchema } from './schemas';

export const ORGANIZATION_TOKEN_REFUSED =
  'State versions can only be created with a user or team token; this connection uses an organization token. Use a user or team token to change state.';

const redacted = (version: unknown): StateVersion => redactPayload(version) as StateVersion;
const b64 = (bytes: Uint8Array | undefined): string | undefined => (bytes ? Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('base64') : undefined);

export interface StateVersionListQuery {
  workspaceName: string;
  status?: StateVersionStatusFilter;
}

export interface DownloadResult {
  bytes: number;
}

export class StateVersionsApi {
  constructor(private readonly core: ApiCore) {}

  /**
   * Creates a state version. The workspace must be locked by this token's user. Without `state`, upload the
   * content with `uploadContent`; the workspace cannot be unlocked normally until then.
   */
  async create(workspaceId: string, input: StateVersionInput): Promise<StateVersion> {
    if (input.state && createHash('md5').update(input.state).digest('hex') !== input.md5.toLowerCase()) {
      throw new HostError('invalid_input', `Creating a state version in ${workspaceId} failed: the MD5 given does not match the state content. Compute it from the exact bytes sent.`);
    }
    const attributes: Record<string, unknown> = { serial: input.serial, md5: input.md5 };
    if (input.lineage !== undefined) attributes.lineage = input.lineage;
    if (input.state) attributes.state = b64(input.state);
    if (input.jsonState) attributes['json-state'] = b64(input.jsonState);
    if (input.jsonStateOutputs) attributes['json-state-outputs'] = b64(input.jsonStateOutputs);
    const data: Record<string, unknown> = { type: 'state-versions', attributes };
    if (input.runId) data.relationships = { run: { data: { type: 'runs', id: input.runId } } };
    const req: ApiRequest = {
      method: 'POST',
      path: `/workspaces/${seg(workspaceId)}/state-versions`,
      body: { data },
      what: `Creating a state version in workspace ${workspaceId}`,
      advice: {
        409: 'Lock the workspace with this token first; only the holder of the lock can change its state, and the serial must be new.',
        412: 'The serial, lineage or MD5 does not match the state content; check them.',
      },
    };
    return this.writeState(req, workspaceId);
  }

  /** Duplicates `targetId` as a new current state version (workspace-api.md, States and transitions). */
  async rollback(workspaceId: string, targetId: string): Promise<StateVersion> {
    const req: ApiRequest = {
      method: 'PATCH',
      path: `/workspaces/${seg(workspaceId)}/state-versions`,
      body: { data: { type: 'state-versions', relationships: { 'rollback-state-version': { data: { type: 'state-versions', id: targetId } } } } },
      what: `Rolling workspace ${workspaceId} back to state version ${targetId}`,
      advice: { 409: 'Lock the workspace with this token first; only the holder of the lock can roll its state back.' },
    };
    return this.writeState(req, workspaceId);
  }

  /**
   * Uploads content to a pending state version: PUT to its one-shot upload URL as application/octet-stream,
   * without the Authorization header (the URL is the credential).
   */
  async uploadContent(stateVersionId: string, bytes: Buffer, kind: 'raw' | 'json' = 'raw', signal?: AbortSignal): Promise<void> {
    const urls = await this.stateVersionUrls(stateVersionId);
    const url = kind === 'raw' ? urls.rawUpload : urls.jsonUpload;
    const what = `Uploading ${kind === 'raw' ? 'state' : 'JSON state'} content for ${stateVersionId}`;
    if (!url) throw new HostError('conflict', `${what} failed: it has no upload URL, because content was already uploaded or the version is not pending. Create a new state version instead.`);
    const response = await this.core.openCapability(url, { method: 'PUT', body: bytes, headers: { 'Content-Type': 'application/octet-stream' }, signal });
    const body = await readAll(response.body);
    if (response.status >= 400) {
      throw errorFromResponse(response.status, parseOrNull(body), {
        what,
        advice: { 409: 'Upload URLs work once; create a new state version to upload again.', 422: 'The content does not match the serial, lineage or MD5 declared at creation; create a new state version with the right values.' },
      });
    }
  }

  async list(query: StateVersionListQuery, options: PageOptions = {}): Promise<Page<StateVersion>> {
    const page = await fetchPage(this.core, this.listRequest(query), stateVersionSchema, options);
    return { ...page, items: page.items.map(redacted) };
  }

  async listAll(query: StateVersionListQuery, options: FetchAllOptions<StateVersion> = {}): Promise<AllPages<StateVersion>> {
    const req = this.listRequest(query);
    return fetchAllPages(async (pageNumber, pageSize, signal) => {
      const page = await fetchPage(this.core, req, stateVersionSchema, { pageNumber, pageSize, signal });
      return { ...page, items: page.items.map(redacted) };
    }, options);
  }

  async current(workspaceId: string): Promise<StateVersion> {
    return redacted(await this.currentRaw(workspaceId));
  }

  async show(stateVersionId: string): Promise<StateVersion> {
    return redacted(await this.showRaw(stateVersionId));
  }

  /** Organization owners only; finalized, non-current versions only. */
  softDelete(stateVersionId: string, deleteOlderThanNDays?: number): Promise<StateVersion> {
    const body = deleteOlderThanNDays === undefined ? undefined : { data: { type: 'state-versions', attributes: { 'delete-older-than-n-days': deleteOlderThanNDays } } };
    return this.action(stateVersionId, 'soft_delete_backing_data', 'Soft-deleting the backing data of', body);
  }

  restore(stateVersionId: string): Promise<StateVersion> {
    return this.action(stateVersionId, 'restore_backing_data', 'Restoring the backing data of');
  }

  /** Cannot be undone; only for soft-deleted, non-current versions. */
  permanentlyDelete(stateVersionId: string): Promise<StateVersion> {
    return this.action(stateVersionId, 'permanently_delete_backing_data', 'Permanently deleting the backing data of');
  }

  /**
   * Streams the raw or JSON state to `target` (a file in main; state contents never go to the renderer).
   * The download URL is fetched fresh each time and never leaves this method.
   */
  async download(stateVersionId: string, format: 'raw' | 'json', target: Writable, signal?: AbortSignal): Promise<DownloadResult> {
    const urls = await this.stateVersionUrls(stateVersionId);
    const url = format === 'raw' ? urls.rawDownload : urls.jsonDownload;
    const what = `Downloading the ${format === 'raw' ? 'raw' : 'JSON'} state of ${stateVersionId}`;
    if (!url) {
      throw new HostError(
        'not_found',
        format === 'json'
          ? `${what} failed: there is no JSON state (it exists only for state written by engine 1.3 or later, and only once finalized).`
          : `${what} failed: the state has no content to download (it is pending, discarded or its backing data was deleted).`,
      );
    }
    const response = await this.core.openCapability(url, { method: 'GET', signal });
    if (response.status >= 400) throw errorFromResponse(response.status, parseOrNull(await readAll(response.body)), { what });
    let bytes = 0;
    response.body.on('data', (chunk: Buffer) => (bytes += chunk.length));
    await pipeline(response.body, target, { signal });
    return { bytes };
  }

  /** Main only: the capability URLs of a state version, for download and upload. Never send these to the renderer. */
  async stateVersionUrls(stateVersionId: string): Promise<StateVersionUrls> {
    const a = (await this.showRaw(stateVersionId)).attributes;
    const url = (value: unknown): string | null => (typeof value === 'string' && value !== '' ? value : null);
    return {
      rawDownload: url(a['hosted-state-download-url']),
      jsonDownload: url(a['hosted-json-state-download-url']),
      rawUpload: url(a['hosted-state-upload-url']),
      jsonUpload: url(a['hosted-json-state-upload-url']),
    };
  }

  private async showRaw(stateVersionId: string) {
    const doc = await this.core.document({ method: 'GET', path: `/state-versions/${seg(stateVersionId)}`, what: `Reading state version ${stateVersionId}` }, singleDocument(stateVersionSchema));
    return doc.data;
  }

  private async currentRaw(workspaceId: string) {
    const doc = await this.core.document(
      {
        method: 'GET',
        path: `/workspaces/${seg(workspaceId)}/current-state-version`,
        what: `Reading the current state version of workspace ${workspaceId}`,
        advice: { 404: 'The workspace may have no state yet, or this token may not see it or read its state.' },
      },
      singleDocument(stateVersionSchema),
    );
    return doc.data;
  }

  private async action(stateVersionId: string, action: string, verb: string, body?: unknown): Promise<StateVersion> {
    const doc = await this.core.document(
      {
        method: 'POST',
        path: `/state-versions/${seg(stateVersionId)}/actions/${action}`,
        body,
        what: `${verb} state version ${stateVersionId}`,
        advice: {
          400: 'The version is not in a state that allows this (soft delete needs a finalized, non-current version; restore and permanent delete need a soft-deleted one).',
          404: 'Only organization owners can manage backing data; check the id and the token.',
        },
      },
      singleDocument(stateVersionSchema),
    );
    return redacted(doc.data);
  }

  private listRequest(query: StateVersionListQuery): ApiRequest {
    const q: Record<string, string> = { 'filter[workspace][name]': query.workspaceName, 'filter[organization][name]': this.core.organization };
    if (query.status) q['filter[status]'] = query.status;
    return { method: 'GET', path: '/state-versions', query: q, what: `Listing state versions of workspace ${query.workspaceName}` };
  }

  /**
   * Create and rollback answer 404 both for a missing workspace and for a refused token kind (workspace-api.md,
   * Authentication: organization tokens are rejected). When the workspace is visible, say which it was.
   */
  private async writeState(req: ApiRequest, workspaceId: string): Promise<StateVersion> {
    try {
      const doc = await this.core.document(req, singleDocument(stateVersionSchema));
      return redacted(doc.data);
    } catch (error) {
      throw await this.explainRefusal(error, req.what, workspaceId);
    }
  }

  private async explainRefusal(error: unknown, what: string, workspaceId: string): Promise<unknown> {
    if (!(error instanceof HostError) || error.status !== 404) return error;
    const refused = (message: string) => new HostError('forbidden', `${what} failed: ${message}`, { status: 404, detail: error.detail, details: error.details });
    if (this.core.tokenKind === 'organization' || /organization token/i.test(error.detail ?? '')) return refused(ORGANIZATION_TOKEN_REFUSED);
    let workspace: Workspace;
    try {
      const doc = await this.core.document({ method: 'GET', path: `/workspaces/${seg(workspaceId)}`, what: `Reading workspace ${workspaceId}` }, singleDocument(workspaceSchema));
      workspace = doc.data as Workspace;
    } catch {
      return error; // the workspace itself is not visible: the original "not found" stands
    }
    const permissions = workspace.attributes.permissions;
    if (permissions['can-create-state-versions'] !== false) return error;
    // Administers the workspace yet may not write state: the signature of an organization token.
    if (permissions['can-update'] === true && this.core.tokenKind === undefined) return refused(ORGANIZATION_TOKEN_REFUSED);
    return refused('this token may read the workspace but not write its state. Use a user or team token with read and write access to state versions.');
  }
}

async function readAll(stream: AsyncIterable<unknown>): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

function parseOrNull(body: Buffer): unknown {
  try {
    return JSON.parse(body.toString('utf8'));
  } catch {
    return null;
  }
}
