// Test helper for service tests: calls a service's handlers the way the router does (params validated by the
// method's zod schema first, an invalid_input HostError otherwise), so tests exercise the path a renderer call takes.
import type { z } from 'zod';
import type { BridgeError } from '../../contract';
import { HostError, toBridgeError } from '../host-error';
import { formatIssues } from '../router';

type MethodMap<Methods> = { [M in keyof Methods]: { params: unknown; result: unknown } };

export interface SchemaCaller<Methods extends MethodMap<Methods>> {
  call<M extends keyof Methods & string>(method: M, params: Methods[M]['params']): Promise<Methods[M]['result']>;
  /** Calls a method that must fail; returns the error as the renderer would receive it. */
  fail(method: keyof Methods & string, params: unknown): Promise<BridgeError>;
}

export function schemaCaller<Methods extends MethodMap<Methods>>(
  schemas: { [M in keyof Methods]: z.ZodType<Methods[M]['params']> },
  handlers: { [M in keyof Methods]: unknown },
): SchemaCaller<Methods> {
  const invoke = async (method: keyof Methods & string, params: unknown): Promise<unknown> => {
    const parsed = schemas[method].safeParse(params);
    if (!parsed.success) {
      const details = formatIssues(parsed.error.issues);
      throw new HostError('invalid_input', `Invalid input for ${method}: ${details[0].path} ${details[0].message}.`, { details });
    }
    return (handlers[method] as (p: unknown) => Promise<unknown>)(parsed.data);
  };
  return {
    call: (method, params) => invoke(method, params) as never,
    async fail(method, params) {
      try {
        await invoke(method, params);
      } catch (error) {
        return toBridgeError(error);
      }
      throw new Error(`${method} succeeded but was expected to fail`);
    },
  };
}
