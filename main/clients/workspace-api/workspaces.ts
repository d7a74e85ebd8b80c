// Workspaces: create, list, show, update, safe delete and force delete, each by id or by organization + name
// (workspace-api.md, Workspaces). Locks are in locks.ts, relationship endpoints in relationships.ts.
import { seg, type ApiCore, type ApiRequest, type Query } from './client';
import { IncludedLookup, type Page, type Resource } from './jsonapi';
import type { Workspace, WorkspaceCreateInput, WorkspaceInclude, WorkspaceInput, WorkspaceListQuery } from '../../contract/workspace-models';
import { fetchAllPages, fetchPage, type AllPages, type FetchAllOptions, type PageOptions } from './pagination';
import { singleDocument, workspaceSchema } from './schemas';

/** A workspace is named either by id (`ws-…`) or by its name within the client's organization. */
export type WorkspaceRef = { id: string } | { name: string };

export interface WorkspaceDocument {
  workspace: Workspace;
  included: IncludedLookup;
}

const describe = (ref: WorkspaceRef): string => ('id' in ref ? `workspace ${ref.id}` : `workspace "${ref.name}"`);

export class WorkspacesApi {
  constructor(private readonly core: ApiCore) {}

  /** `/workspaces/:id` or `/organizations/:org/workspaces/:name`; both forms behave the same. */
  path(ref: WorkspaceRef, rest = ''): string {
    return 'id' in ref ? `/workspaces/${seg(ref.id)}${rest}` : this.core.orgPath(`/workspaces/${seg(ref.name)}${rest}`);
  }

  async create(input: WorkspaceCreateInput): Promise<Workspace> {
    const { projectId, tagBindings, ...attributes } = input;
    const relationships: Record<string, unknown> = {};
    if (projectId) relationships.project = { data: { type: 'projects', id: projectId } };
    if (tagBindings) relationships['tag-bindings'] = { data: tagBindings.map((binding) => ({ type: 'tag-bindings', attributes: binding })) };
    const data: Record<string, unknown> = { type: 'workspaces', attributes };
    if (Object.keys(relationships).length > 0) data.relationships = relationships;
    const doc = await this.core.document(
      {
        method: 'POST',
        path: this.core.orgPath('/workspaces'),
        body: { data },
        what: `Creating workspace "${input.name}"`,
        advice: { 404: 'Check the organization and project, and that this token may create workspaces there.' },
      },
      singleDocument(workspaceSchema),
    );
    return doc.data as Workspace;
  }

  async show(ref: WorkspaceRef, include: WorkspaceInclude[] = []): Promise<WorkspaceDocument> {
    const doc = await this.core.document(
      { method: 'GET', path: this.path(ref), query: include.length > 0 ? { include: include.join(',') } : undefined, what: `Reading ${describe(ref)}` },
      singleDocument(workspaceSchema),
    );
    return { workspace: doc.data as Workspace, included: new IncludedLookup((doc.included ?? []) as Resource[]) };
  }

  /** Omitted settings keep their value. Renaming changes the by-name path. Needs admin on the workspace. */
  async update(ref: WorkspaceRef, input: WorkspaceInput): Promise<Workspace> {
    const doc = await this.core.document(
      {
        method: 'PATCH',
        path: this.path(ref),
        body: { data: { type: 'workspaces', attributes: input } },
        what: `Updating ${describe(ref)}`,
        advice: { 404: 'Check the workspace, and that this token has admin access to it (needed to change settings).' },
      },
      singleDocument(workspaceSchema),
    );
    return doc.data as Workspace;
  }

  /** Refused with 409 while the workspace still manages resources (workspace-api.md, Safe delete). */
  async safeDelete(ref: WorkspaceRef): Promise<void> {
    await this.core.request({
      method: 'POST',
      path: this.path(ref, '/actions/safe-delete'),
      what: `Safe delete of ${describe(ref)}`,
      advice: { 409: 'The workspace still manages resources. Destroy them first, or force delete the workspace (owners only) to leave them unmanaged.' },
    });
  }

  /** Deletes without checking for managed resources; organization owners only by default. */
  async forceDelete(ref: WorkspaceRef): Promise<void> {
    await this.core.request({
      method: 'DELETE',
      path: this.path(ref),
      what: `Force delete of ${describe(ref)}`,
      advice: { 403: 'Only organization owners can force delete by default (an organization setting can extend this to workspace admins).' },
    });
  }

  async list(query: WorkspaceListQuery = {}, options: PageOptions = {}): Promise<Page<Workspace>> {
    return (await fetchPage(this.core, this.listRequest(query), workspaceSchema, options)) as Page<Workspace>;
  }

  /** Every page, fetched concurrently under the rate limit; `onPage` fills a list as pages arrive. */
  listAll(query: WorkspaceListQuery = {}, options: FetchAllOptions<Workspace> = {}): Promise<AllPages<Workspace>> {
    const req = this.listRequest(query);
    return fetchAllPages((pageNumber, pageSize, signal) => fetchPage(this.core, req, workspaceSchema, { pageNumber, pageSize, signal }) as Promise<Page<Workspace>>, options);
  }

  private listRequest(query: WorkspaceListQuery): ApiRequest {
    const q: Query = {};
    if (query.searchName) q['search[name]'] = query.searchName;
    if (query.projectId) q['filter[project][id]'] = query.projectId;
    if (query.tags && query.tags.length > 0) q['search[tags]'] = query.tags.join(',');
    if (query.excludeTags && query.excludeTags.length > 0) q['search[exclude-tags]'] = query.excludeTags.join(',');
    query.tagged?.forEach((tag, index) => {
      q[`filter[tagged][${index}][key]`] = tag.key;
      if (tag.value !== undefined) q[`filter[tagged][${index}][value]`] = tag.value;
    });
    if (query.sort) q.sort = query.sort;
    if (query.include && query.include.length > 0) q.include = query.include.join(',');
    return { method: 'GET', path: this.core.orgPath('/workspaces'), query: q, what: `Listing workspaces of ${this.core.organization}` };
  }
}
