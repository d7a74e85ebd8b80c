// State versions of the workspace on screen: the paged list with its status filter, the selected version's
// detail and outputs (refreshed while the service is still processing it), and the state actions through the host.
import { defineStore } from 'pinia';
import { computed, ref } from 'vue';
import type { Freshness, PaginationMeta, StateUploadSource, StateVersion, StateVersionDiff, StateVersionOutput, StateVersionStatusFilter } from '../../../main/contract';
import { call } from '@/bridge';

type Scope = { connectionId: string; workspaceId: string };

/** `resources-processed` flips shortly after finalization; poll at this pace, for at most about two minutes. */
export const PROCESSING_POLL_MS = 1000;
const PROCESSING_POLL_LIMIT = 120;
export const PAGE_SIZE = 20;

const contentReadable = (v: StateVersion): boolean => v.attributes.status === 'finalized' || v.attributes.status === 'uploaded';

export const useStateVersionsStore = defineStore('stateVersions', () => {
  const scope = ref<Scope | null>(null);
  const status = ref<StateVersionStatusFilter | null>(null);
  const page = ref(1);
  const items = ref<StateVersion[]>([]);
  const pagination = ref<PaginationMeta | null>(null);
  const freshness = ref<Freshness | null>(null);
  const loading = ref(false);
  const loadError = ref<unknown>(null);
  const currentId = ref<string | null>(null);
  const workspaceName = ref<string>('');
  const workspaceLocked = ref(false);

  const selectedId = ref<string | null>(null);
  const detail = ref<StateVersion | null>(null);
  const detailError = ref<unknown>(null);
  const outputs = ref<StateVersionOutput[] | null>(null);
  const outputsError = ref<unknown>(null);
  const outputsLoading = ref(false);
  /** Versions ticked for a diff, with their serials so the choice survives paging. */
  const compare = ref<Array<{ id: string; serial: number }>>([]);

  let listGeneration = 0;
  let detailGeneration = 0;
  let pollTimer: ReturnType<typeof setTimeout> | null = null;

  const current = computed(() => items.value.find((v) => v.id === currentId.value) ?? null);

  function requireScope(): Scope {
    if (!scope.value) throw new Error('No workspace is open: open a workspace before changing its state.');
    return scope.value;
  }

  async function loadPage(): Promise<void> {
    const at = requireScope();
    const mine = ++listGeneration;
    loading.value = true;
    loadError.value = null;
    try {
      const [list, currentVersion] = await Promise.all([
        call('stateVersions.list', { ...at, page: page.value, pageSize: PAGE_SIZE, ...(status.value ? { status: status.value } : {}) }),
        call('stateVersions.current', at).catch(() => null),
      ]);
      if (mine !== listGeneration) return;
      items.value = list.value.items;
      pagination.value = list.value.pagination;
      freshness.value = { asOf: list.asOf, source: list.source, refreshError: list.refreshError };
      if (currentVersion) currentId.value = currentVersion.value?.id ?? null;
    } catch (error) {
      if (mine === listGeneration) loadError.value = error;
    } finally {
      if (mine === listGeneration) loading.value = false;
    }
  }

  /** The workspace's name (rollback confirms with it) and whether someone holds its lock. */
  async function loadWorkspace(): Promise<void> {
    try {
      const read = await call('workspaces.read', requireScope());
      workspaceName.value = read.value.workspace.attributes.name;
      workspaceLocked.value = read.value.workspace.attributes.locked;
    } catch {
      // The list says what failed; the name only labels the confirmation.
    }
  }

  async function open(next: Scope): Promise<void> {
    const same = scope.value?.connectionId === next.connectionId && scope.value?.workspaceId === next.workspaceId;
    scope.value = next;
    if (!same) {
      items.value = [];
      page.value = 1;
      status.value = null;
      compare.value = [];
      workspaceName.value = '';
      select(null);
    }
    await Promise.all([loadPage(), loadWorkspace()]);
  }

  async function goToPage(next: number): Promise<void> {
    page.value = next;
    await loadPage();
  }

  async function filterStatus(next: StateVersionStatusFilter | null): Promise<void> {
    status.value = next;
    page.value = 1;
    await loadPage();
  }

  function replace(version: StateVersion): void {
    items.value = items.value.map((v) => (v.id === version.id ? version : v));
    if (detail.value?.id === version.id) detail.value = version;
  }

  function stopPolling(): void {
    if (pollTimer) clearTimeout(pollTimer);
    pollTimer = null;
  }

  /** Re-reads the selected version until the service has processed it, then fetches its outputs once. */
  function pollProcessing(id: string, mine: number, attempt = 0): void {
    stopPolling();
    if (attempt >= PROCESSING_POLL_LIMIT) return;
    pollTimer = setTimeout(async () => {
      if (mine !== detailGeneration || !scope.value) return;
      try {
        const read = await call('stateVersions.read', { connectionId: scope.value.connectionId, stateVersionId: id });
        if (mine !== detailGeneration) return;
        replace(read.value);
        if (read.value.attributes['resources-processed']) void loadOutputs(read.value, mine);
        else pollProcessing(id, mine, attempt + 1);
      } catch {
        if (mine === detailGeneration) pollProcessing(id, mine, attempt + 1);
      }
    }, PROCESSING_POLL_MS);
  }

  async function loadOutputs(version: StateVersion, mine: number): Promise<void> {
    outputsError.value = null;
    if (!contentReadable(version)) {
      outputs.value = null;
      return;
    }
    outputsLoading.value = true;
    try {
      const answer = await call('stateVersions.outputs', { connectionId: requireScope().connectionId, stateVersionId: version.id });
      if (mine === detailGeneration) outputs.value = answer;
    } catch (error) {
      if (mine === detailGeneration) outputsError.value = error;
    } finally {
      if (mine === detailGeneration) outputsLoading.value = false;
    }
  }

  async function select(id: string | null): Promise<void> {
    const mine = ++detailGeneration;
    stopPolling();
    selectedId.value = id;
    detailError.value = null;
    outputs.value = null;
    outputsError.value = null;
    outputsLoading.value = false;
    detail.value = id ? (items.value.find((v) => v.id === id) ?? null) : null;
    if (!id || !scope.value) return;
    try {
      const read = await call('stateVersions.read', { connectionId: scope.value.connectionId, stateVersionId: id });
      if (mine !== detailGeneration) return;
      replace(read.value);
      detail.value = read.value;
      if (contentReadable(read.value) && !read.value.attributes['resources-processed']) pollProcessing(id, mine);
      await loadOutputs(read.value, mine);
    } catch (error) {
      if (mine === detailGeneration) detailError.value = error;
    }
  }

  function toggleCompare(version: StateVersion): void {
    const present = compare.value.some((c) => c.id === version.id);
    if (present) compare.value = compare.value.filter((c) => c.id !== version.id);
    // Two at most: ticking a third replaces the older pick.
    else compare.value = [...compare.value, { id: version.id, serial: version.attributes.serial }].slice(-2);
  }

  /** Older serial first, so the diff reads as "what changed since". */
  async function diff(): Promise<StateVersionDiff> {
    const [a, b] = [...compare.value].sort((x, y) => x.serial - y.serial);
    return call('stateVersions.diff', { connectionId: requireScope().connectionId, fromId: a.id, toId: b.id });
  }

  async function afterStateChange(selectId?: string): Promise<void> {
    await Promise.all([loadPage(), loadWorkspace()]);
    if (selectId) await select(selectId);
  }

  async function download(stateVersionId: string, format: 'raw' | 'json', transferId: string) {
    return call('stateVersions.download', { connectionId: requireScope().connectionId, stateVersionId, format, transferId });
  }

  async function upload(source: StateUploadSource, transferId: string): Promise<StateVersion> {
    const created = await call('stateVersions.upload', { ...requireScope(), source, transferId });
    page.value = 1;
    await afterStateChange(created.id);
    return created;
  }

  async function rollback(stateVersionId: string, confirm: string): Promise<StateVersion> {
    try {
      const rolled = await call('stateVersions.rollback', { ...requireScope(), stateVersionId, confirm });
      page.value = 1;
      await afterStateChange(rolled.id);
      return rolled;
    } catch (error) {
      await loadWorkspace();
      throw error;
    }
  }

  async function softDelete(stateVersionId: string, deleteOlderThanNDays?: number): Promise<void> {
    const version = await call('stateVersions.softDelete', { connectionId: requireScope().connectionId, stateVersionId, ...(deleteOlderThanNDays ? { deleteOlderThanNDays } : {}) });
    replace(version);
    if (selectedId.value === stateVersionId) outputs.value = null;
  }

  async function restore(stateVersionId: string): Promise<void> {
    replace(await call('stateVersions.restore', { connectionId: requireScope().connectionId, stateVersionId }));
    if (selectedId.value === stateVersionId) await select(stateVersionId);
  }

  async function permanentlyDelete(stateVersionId: string, confirm: string): Promise<void> {
    replace(await call('stateVersions.permanentlyDelete', { connectionId: requireScope().connectionId, stateVersionId, confirm }));
  }

  function close(): void {
    stopPolling();
    detailGeneration++;
  }

  return {
    scope, status, page, items, pagination, freshness, loading, loadError, currentId, current, workspaceName, workspaceLocked,
    selectedId, detail, detailError, outputs, outputsError, outputsLoading, compare,
    open, loadPage, goToPage, filterStatus, select, toggleCompare, diff, download, upload, rollback, softDelete, restore, permanentlyDelete, close,
  };
});
