// Projects of the active organization: the list (search, names, permission filters, sort done by the service),
// create, update, delete and the all-or-nothing move of workspaces. Form actions throw so forms can place
// `invalid_input` issues on their fields; list loading keeps its error for the view to show.
import { defineStore } from 'pinia';
import { computed, ref } from 'vue';
import type { Project, ProjectInputFields } from '../../../main/contract';
import { call } from '@/bridge';

export interface ProjectFilters {
  q: string;
  names: string[];
  canCreateWorkspace: boolean;
  canUpdate: boolean;
  sort: 'name' | '-name';
}

export const useProjectsStore = defineStore('projects', () => {
  const items = ref<Project[]>([]);
  /** Every project of the organization, unfiltered: names for workspace rows and the project pickers. */
  const all = ref<Project[]>([]);
  const allFor = ref<string | null>(null);
  const statusCounts = ref<{ total: number; matching: number } | null>(null);
  const loading = ref(false);
  const error = ref<unknown>(null);
  const asOf = ref<string | null>(null);
  const connectionId = ref<string | null>(null);

  const nameOf = computed(() => {
    const names = new Map<string, string>();
    for (const project of [...all.value, ...items.value]) names.set(project.id, project.attributes.name);
    return (id: string | null) => (id ? (names.get(id) ?? id) : '—');
  });

  let generation = 0;
  async function load(connection: string, filters: ProjectFilters): Promise<void> {
    const gen = ++generation;
    connectionId.value = connection;
    loading.value = true;
    error.value = null;
    try {
      const answer = await call('projects.list', {
        connectionId: connection,
        ...(filters.q.trim() ? { q: filters.q.trim() } : {}),
        ...(filters.names.length ? { names: filters.names } : {}),
        ...(filters.canCreateWorkspace ? { canCreateWorkspace: true } : {}),
        ...(filters.canUpdate ? { canUpdate: true } : {}),
        sort: filters.sort,
      });
      if (gen !== generation) return;
      items.value = answer.value.items;
      statusCounts.value = answer.value.statusCounts;
      asOf.value = answer.asOf;
    } catch (failure) {
      if (gen === generation) error.value = failure;
    } finally {
      if (gen === generation) loading.value = false;
    }
  }

  /** The unfiltered list, loaded once per connection (or again with `force`). */
  async function loadAll(connection: string, force = false): Promise<Project[]> {
    if (!force && allFor.value === connection && all.value.length > 0) return all.value;
    const answer = await call('projects.list', { connectionId: connection, sort: 'name' });
    all.value = answer.value.items;
    allFor.value = connection;
    return all.value;
  }

  function remember(project: Project): void {
    const replace = (list: Project[]) => (list.some((p) => p.id === project.id) ? list.map((p) => (p.id === project.id ? project : p)) : [...list, project]);
    items.value = replace(items.value);
    all.value = replace(all.value);
  }

  async function create(connection: string, fields: ProjectInputFields): Promise<Project> {
    const project = await call('projects.create', { connectionId: connection, ...fields });
    remember(project);
    return project;
  }

  async function update(connection: string, projectId: string, fields: Partial<ProjectInputFields>): Promise<Project> {
    const project = await call('projects.update', { connectionId: connection, projectId, ...fields });
    remember(project);
    return project;
  }

  async function remove(connection: string, projectId: string): Promise<void> {
    await call('projects.delete', { connectionId: connection, projectId });
    items.value = items.value.filter((p) => p.id !== projectId);
    all.value = all.value.filter((p) => p.id !== projectId);
  }

  /** All-or-nothing on the service's side; the thrown error names each workspace concerned. */
  async function moveWorkspaces(connection: string, projectId: string, workspaceIds: string[]): Promise<void> {
    await call('projects.moveWorkspaces', { connectionId: connection, projectId, workspaceIds });
    // Counts changed on both sides of the move.
    void loadAll(connection, true).catch(() => undefined);
  }

  function reset(): void {
    items.value = [];
    all.value = [];
    allFor.value = null;
    statusCounts.value = null;
    error.value = null;
  }

  return { items, all, statusCounts, loading, error, asOf, connectionId, nameOf, load, loadAll, create, update, remove, moveWorkspaces, reset };
});
