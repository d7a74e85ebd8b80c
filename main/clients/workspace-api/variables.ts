// Workspace variables: create, list, update, delete (workspace-api.md, Variables).
// A sensitive value is write-only. The service answers null in its place; this module enforces it anyway, so
// a server that ever echoed the value could not leak it into the renderer, the cache or a log.
import { seg, type ApiCore } from './client';
import type { Variable, VariableInput, VariablePatch } from '../../contract/workspace-models';
import { listDocument, singleDocument, variableSchema } from './schemas';

/** Never returns a value for a sensitive variable. */
export function withoutSensitiveValue(variable: Variable): Variable {
  if (!variable.attributes.sensitive) return variable;
  return { ...variable, attributes: { ...variable.attributes, value: null } };
}

export class VariablesApi {
  constructor(private readonly core: ApiCore) {}

  async create(workspaceId: string, input: VariableInput): Promise<Variable> {
    const doc = await this.core.document(
      {
        method: 'POST',
        path: `/workspaces/${seg(workspaceId)}/vars`,
        body: { data: { type: 'vars', attributes: input } },
        what: `Creating variable "${input.key}" in workspace ${workspaceId}`,
        advice: { 404: 'Check the workspace id, and that this token may read and write its variables.' },
      },
      singleDocument(variableSchema),
    );
    return withoutSensitiveValue(doc.data as Variable);
  }

  /** The list is not paginated (workspace-api.md, Variables: "list (no parameters)"). */
  async list(workspaceId: string): Promise<Variable[]> {
    const doc = await this.core.document(
      { method: 'GET', path: `/workspaces/${seg(workspaceId)}/vars`, what: `Listing variables of workspace ${workspaceId}` },
      listDocument(variableSchema),
    );
    return (doc.data as Variable[]).map(withoutSensitiveValue);
  }

  /** Omitted attributes stay unchanged. */
  async update(workspaceId: string, variableId: string, patch: VariablePatch): Promise<Variable> {
    const doc = await this.core.document(
      {
        method: 'PATCH',
        path: `/workspaces/${seg(workspaceId)}/vars/${seg(variableId)}`,
        body: { data: { type: 'vars', id: variableId, attributes: patch } },
        what: `Updating variable ${variableId} of workspace ${workspaceId}`,
        advice: { 404: 'Check the ids, and that this token may read and write the workspace variables.' },
      },
      singleDocument(variableSchema),
    );
    return withoutSensitiveValue(doc.data as Variable);
  }

  async delete(workspaceId: string, variableId: string): Promise<void> {
    await this.core.request({
      method: 'DELETE',
      path: `/workspaces/${seg(workspaceId)}/vars/${seg(variableId)}`,
      what: `Deleting variable ${variableId} of workspace ${workspaceId}`,
    });
  }
}
