// The workspace API client as one object: `client.workspaces`, `client.locks`, `client.projects`,
// `client.variables`, `client.stateVersions`, `client.relationships`, all sharing one request core
// (token per request, rate limit, errors). Main's services hold one per workspace connection.
import { ApiCore, type ClientStats, type WorkspaceClientOptions } from './client';
import { LocksApi } from './locks';
import { ProjectsApi } from './projects';
import { RelationshipsApi } from './relationships';
import { StateVersionsApi } from './state-versions';
import { VariablesApi } from './variables';
import { WorkspacesApi } from './workspaces';

export class WorkspaceClient {
  readonly projects: ProjectsApi;
  readonly workspaces: WorkspacesApi;
  readonly locks: LocksApi;
  readonly variables: VariablesApi;
  readonly stateVersions: StateVersionsApi;
  readonly relationships: RelationshipsApi;
  private readonly core: ApiCore;

  constructor(options: WorkspaceClientOptions) {
    this.core = new ApiCore(options);
    this.projects = new ProjectsApi(this.core);
    this.workspaces = new WorkspacesApi(this.core);
    this.locks = new LocksApi(this.core);
    this.variables = new VariablesApi(this.core);
    this.stateVersions = new StateVersionsApi(this.core);
    this.relationships = new RelationshipsApi(this.core);
  }

  get organization(): string {
    return this.core.organization;
  }

  /** Request and 429 counts, for tests and a status line. */
  get stats(): Readonly<ClientStats> {
    return this.core.stats;
  }

  close(): void {
    this.core.close();
  }
}
