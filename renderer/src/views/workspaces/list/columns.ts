// Columns of the workspaces list; `sortKey`s are the host's WorkspaceSortKey, sorting happens in main.
import type { TableColumn } from '@/components/common/WindowedTable.vue';

export const workspaceColumns: TableColumn[] = [
  { key: 'name', title: 'Name', width: 'minmax(200px, 1.6fr)', sortKey: 'name' },
  { key: 'project', title: 'Project', width: 'minmax(120px, 1fr)', sortKey: 'projectName' },
  { key: 'lock', title: 'Lock', width: 'minmax(200px, 1.3fr)', sortKey: 'locked' },
  { key: 'mode', title: 'Execution', width: '92px' },
  { key: 'engine', title: 'Engine', width: '86px', sortKey: 'engineVersion' },
  { key: 'resources', title: 'Resources', width: '96px', sortKey: 'resourceCount', align: 'right' },
  { key: 'tags', title: 'Tags', width: 'minmax(120px, 1fr)' },
  { key: 'updated', title: 'Updated', width: '110px', sortKey: 'updatedAt', align: 'right' },
];
