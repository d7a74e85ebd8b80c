// Shared shapes of the workspace service: the handler map every handler file contributes to, and `live()`.
import type { Fetched, WorkspaceMethods } from '../contract';

export type WorkspaceMethodName = keyof WorkspaceMethods;

export type WorkspaceHandlers = {
  [M in WorkspaceMethodName]: (params: WorkspaceMethods[M]['params']) => Promise<WorkspaceMethods[M]['result']>;
};

/** A slice of the handler map, as one handler file provides it. */
export type HandlersFor<M extends WorkspaceMethodName> = Pick<WorkspaceHandlers, M>;

/** Data straight from the service; the offline cache (not this service) produces `source: 'cache'`. */
export function live<T>(value: T): Fetched<T> {
  return { value, asOf: new Date().toISOString(), source: 'live' };
}
