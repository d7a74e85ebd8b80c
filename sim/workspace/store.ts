// The simulator's in-memory state: records, indexes, id minting, lazily built state content and capability URLs.
import { createHmac } from 'node:crypto';
import { createRng, type Rng } from '../rng';
import { canSeeProject, canSeeWorkspace } from './auth';
import { notFound } from './jsonapi';
import type { ObjectRef, Principal, Project, StateContent, StateVersion, User, Variable, Workspace } from './model';
import { extract, generateRawState, hasJsonState, jsonStateOf, parseRawState, type Extracted } from './state-content';

const ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789';

/** Path prefix of the object storage that serves state uploads and downloads (`{upload_url}/v1/object/<id>`). */
export const OBJECT_PREFIX = '/_objects/v1/object/';

export class Store {
  readonly users = new Map<string, User>();
  readonly principals = new Map<string, Principal>();
  readonly projects = new Map<string, Project>();
  readonly workspaces = new Map<string, Workspace>();
  readonly workspaceByName = new Map<string, string>();
  readonly variables = new Map<string, Variable>();
  readonly stateVersions = new Map<string, StateVersion>();
  readonly objects = new Map<string, ObjectRef>();
  readonly sshKeys = new Set<string>();
  readonly agentPools = new Set<string>();
  readonly oauthTokens = new Set<string>();
  /** Generates the variables of a workspace on first access (installed by generate.ts). */
  variableGenerator: (workspace: Workspace) => Variable[] = () => [];
  /** Called after a state version finished processing; tests can await it. */
  onProcessed: (version: StateVersion) => void = () => {};

  private readonly runtimeRng: Rng;
  private readonly secret: string;
  private readonly extracted = new Map<string, Extracted>();
  private readonly timers = new Set<NodeJS.Timeout>();

  constructor(
    readonly organization: string,
    readonly seed: number,
    readonly publicUrl: () => string,
  ) {
    // A separate stream for ids minted at run time keeps them deterministic without disturbing generation.
    this.runtimeRng = createRng((seed ^ 0x2545f491) >>> 0);
    this.secret = createRng((seed ^ 0x51ed270b) >>> 0).hex(32);
  }

  newId(prefix: string): string {
    return `${prefix}-${this.runtimeRng.idBody(16)}`;
  }

  rng(): Rng {
    return this.runtimeRng;
  }

  /** An id that depends only on the seed and `key`, for records built lazily (outputs, object URLs). */
  stableId(prefix: string, key: string, length = 16): string {
    const digest = createHmac('sha256', this.secret).update(key).digest();
    let body = '';
    for (let i = 0; i < length; i++) body += ALPHABET[digest[i % digest.length] % ALPHABET.length];
    return prefix ? `${prefix}-${body}` : body;
  }

  // ---- lookups that hide what the caller may not see (404, workspace-api.md: Errors) ----

  visibleWorkspace(principal: Principal, id: string): Workspace {
    const workspace = this.workspaces.get(id);
    if (!workspace || !canSeeWorkspace(principal, workspace)) throw notFound(`workspace ${id} not found, or you are not authorized to see it`);
    return workspace;
  }

  workspaceNamed(name: string): Workspace | undefined {
    const id = this.workspaceByName.get(name);
    return id ? this.workspaces.get(id) : undefined;
  }

  visibleWorkspaceByName(principal: Principal, organization: string, name: string): Workspace {
    this.requireOrganization(organization);
    const workspace = this.workspaceNamed(name);
    if (!workspace || !canSeeWorkspace(principal, workspace)) throw notFound(`workspace ${organization}/${name} not found, or you are not authorized to see it`);
    return workspace;
  }

  visibleProject(principal: Principal, id: string): Project {
    const project = this.projects.get(id);
    if (!project || !canSeeProject(principal, project)) throw notFound(`project ${id} not found, or you are not authorized to see it`);
    return project;
  }

  requireOrganization(name: string): void {
    if (name !== this.organization) throw notFound(`organization ${name} not found, or you are not authorized to see it`);
  }

  defaultProject(): Project {
    for (const project of this.projects.values()) if (project.isDefault) return project;
    throw new Error('the organization has no default project');
  }

  workspacesInProject(projectId: string): number {
    let count = 0;
    for (const workspace of this.workspaces.values()) if (workspace.projectId === projectId) count++;
    return count;
  }

  // ---- workspaces ----

