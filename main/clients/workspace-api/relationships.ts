// Workspace relationship endpoints: remote state consumers, flat tags, tag bindings, effective tag bindings,
// data retention policy and SSH key (workspace-api.md, Workspaces). The spec leaves most shapes "not shown";
// bodies follow the JSON:API relationship form the service uses elsewhere (`{data: [{type, id}]}`).
import { z } from 'zod';
import { seg, type ApiCore } from './client';
import { identifiers, type Page } from './jsonapi';
import type { DataRetentionPolicy, DataRetentionPolicyInput, EffectiveTagBinding, Tag, TagBinding, Workspace } from '../../contract/workspace-models';
import { fetchAllPages, fetchPage, type AllPages, type FetchAllOptions, type PageOptions } from './pagination';
import { anyResourceSchema, effectiveTagBindingSchema, listDocument, singleDocument, tagBindingSchema, tagSchema, workspaceSchema } from './schemas';

const ws = (workspaceId: string, rest: string): string => `/workspaces/${seg(workspaceId)}${rest}`;

/** A tag is named by its name (created if new) or by the id of an existing tag. */
export type TagRef = { name: string } | { id: string };
const tagItems = (tags: readonly TagRef[]) => tags.map((tag) => ('id' in tag ? { type: 'tags', id: tag.id } : { type: 'tags', attributes: { name: tag.name } }));

const ADMIN_404 = 'Check the workspace id, and that this token has admin access to it.';

export class RelationshipsApi {
  constructor(private readonly core: ApiCore) {}

  // ---- remote state consumers ----

  /** With `global-remote-state` true the list holds every other workspace the caller may see. */
  async listRemoteStateConsumers(workspaceId: string, options: PageOptions = {}): Promise<Page<Workspace>> {
    return (await fetchPage(this.core, this.consumersRequest(workspaceId), workspaceSchema, options)) as Page<Workspace>;
  }

  listAllRemoteStateConsumers(workspaceId: string, options: FetchAllOptions<Workspace> = {}): Promise<AllPages<Workspace>> {
    const req = this.consumersRequest(workspaceId);
    return fetchAllPages((pageNumber, pageSize, signal) => fetchPage(this.core, req, workspaceSchema, { pageNumber, pageSize, signal }) as Promise<Page<Workspace>>, options);
  }

  addRemoteStateConsumers(workspaceId: string, consumerIds: readonly string[]): Promise<void> {
    return this.consumers('POST', workspaceId, consumerIds, `Adding remote state consumers to workspace ${workspaceId}`);
  }

  replaceRemoteStateConsumers(workspaceId: string, consumerIds: readonly string[]): Promise<void> {
    return this.consumers('PATCH', workspaceId, consumerIds, `Replacing the remote state consumers of workspace ${workspaceId}`);
  }

  deleteRemoteStateConsumers(workspaceId: string, consumerIds: readonly string[]): Promise<void> {
    return this.consumers('DELETE', workspaceId, consumerIds, `Removing remote state consumers from workspace ${workspaceId}`);
  }

  // ---- flat tags ----

  async listTags(workspaceId: string, options: PageOptions = {}): Promise<Page<Tag>> {
    return (await fetchPage(this.core, { method: 'GET', path: ws(workspaceId, '/relationships/tags'), what: `Listing tags of workspace ${workspaceId}` }, tagSchema, options)) as Page<Tag>;
  }

  async addTags(workspaceId: string, tags: readonly TagRef[]): Promise<void> {
    await this.core.request({
      method: 'POST',
      path: ws(workspaceId, '/relationships/tags'),
      body: { data: tagItems(tags) },
      what: `Adding tags to workspace ${workspaceId}`,
      advice: { 404: 'Check the workspace id, and that this token may manage its tags.' },
    });
  }

  async removeTags(workspaceId: string, tags: readonly TagRef[]): Promise<void> {
    await this.core.request({
      method: 'DELETE',
      path: ws(workspaceId, '/relationships/tags'),
      body: { data: tagItems(tags) },
      what: `Removing tags from workspace ${workspaceId}`,
      advice: { 404: 'Check the workspace id, and that this token may manage its tags.' },
    });
  }

