// Connection profiles, the active connection, their tokens' status, tests and the demo. The host owns the truth;
// this store mirrors its list and patches it with each answer instead of refetching.
import { defineStore } from 'pinia';
import { computed, ref } from 'vue';
import type {
  ConnectionDraft,
  ConnectionList,
  ConnectionPatch,
  ConnectionSettings,
  ConnectionSummary,
  ConnectionTestReport,
  EnvImportResult,
  TokenStatus,
} from '../../../main/contract';
import { call } from '@/bridge';
import { feedback } from '@/composables/feedback';

export const useConnectionsStore = defineStore('connections', () => {
  const list = ref<ConnectionSummary[]>([]);
  const activeId = ref<string | null>(null);
  const loaded = ref(false);
  const loading = ref(false);
  const loadError = ref<unknown>(null);

  const active = computed(() => list.value.find((c) => c.profile.id === activeId.value) ?? null);
  const isEmpty = computed(() => loaded.value && list.value.length === 0);

  function byId(id: string): ConnectionSummary | undefined {
    return list.value.find((c) => c.profile.id === id);
  }

  function applyList(next: ConnectionList): void {
    list.value = next.connections;
    activeId.value = next.activeId;
    loaded.value = true;
  }

  function upsert(summary: ConnectionSummary): void {
    const index = list.value.findIndex((c) => c.profile.id === summary.profile.id);
    if (index === -1) list.value = [...list.value, summary];
    else list.value = list.value.map((c, i) => (i === index ? summary : c));
  }

  function patchSummary(id: string, patch: Partial<ConnectionSummary>): void {
    list.value = list.value.map((c) => (c.profile.id === id ? { ...c, ...patch } : c));
  }

  async function load(): Promise<void> {
    loading.value = true;
    loadError.value = null;
    try {
      applyList(await call('connections.list', {}));
    } catch (error) {
      loadError.value = error;
    } finally {
      loading.value = false;
    }
  }

  /** Form actions throw, so the form can place `invalid_input` issues on its fields. */
  async function create(draft: ConnectionDraft): Promise<ConnectionSummary> {
    const created = await call('connections.create', draft);
    upsert(created);
    recheck(created.profile.id);
    // The first connection becomes the active one, so the operator lands somewhere useful.
    if (activeId.value === null) await setActive(created.profile.id);
    return created;
  }

  async function update(id: string, patch: ConnectionPatch): Promise<ConnectionSummary> {
    const updated = await call('connections.update', { id, patch });
    upsert(updated);
    recheck(id);
    return updated;
  }

  async function duplicate(id: string, name?: string): Promise<ConnectionSummary | null> {
    try {
      const copy = await call('connections.duplicate', name === undefined ? { id } : { id, name });
      upsert(copy);
      feedback.success(`Duplicated as “${copy.profile.name}”. Set its token before using it.`);
      return copy;
    } catch (error) {
      feedback.error(`Duplicating “${byId(id)?.profile.name ?? id}”`, error);
      return null;
    }
  }

  async function remove(id: string): Promise<boolean> {
    const name = byId(id)?.profile.name ?? id;
    try {
      await call('connections.remove', { id });
      list.value = list.value.filter((c) => c.profile.id !== id);
      if (activeId.value === id) activeId.value = null;
      feedback.success(`Removed “${name}” and its stored token.`);
      // The host may have picked another active connection.
      await load();
      return true;
    } catch (error) {
      feedback.error(`Removing “${name}”`, error);
      return false;
    }
  }

  async function setActive(id: string | null): Promise<boolean> {
    if (id === activeId.value) return true;
    try {
      applyList(await call('connections.setActive', { id }));
      return true;
    } catch (error) {
      feedback.error(`Switching to “${(id && byId(id)?.profile.name) ?? id}”`, error);
      return false;
    }
  }

  /** `[` and `]`: the previous or next connection in list order, wrapping around. */
  async function cycle(step: 1 | -1): Promise<void> {
    if (list.value.length === 0) return;
    const index = list.value.findIndex((c) => c.profile.id === activeId.value);
    const next = index === -1 ? (step === 1 ? 0 : list.value.length - 1) : (index + step + list.value.length) % list.value.length;
    await setActive(list.value[next].profile.id);
  }

  async function test(id: string): Promise<ConnectionTestReport> {
    const report = await call('connections.test', { id });
    patchSummary(id, { health: report.health, healthMessage: report.summary, checkedAt: new Date().toISOString() });
    return report;
  }

  /** A new or changed connection is tested in the background, so the switcher shows its state, not "Not tested". */
  function recheck(id: string): void {
    test(id).catch(() => undefined);
  }

  async function testDraft(settings: ConnectionSettings, token?: string): Promise<ConnectionTestReport> {
    return call('connections.testDraft', token ? { settings, token } : { settings });
  }

  async function importFromEnv(): Promise<EnvImportResult> {
    const result = await call('connections.importFromEnv', {});
    if (result.connection) {
      upsert(result.connection);
      if (activeId.value === null) await setActive(result.connection.profile.id);
    }
    return result;
  }

  async function tokenStatus(connectionId: string): Promise<TokenStatus> {
    const status = await call('tokens.status', { connectionId });
    patchSummary(connectionId, { hasToken: status.hasToken });
    return status;
  }

  async function setToken(connectionId: string, token: string): Promise<TokenStatus> {
    const status = await call('tokens.set', { connectionId, token });
    patchSummary(connectionId, { hasToken: status.hasToken });
    recheck(connectionId);
    return status;
  }

  async function clearToken(connectionId: string): Promise<TokenStatus> {
    const status = await call('tokens.clear', { connectionId });
    patchSummary(connectionId, { hasToken: status.hasToken });
    return status;
  }

  async function startDemo(): Promise<boolean> {
    try {
      applyList(await call('demo.start', {}));
      feedback.success('The demo cluster and demo organization are ready.');
      return true;
    } catch (error) {
      feedback.error('Opening the demo', error);
      return false;
    }
  }

  return {
    list,
    activeId,
    active,
    loaded,
    loading,
    loadError,
    isEmpty,
    byId,
    load,
    create,
    update,
    duplicate,
    remove,
    setActive,
    cycle,
    test,
    testDraft,
    importFromEnv,
    tokenStatus,
    setToken,
    clearToken,
    startDemo,
  };
});