  addWorkspace(workspace: Workspace): void {
    this.workspaces.set(workspace.id, workspace);
    this.workspaceByName.set(workspace.name, workspace.id);
  }

  renameWorkspace(workspace: Workspace, name: string): void {
    this.workspaceByName.delete(workspace.name);
    workspace.name = name;
    this.workspaceByName.set(name, workspace.id);
  }

  deleteWorkspace(workspace: Workspace): void {
    this.workspaces.delete(workspace.id);
    this.workspaceByName.delete(workspace.name);
    for (const id of workspace.variableIds ?? []) this.variables.delete(id);
    for (const id of workspace.stateVersionIds) {
      this.stateVersions.delete(id);
      this.extracted.delete(id);
    }
    for (const other of this.workspaces.values()) other.remoteStateConsumers.delete(workspace.id);
  }

  variablesOf(workspace: Workspace): Variable[] {
    if (workspace.variableIds === null) {
      const generated = this.variableGenerator(workspace);
      for (const variable of generated) this.variables.set(variable.id, variable);
      workspace.variableIds = generated.map((variable) => variable.id);
    }
    return workspace.variableIds.map((id) => this.variables.get(id)).filter((v): v is Variable => v !== undefined);
  }

  // ---- state versions ----

  stateVersionsOf(workspace: Workspace): StateVersion[] {
    return workspace.stateVersionIds.map((id) => this.stateVersions.get(id)).filter((v): v is StateVersion => v !== undefined);
  }

  /** Raw and JSON state of a version; generated versions are rebuilt from their seed on first read. */
  content(version: StateVersion): StateContent | null {
    if (version.content || version.generator === null) return version.content;
    const { seed, resourceBlocks } = version.generator;
    const raw = generateRawState(seed, { serial: version.serial, lineage: version.lineage, resourceBlocks });
    const parsed = parseRawState(raw);
    const json = parsed && hasJsonState(parsed.terraform_version ?? '') ? jsonStateOf(parsed) : null;
    version.content = { raw, json };
    return version.content;
  }

  /** Extraction results; null while the version has no content. Cached per version. */
  extraction(version: StateVersion): Extracted | null {
    const cached = this.extracted.get(version.id);
    if (cached) return cached;
    const content = this.content(version);
    const parsed = content ? parseRawState(content.raw) : null;
    if (!parsed) return null;
    const result = extract(parsed);
    this.extracted.set(version.id, result);
    return result;
  }

  /** Managed resource instances in the current state: what safe delete checks (workspace-api.md, Safe delete). */
  resourceCount(workspace: Workspace): number {
    const current = workspace.currentStateVersionId ? this.stateVersions.get(workspace.currentStateVersionId) : undefined;
    return current ? (this.extraction(current)?.managedCount ?? 0) : 0;
  }

  /** The asynchronous extraction: `resources-processed` flips to true a short while after finalization. */
  scheduleProcessing(version: StateVersion): void {
    const delay = 300 + Math.floor(this.runtimeRng.next() * 500);
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      if (!this.stateVersions.has(version.id)) return;
      version.resourcesProcessed = true;
      this.onProcessed(version);
    }, delay);
    this.timers.add(timer);
  }

  // ---- object storage URLs (capabilities: no auth header, design.md Security invariant 2) ----

  objectUrl(objectId: string): string {
    return `${this.publicUrl()}${OBJECT_PREFIX}${objectId}`;
  }

  downloadUrl(version: StateVersion, kind: 'raw' | 'json'): string {
    const objectId = this.stableId('', `download/${version.id}/${kind}`, 40);
    if (!this.objects.has(objectId)) this.objects.set(objectId, { stateVersionId: version.id, kind, mode: 'download' });
    return this.objectUrl(objectId);
  }

  issueUploadUrl(version: StateVersion, kind: 'raw' | 'json'): string {
    const objectId = this.stableId('', `upload/${version.id}/${kind}`, 40);
    this.objects.set(objectId, { stateVersionId: version.id, kind, mode: 'upload' });
    return this.objectUrl(objectId);
  }

  /** Marks an upload URL consumed; a second PUT is refused rather than treated as unknown. */
  consumeUploadUrl(url: string | null): void {
    const ref = url ? this.objects.get(url.slice(url.lastIndexOf('/') + 1)) : undefined;
    if (ref) ref.mode = 'used';
  }

  close(): void {
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
  }
}
