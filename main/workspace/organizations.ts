// One WorkspaceClient per organization connection, built lazily from the profile and dropped (with the
// connection's datasets) when the connection's settings or token change or it is removed.
import type { ConnectionService } from '../connections/connection-service';
import type { Resource } from '../contract';
import { WorkspaceClient, type IncludedLookup } from '../clients/workspace-api';
import { HostError } from '../host/host-error';

/** A connection's client plus what the service learned about it while answering (names for rows and messages). */
export class Organization {
  /** The user our token acts as; learned from our own lock answers (the spec has no "who am I" endpoint). */
  selfUserId: string | null = null;
  private readonly usernames = new Map<string, string>();
  private readonly projectNames = new Map<string, string>();

  constructor(
    readonly connectionId: string,
    readonly client: WorkspaceClient,
  ) {}

  get name(): string {
    return this.client.organization;
  }

  /** Remembers user names and project names from `included`, so later rows and errors can name them. */
  absorb(included: IncludedLookup | readonly Resource[]): void {
    const resources = Array.isArray(included) ? included : (included as IncludedLookup).all();
    for (const resource of resources) {
      const attributes = resource.attributes as Record<string, unknown>;
      if (resource.type === 'users' && typeof attributes.username === 'string') this.usernames.set(resource.id, attributes.username);
      if (resource.type === 'projects' && typeof attributes.name === 'string') this.projectNames.set(resource.id, attributes.name);
    }
  }

  rememberProject(id: string, name: string): void {
    this.projectNames.set(id, name);
  }

  username(userId: string | null): string | null {
    if (!userId) return null;
    return this.usernames.get(userId) ?? null;
  }

  projectName(projectId: string | null): string | null {
    if (!projectId) return null;
    return this.projectNames.get(projectId) ?? null;
  }
}

export class Organizations {
  private readonly byConnection = new Map<string, Organization>();
  private readonly stopListening: () => void;

  constructor(
    private readonly connections: ConnectionService,
    /** Called after a connection's client is dropped, so its datasets and fills go too. */
    private readonly onDrop: (connectionId: string) => void,
  ) {
    this.stopListening = connections.onChange((change) => this.drop(change.id));
  }

  get(connectionId: string): Organization {
    const existing = this.byConnection.get(connectionId);
    if (existing) return existing;
    const profile = this.connections.profile(connectionId);
    if (profile.kind !== 'workspace') {
      throw new HostError(
        'invalid_input',
        `Connection "${profile.name}" is a cluster connection; projects, workspaces, variables and state versions need an organization connection. Pick one in the connection switcher.`,
      );
    }
    const client = new WorkspaceClient({
      baseUrl: profile.baseUrl,
      organization: profile.organization,
      // Read from the vault on every request, so a replaced token applies at once and is never held here.
      token: () => this.connections.tokenFor(connectionId),
    });
    const organization = new Organization(connectionId, client);
    this.byConnection.set(connectionId, organization);
    return organization;
  }

  drop(connectionId: string): void {
    const organization = this.byConnection.get(connectionId);
    // Only connections this service serves: a cluster connection's datasets belong to the cluster service.
    if (!organization) return;
    this.byConnection.delete(connectionId);
    organization.client.close();
    this.onDrop(connectionId);
  }

  close(): void {
    this.stopListening();
    for (const organization of this.byConnection.values()) organization.client.close();
    this.byConnection.clear();
  }
}