  // ---- key/value tag bindings ----

  async listTagBindings(workspaceId: string): Promise<TagBinding[]> {
    const doc = await this.core.document({ method: 'GET', path: ws(workspaceId, '/tag-bindings'), what: `Listing tag bindings of workspace ${workspaceId}` }, listDocument(tagBindingSchema));
    return doc.data as TagBinding[];
  }

  /** The workspace's own bindings plus those inherited from its project (`links.inherited-from`). */
  async listEffectiveTagBindings(workspaceId: string): Promise<EffectiveTagBinding[]> {
    const doc = await this.core.document(
      { method: 'GET', path: ws(workspaceId, '/effective-tag-bindings'), what: `Listing effective tag bindings of workspace ${workspaceId}` },
      listDocument(effectiveTagBindingSchema),
    );
    return doc.data as EffectiveTagBinding[];
  }

  // ---- data retention policy ----

  /** null: no policy of its own, the workspace inherits the organization's. */
  async showDataRetentionPolicy(workspaceId: string): Promise<DataRetentionPolicy | null> {
    const doc = await this.core.document(
      { method: 'GET', path: ws(workspaceId, '/relationships/data-retention-policy'), what: `Reading the data retention policy of workspace ${workspaceId}` },
      z.looseObject({ data: anyResourceSchema.nullable() }),
    );
    return (doc.data ?? null) as DataRetentionPolicy | null;
  }

  async setDataRetentionPolicy(workspaceId: string, policy: DataRetentionPolicyInput): Promise<DataRetentionPolicy> {
    const data =
      policy.kind === 'delete-older'
        ? { type: 'data-retention-policy-delete-olders', attributes: { 'delete-older-than-n-days': policy.deleteOlderThanNDays } }
        : { type: 'data-retention-policy-dont-deletes', attributes: {} };
    const doc = await this.core.document(
      {
        method: 'POST',
        path: ws(workspaceId, '/relationships/data-retention-policy'),
        body: { data },
        what: `Setting the data retention policy of workspace ${workspaceId}`,
        advice: { 404: ADMIN_404 },
      },
      singleDocument(anyResourceSchema),
    );
    return doc.data as DataRetentionPolicy;
  }

  async removeDataRetentionPolicy(workspaceId: string): Promise<void> {
    await this.core.request({
      method: 'DELETE',
      path: ws(workspaceId, '/relationships/data-retention-policy'),
      what: `Removing the data retention policy of workspace ${workspaceId}`,
      advice: { 404: ADMIN_404 },
    });
  }

  // ---- SSH key ----

  /** `sshKeyId` null unassigns (workspace-api.md, Assign SSH key: `data.attributes.id` must be null). */
  async setSshKey(workspaceId: string, sshKeyId: string | null): Promise<Workspace> {
    const doc = await this.core.document(
      {
        method: 'PATCH',
        path: ws(workspaceId, '/relationships/ssh-key'),
        body: { data: { type: 'workspaces', attributes: { id: sshKeyId } } },
        what: sshKeyId ? `Assigning SSH key ${sshKeyId} to workspace ${workspaceId}` : `Unassigning the SSH key of workspace ${workspaceId}`,
        advice: { 404: ADMIN_404 },
      },
      singleDocument(workspaceSchema),
    );
    return doc.data as Workspace;
  }

  private consumersRequest(workspaceId: string) {
    return { method: 'GET' as const, path: ws(workspaceId, '/relationships/remote-state-consumers'), what: `Listing remote state consumers of workspace ${workspaceId}` };
  }

  private async consumers(method: 'POST' | 'PATCH' | 'DELETE', workspaceId: string, consumerIds: readonly string[], what: string): Promise<void> {
    await this.core.request({
      method,
      path: ws(workspaceId, '/relationships/remote-state-consumers'),
      body: { data: identifiers('workspaces', consumerIds) },
      what,
      advice: { 404: ADMIN_404, 422: 'Each consumer must be another workspace of the same organization.' },
    });
  }
}
