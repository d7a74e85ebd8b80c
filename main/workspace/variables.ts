// Variable handlers: CRUD and bulk apply of `KEY=value` rows. Sensitive values are write-only: they are sent,
// never returned (the client nulls them; this module does again, so no path can leak one).
import type { Variable, VariableFields, VariablePatch } from '../contract';
import { withoutSensitiveValue } from '../clients/workspace-api';
import { HostError } from '../host/host-error';
import { BULK_CONCURRENCY, mapLimited } from './bulk';
import { variableKeyIssues } from './field-rules';
import type { Organizations } from './organizations';
import { live, type HandlersFor } from './types';

type VariableMethods = 'variables.list' | 'variables.create' | 'variables.update' | 'variables.delete' | 'variables.bulkApply';

type BulkRow = { key: string; ok: boolean; action?: 'created' | 'updated'; message?: string };

const identity = (key: string, category: string): string => `${category}\u0000${key}`;

/** The row's fields as an update patch: only what the row says; the key and category already match. */
function patchOf(row: VariableFields): VariablePatch {
  const patch: VariablePatch = {};
  if (row.value !== undefined) patch.value = row.value;
  if (row.description !== undefined) patch.description = row.description;
  if (row.hcl !== undefined) patch.hcl = row.hcl;
  if (row.sensitive !== undefined) patch.sensitive = row.sensitive;
  return patch;
}

/** Checks every row before anything is applied; returns the reason per invalid row index. */
export function checkRows(rows: readonly VariableFields[]): Map<number, string> {
  const problems = new Map<number, string>();
  const firstRow = new Map<string, number>();
  rows.forEach((row, index) => {
    const issue = variableKeyIssues(row.key, row.category)[0];
    if (issue) {
      problems.set(index, `Row ${index + 1}: ${issue.path} ${issue.message}; not applied.`);
      return;
    }
    const id = identity(row.key, row.category);
    const first = firstRow.get(id);
    if (first !== undefined) problems.set(index, `Row ${index + 1}: ${row.category} variable ${row.key} is already set by row ${first + 1}; not applied.`);
    else firstRow.set(id, index);
  });
  return problems;
}

export function variableHandlers(deps: { organizations: Organizations }): HandlersFor<VariableMethods> {
  const { organizations } = deps;
  return {
    'variables.list': async ({ connectionId, workspaceId }) => {
      const variables = await organizations.get(connectionId).client.variables.list(workspaceId);
      return live(variables.map(withoutSensitiveValue));
    },
    'variables.create': async ({ connectionId, workspaceId, ...fields }) =>
      withoutSensitiveValue(await organizations.get(connectionId).client.variables.create(workspaceId, fields)),
    'variables.update': async ({ connectionId, workspaceId, variableId, ...patch }) =>
      withoutSensitiveValue(await organizations.get(connectionId).client.variables.update(workspaceId, variableId, patch)),
    'variables.delete': async ({ connectionId, workspaceId, variableId }) => organizations.get(connectionId).client.variables.delete(workspaceId, variableId),

    'variables.bulkApply': async ({ connectionId, workspaceId, rows }) => {
      const { client } = organizations.get(connectionId);
      const problems = checkRows(rows);
      // Rows match existing variables by key and category: the same key may exist once per category.
      const existing = new Map<string, Variable>();
      for (const variable of await client.variables.list(workspaceId)) existing.set(identity(variable.attributes.key, variable.attributes.category), variable);
      return mapLimited(rows, BULK_CONCURRENCY, async (row, index): Promise<BulkRow> => {
        const problem = problems.get(index);
        if (problem) return { key: row.key, ok: false, message: problem };
        const match = existing.get(identity(row.key, row.category));
        try {
          if (match) {
            await client.variables.update(workspaceId, match.id, patchOf(row));
            return { key: row.key, ok: true, action: 'updated' };
          }
          await client.variables.create(workspaceId, row);
          return { key: row.key, ok: true, action: 'created' };
        } catch (error) {
          const reason = error instanceof HostError ? error.message : (error as Error).message;
          return { key: row.key, ok: false, message: `Row ${index + 1}: ${reason}` };
        }
      });
    },
  };
}
