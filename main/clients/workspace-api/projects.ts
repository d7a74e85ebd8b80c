// Projects: create, update, list, show, delete and moving workspaces in (workspace-api.md, Projects).
import { HostError } from '../../host/host-error';
import { seg, validate, type ApiCore, type ApiRequest, type Query } from './client';
import { identifiers, type Page } from './jsonapi';
import type { Project, ProjectInput, ProjectListQuery, ProjectStatusCounts } from '../../contract/workspace-models';
import { fetchAllPages, fetchPage, type AllPages, type FetchAllOptions, type PageOptions } from './pagination';
import { projectSchema, projectStatusCountsSchema, singleDocument } from './schemas';

const PROJECT_NAME = /^[A-Za-z0-9 _-]{3,40}$/;
/** Up to four digits with a value above 0, then `d` or `h` (workspace-api.md, Limits). */
export const isAutoDestroyDuration = (value: string): boolean => /^\d{1,4}[dh]$/.test(value) && Number.parseInt(value, 10) > 0;

/** Checks the spec's limits before sending, so the person gets the rule rather than a bare 422 (workspace-api.md, Limits). */
export function checkProjectInput(input: ProjectInput): void {
  if (input.name !== undefined && (!PROJECT_NAME.test(input.name) || input.name.trim() !== input.name)) {
    throw new HostError('invalid_input', `Project name "${input.name}" must be 3 to 40 characters of letters, numbers, spaces, "-" and "_", without leading or trailing spaces.`);
  }
  if (typeof input.description === 'string' && input.description.length > 256) {
    throw new HostError('invalid_input', `A project description may be at most 256 characters (this one has ${input.description.length}).`);
  }
  const duration = input['auto-destroy-activity-duration'];
  if (typeof duration === 'string' && !isAutoDestroyDuration(duration)) {
    throw new HostError('invalid_input', `Auto-destroy duration "${duration}" must be up to four digits above 0 followed by "d" or "h", e.g. "14d" or "12h".`);
  }
}

export interface ProjectPage extends Page<Project> {
  /** `meta.status-counts` of the project list: all projects and those matching the filters. */
  statusCounts: ProjectStatusCounts | null;
}

export class ProjectsApi {
  constructor(private readonly core: ApiCore) {}

  async create(input: ProjectInput & { name: string }): Promise<Project> {
    checkProjectInput(input);
    const what = `Creating project "${input.name}"`;
    const doc = await this.core.document(
      { method: 'POST', path: this.core.orgPath('/projects'), body: { data: { type: 'projects', attributes: input } }, what, advice: { 404: 'Check the organization name, and that this token may create projects (owners team, manage-projects, or an organization token).' } },
      singleDocument(projectSchema),
    );
    return doc.data as Project;
  }

  async update(projectId: string, input: ProjectInput): Promise<Project> {
    checkProjectInput(input);
    const doc = await this.core.document(
      { method: 'PATCH', path: `/projects/${seg(projectId)}`, body: { data: { type: 'projects', attributes: input } }, what: `Updating project ${projectId}` },
      singleDocument(projectSchema),
    );
    return doc.data as Project;
  }

  async show(projectId: string): Promise<Project> {
    const doc = await this.core.document({ method: 'GET', path: `/projects/${seg(projectId)}`, what: `Reading project ${projectId}` }, singleDocument(projectSchema));
    return doc.data as Project;
  }

  /** A project that still contains workspaces cannot be deleted; move or delete them first. */
  async delete(projectId: string): Promise<void> {
    await this.core.request({
      method: 'DELETE',
      path: `/projects/${seg(projectId)}`,
      what: `Deleting project ${projectId}`,
      advice: { 409: 'Move or delete its workspaces first.', 422: 'Move or delete its workspaces first.' },
    });
  }

  /** All or nothing: when any workspace is missing or not movable, none moves (workspace-api.md, Move workspaces). */
  async moveWorkspaces(projectId: string, workspaceIds: readonly string[]): Promise<void> {
    await this.core.request({
      method: 'POST',
      path: `/projects/${seg(projectId)}/relationships/workspaces`,
      body: { data: identifiers('workspaces', workspaceIds) },
      what: `Moving ${workspaceIds.length} workspace(s) into project ${projectId}`,
      advice: {
        403: 'No workspace was moved. The token needs permission to move workspaces out of every source project; the detail names the workspaces concerned.',
        404: 'No workspace was moved. Check the project id, and that this token may move workspaces into it.',
      },
    });
  }

  async list(query: ProjectListQuery = {}, options: PageOptions = {}): Promise<ProjectPage> {
    const page = await fetchPage(this.core, this.listRequest(query), projectSchema, options);
    return { ...(page as Page<Project>), statusCounts: statusCounts(page.meta) };
  }

  async listAll(query: ProjectListQuery = {}, options: FetchAllOptions<Project> = {}): Promise<AllPages<Project> & { statusCounts: ProjectStatusCounts | null }> {
    const req = this.listRequest(query);
    const all = await fetchAllPages((pageNumber, pageSize, signal) => fetchPage(this.core, req, projectSchema, { pageNumber, pageSize, signal }) as Promise<Page<Project>>, options);
    return { ...all, statusCounts: statusCounts(all.meta) };
  }

  private listRequest(query: ProjectListQuery): ApiRequest {
    const q: Query = {};
    if (query.q) q.q = query.q;
    if (query.names && query.names.length > 0) q['filter[names]'] = query.names.join(',');
    // The filters are presence flags: any value turns them on (workspace-api.md, Projects: list).
    if (query.canCreateWorkspace) q['filter[permissions][create-workspace]'] = 'true';
    if (query.canUpdate) q['filter[permissions][update]'] = 'true';
    if (query.sort) q.sort = query.sort;
    return { method: 'GET', path: this.core.orgPath('/projects'), query: q, what: `Listing projects of ${this.core.organization}` };
  }
}

function statusCounts(meta: Record<string, unknown>): ProjectStatusCounts | null {
  const raw = meta['status-counts'];
  if (raw === undefined) return null;
  return validate(projectStatusCountsSchema, raw, 'Reading the project list counts') as ProjectStatusCounts;
}
