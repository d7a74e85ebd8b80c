// Variables of the workspace on screen: list, create, update, delete and bulk apply through the host. Sensitive
// values are write-only: the host answers them as null and this store never holds one after a call returns.
import { defineStore } from 'pinia';
import { computed, ref } from 'vue';
import type { Freshness, MethodResult, Variable, VariableFields } from '../../../main/contract';
import { call } from '@/bridge';

type Scope = { connectionId: string; workspaceId: string };
export type BulkResult = MethodResult<'variables.bulkApply'>;

/** Engine variables first, then env, each by key: the order the service's own UI uses. */
function ordered(list: Variable[]): Variable[] {
  return [...list].sort((a, b) => a.attributes.category.localeCompare(b.attributes.category) || a.attributes.key.localeCompare(b.attributes.key));
}

export const useVariablesStore = defineStore('variables', () => {
  const scope = ref<Scope | null>(null);
  const items = ref<Variable[]>([]);
  const freshness = ref<Freshness | null>(null);
  const loading = ref(false);
  const loadError = ref<unknown>(null);
  /** Bumped on every load so a slow answer for another workspace never overwrites the current one. */
  let generation = 0;

  const engine = computed(() => items.value.filter((v) => v.attributes.category === 'engine'));
  const env = computed(() => items.value.filter((v) => v.attributes.category === 'env'));

  function requireScope(): Scope {
    if (!scope.value) throw new Error('No workspace is open: open a workspace before changing its variables.');
    return scope.value;
  }

  async function load(next: Scope): Promise<void> {
    const mine = ++generation;
    if (scope.value?.connectionId !== next.connectionId || scope.value?.workspaceId !== next.workspaceId) items.value = [];
    scope.value = next;
    loading.value = true;
    loadError.value = null;
    try {
      const fetched = await call('variables.list', next);
      if (mine !== generation) return;
      items.value = ordered(fetched.value);
      freshness.value = { asOf: fetched.asOf, source: fetched.source, refreshError: fetched.refreshError };
    } catch (error) {
      if (mine === generation) loadError.value = error;
    } finally {
      if (mine === generation) loading.value = false;
    }
  }

  function upsert(variable: Variable): void {
    items.value = ordered([...items.value.filter((v) => v.id !== variable.id), variable]);
  }

  async function create(fields: VariableFields): Promise<Variable> {
    const created = await call('variables.create', { ...requireScope(), ...fields });
    upsert(created);
    return created;
  }

  async function update(variableId: string, patch: Partial<VariableFields>): Promise<Variable> {
    const updated = await call('variables.update', { ...requireScope(), variableId, ...patch });
    upsert(updated);
    return updated;
  }

  async function remove(variableId: string): Promise<void> {
    await call('variables.delete', { ...requireScope(), variableId });
    items.value = items.value.filter((v) => v.id !== variableId);
  }

  /** Applies rows and reloads, so the list shows what the service now holds, whatever failed. */
  async function bulkApply(rows: VariableFields[]): Promise<BulkResult> {
    const current = requireScope();
    const results = await call('variables.bulkApply', { ...current, rows });
    await load(current);
    return results;
  }

  return { scope, items, engine, env, freshness, loading, loadError, load, create, update, remove, bulkApply };
});
