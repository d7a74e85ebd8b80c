// Bearer tokens, what each kind of caller may do, and the per-token rate limit.
import type { IncomingMessage } from 'node:http';
import { ApiError } from './jsonapi';
import type { Principal, Project, Role, Workspace } from './model';

/** Resolves the Bearer token or throws 401 (workspace-api.md, Authentication). */
export function authenticate(req: IncomingMessage, principals: Map<string, Principal>): Principal {
  const header = req.headers.authorization ?? '';
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  if (!match) throw new ApiError(401, 'unauthorized', 'missing Authorization: Bearer <API_TOKEN> header');
  const principal = principals.get(match[1]);
  if (!principal) throw new ApiError(401, 'unauthorized', 'the API token is not valid or has been revoked');
  return principal;
}

export function canSeeWorkspace(principal: Principal, workspace: Workspace): boolean {
  return principal.projectAccess === null || principal.projectAccess.has(workspace.projectId);
}

export function canSeeProject(principal: Principal, project: Project): boolean {
  return principal.projectAccess === null || principal.projectAccess.has(project.id);
}

const ADMIN: Role[] = ['owner', 'organization'];
const WRITE: Role[] = ['owner', 'organization', 'writer'];

export type WorkspacePermission =
  | 'can-update'
  | 'can-destroy'
  | 'can-queue-run'
  | 'can-read-run'
  | 'can-read-variable'
  | 'can-update-variable'
  | 'can-read-state-versions'
  | 'can-read-state-outputs'
  | 'can-create-state-versions'
  | 'can-queue-apply'
  | 'can-lock'
  | 'can-unlock'
  | 'can-force-unlock'
  | 'can-read-settings'
  | 'can-manage-tags'
  | 'can-manage-run-tasks'
  | 'can-force-delete'
  | 'can-manage-assessments'
  | 'can-manage-ephemeral-workspaces'
  | 'can-read-assessment-results'
  | 'can-queue-destroy';

/**
 * One table for both the `permissions` attribute and the checks, so they never disagree.
 * Owners can do everything; the organization token administers but cannot create state (workspace-api.md,
 * Authentication) nor force delete (owners only, Endpoints/Force delete); the `writer` team can lock, write
 * variables and state but has no admin; the `reader` team only reads.
 */
export function workspacePermissions(role: Role): Record<WorkspacePermission, boolean> {
  const admin = ADMIN.includes(role);
  const write = WRITE.includes(role);
  return {
    'can-update': admin,
    'can-destroy': admin,
    'can-queue-run': role === 'owner' || role === 'writer',
    'can-read-run': true,
    'can-read-variable': true,
    'can-update-variable': write,
    'can-read-state-versions': true,
    'can-read-state-outputs': true,
    'can-create-state-versions': role === 'owner' || role === 'writer',
    'can-queue-apply': role === 'owner' || role === 'writer',
    'can-lock': write,
    'can-unlock': write,
    'can-force-unlock': admin,
    'can-read-settings': admin,
    'can-manage-tags': admin,
    'can-manage-run-tasks': admin,
    'can-force-delete': role === 'owner',
    'can-manage-assessments': admin,
    'can-manage-ephemeral-workspaces': admin,
    'can-read-assessment-results': true,
    'can-queue-destroy': role === 'owner' || role === 'writer',
  };
}

export function projectPermissions(role: Role): { 'can-update': boolean; 'can-destroy': boolean; 'can-create-workspace': boolean } {
  const admin = ADMIN.includes(role);
  return { 'can-update': admin, 'can-destroy': admin, 'can-create-workspace': admin };
}

export const canManageProjects = (role: Role): boolean => ADMIN.includes(role);
export const isOwner = (principal: Principal): boolean => principal.role === 'owner';

// ---- rate limit ----------------------------------------------------------------------------------

/**
 * Fixed one-second window per token, opened by the first request after the previous window ended.
 * The real service allows 30 requests per second and answers 429 beyond that; clients read
 * `X-RateLimit-Reset` (seconds until the window ends, e.g. "0.421") to know how long to wait.
 */
export class RateLimiter {
  private readonly windows = new Map<string, { start: number; count: number }>();

  constructor(
    public limit = 30,
    private readonly windowMs = 1000,
    private readonly now: () => number = Date.now,
  ) {}

  /** Counts one request; returns the headers to send and whether the request is over the limit. */
  take(key: string): { limited: boolean; headers: Record<string, string> } {
    const now = this.now();
    let window = this.windows.get(key);
    if (!window || now - window.start >= this.windowMs) {
      window = { start: now, count: 0 };
      this.windows.set(key, window);
    }
    const resetSeconds = Math.max(0, window.start + this.windowMs - now) / 1000;
    const headers: Record<string, string> = { 'X-RateLimit-Limit': String(this.limit), 'X-RateLimit-Reset': resetSeconds.toFixed(3) };
    if (window.count >= this.limit) {
      return { limited: true, headers: { ...headers, 'Retry-After': String(Math.max(1, Math.ceil(resetSeconds))) } };
    }
    window.count++;
    return { limited: false, headers };
  }

  reset(): void {
    this.windows.clear();
  }
}
