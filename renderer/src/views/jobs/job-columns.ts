// Columns of the jobs list. Widths are grid tracks so the windowed table lays every row out the same way.
import type { TableColumn } from '@/components/common/WindowedTable.vue';

export function jobColumns(allNamespaces: boolean): TableColumn[] {
  return [
    { key: 'name', title: 'Job', width: 'minmax(220px, 2fr)', sortKey: 'Name' },
    ...(allNamespaces ? [{ key: 'namespace', title: 'Namespace', width: '120px', sortKey: 'Namespace' }] : []),
    { key: 'type', title: 'Type', width: '110px', sortKey: 'Type' },
    { key: 'status', title: 'Status', width: '100px', sortKey: 'Status' },
    { key: 'priority', title: 'Priority', width: '80px', sortKey: 'Priority', align: 'right' as const },
    { key: 'submitted', title: 'Submitted', width: '140px', sortKey: 'SubmitTime' },
    { key: 'groups', title: 'Task groups', width: 'minmax(200px, 1.4fr)' },
  ];
}
