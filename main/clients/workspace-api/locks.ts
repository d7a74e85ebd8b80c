// The workspace lock: lock, unlock (with a bounded retry while the latest state version finalizes) and
// force-unlock (workspace-api.md, States and transitions: Workspace lock).
import { HostError } from '../../host/host-error';
import { seg, validate, type ApiCore } from './client';
import type { Workspace } from '../../contract/workspace-models';
import { singleDocument, workspaceSchema } from './schemas';

export interface UnlockOptions {
  /**
   * Called before each wait after a 503, so the UI can say "waiting for the latest state version to finalize…".
   * `attempt` counts from 1.
   */
  onRetry?: (info: { attempt: number; delayMs: number; reason: string }) => void;
  /** Attempts in total, the first included (default 6). */
  maxAttempts?: number;
  /** First wait when the answer has no Retry-After (default 500 ms), doubled per attempt up to `maxDelayMs`. */
  initialDelayMs?: number;
  maxDelayMs?: number;
  signal?: AbortSignal;
}

export class LocksApi {
  constructor(private readonly core: ApiCore) {}

  /** The body is a plain `{reason}` (default empty), not a JSON:API document. */
  async lock(workspaceId: string, reason = ''): Promise<Workspace> {
    return this.act(workspaceId, 'lock', `Locking workspace ${workspaceId}`, { reason }, {
      409: 'It is already locked. Wait for whoever holds it, or force-unlock with admin rights.',
      404: 'Check the workspace id, and that this token has the lock permission on it.',
    });
  }

  /**
   * Unlocks. While an intermediate state version is still pending the service answers 503 (workspace-api.md,
   * Workspace lock); that is retried with capped backoff, honouring `Retry-After`. A 409 is not retried.
   */
  async unlock(workspaceId: string, options: UnlockOptions = {}): Promise<Workspace> {
    const maxAttempts = options.maxAttempts ?? 6;
    let delay = options.initialDelayMs ?? 500;
    const maxDelay = options.maxDelayMs ?? 8_000;
    for (let attempt = 1; ; attempt++) {
      try {
        return await this.act(workspaceId, 'unlock', `Unlocking workspace ${workspaceId}`, undefined, {
          409: 'It is already unlocked, or locked by another user: ask them, or force-unlock with admin rights.',
          503: 'The latest state version is still being finalized; upload its content or wait, then try again.',
        }, options.signal);
      } catch (error) {
        if (!(error instanceof HostError) || error.status !== 503 || attempt >= maxAttempts) throw error;
        const hinted = retryAfterOf(error);
        const wait = Math.min(maxDelay, Math.max(hinted ?? 0, delay));
        options.onRetry?.({ attempt, delayMs: wait, reason: 'waiting for the latest state version to finalize…' });
        await this.core.clock.sleep(wait, options.signal);
        delay = Math.min(maxDelay, delay * 2);
      }
    }
  }

  /** Admin only; does not wait for pending state. */
  async forceUnlock(workspaceId: string): Promise<Workspace> {
    return this.act(workspaceId, 'force-unlock', `Force-unlocking workspace ${workspaceId}`, undefined, {
      409: 'It is already unlocked.',
      404: 'Check the workspace id, and that this token has admin access to it (force-unlock needs it).',
    });
  }

  private async act(workspaceId: string, action: string, what: string, body: unknown, advice: Partial<Record<number, string>>, signal?: AbortSignal): Promise<Workspace> {
    const response = await this.core.request({ method: 'POST', path: `/workspaces/${seg(workspaceId)}/actions/${action}`, body, what, advice, signal });
    return validate(singleDocument(workspaceSchema), response.json, what).data as Workspace;
  }
}

/** The wait the 503 asked for (`Retry-After`), as errors.ts recorded it; otherwise null. */
function retryAfterOf(error: HostError): number | null {
  const value = (error.details as { retryAfterMs?: unknown } | undefined)?.retryAfterMs;
  return typeof value === 'number' ? value : null;
}
