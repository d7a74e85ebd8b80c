// Routes `domain.action` calls: validates params with the method's schema first, then runs its handler.
// Nothing runs for an unknown method or invalid params (design.md, The contract).
import type { z } from 'zod';
import type { BridgeResult, MethodName, MethodParams, MethodResult } from '../contract';
import { HostError, toBridgeError } from './host-error';
import type { Session } from './session';

export interface CallContext {
  session: Session;
}

export type MethodHandlers = {
  [M in MethodName]: (params: MethodParams<M>, context: CallContext) => Promise<MethodResult<M>>;
};

export type MethodSchemas = {
  [M in MethodName]: z.ZodType<MethodParams<M>>;
};

export interface RouterLog {
  error(message: string, extra?: Record<string, unknown>): void;
}

export function formatIssues(issues: readonly z.core.$ZodIssue[]): { path: string; message: string }[] {
  return issues.map((issue) => ({ path: issue.path.map(String).join('.') || '(params)', message: issue.message }));
}

export class MethodRouter {
  constructor(
    private readonly schemas: MethodSchemas,
    private readonly handlers: MethodHandlers,
    private readonly log: RouterLog,
  ) {}

  has(method: unknown): method is MethodName {
    return typeof method === 'string' && Object.prototype.hasOwnProperty.call(this.schemas, method);
  }

  async invoke(method: unknown, params: unknown, context: CallContext): Promise<BridgeResult<unknown>> {
    if (!this.has(method)) {
      const name = typeof method === 'string' ? `"${method.slice(0, 80)}"` : `a ${typeof method}`;
      return { ok: false, error: { code: 'invalid_input', message: `Unknown method ${name}. The app and its host may be out of step; restart the app.` } };
    }
    const parsed = this.schemas[method].safeParse(params ?? {});
    if (!parsed.success) {
      const details = formatIssues(parsed.error.issues);
      const first = details[0];
      return {
        ok: false,
        error: { code: 'invalid_input', message: `Invalid input for ${method}: ${first.path} ${first.message}.`, details },
      };
    }
    try {
      const handler = this.handlers[method] as (p: unknown, c: CallContext) => Promise<unknown>;
      const value = await handler(parsed.data, context);
      return { ok: true, value };
    } catch (error) {
      if (!(error instanceof HostError) || error.code === 'internal') {
        this.log.error(`method ${method} failed`, { error: error instanceof Error ? error.stack ?? error.message : String(error) });
      }
      return { ok: false, error: toBridgeError(error) };
    }
  }
}
