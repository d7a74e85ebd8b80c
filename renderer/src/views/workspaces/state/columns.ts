// Columns of the state version list: a tick box for the diff, serial, status (and which one is current), the
// processed flag, engine version, size and age.
import { h } from 'vue';
import { NCheckbox, NSpace, NSpin, NTag, type DataTableColumns } from 'naive-ui';
import type { StateVersion } from '../../../../../main/contract';
import { ago } from '@/composables/useNow';
import { formatBytes, isProcessing, STATUS_LABEL, statusType } from './format';

export interface StateRowContext {
  currentId: string | null;
  compareIds: string[];
  now: number;
  toggleCompare(row: StateVersion): void;
}

export function stateColumns(context: StateRowContext): DataTableColumns<StateVersion> {
  return [
    {
      key: 'compare',
      title: '',
      width: 36,
      render: (row) =>
        h(NCheckbox, {
          checked: context.compareIds.includes(row.id),
          title: 'Tick two versions to compare them',
          'data-testid': 'sv-compare-check',
          onClick: (event: MouseEvent) => event.stopPropagation(),
          onUpdateChecked: () => context.toggleCompare(row),
        }),
    },
    { key: 'serial', title: 'Serial', width: 64, render: (row) => h('strong', { 'data-testid': 'sv-serial' }, String(row.attributes.serial)) },
    {
      key: 'status',
      title: 'Status',
      minWidth: 150,
      render: (row) =>
        h(NSpace, { size: 4, wrapItem: false, align: 'center' }, () => [
          h(NTag, { size: 'small', bordered: false, type: statusType(row.attributes.status), 'data-testid': 'sv-status' }, () => STATUS_LABEL[row.attributes.status] ?? row.attributes.status),
          row.id === context.currentId ? h(NTag, { size: 'small', type: 'primary', 'data-testid': 'sv-current-tag' }, () => 'current') : null,
          isProcessing(row) ? h(NSpace, { size: 4, align: 'center', wrapItem: false, 'data-testid': 'sv-processing' }, () => [h(NSpin, { size: 12 }), h('span', { class: 'muted' }, 'processing')]) : null,
        ]),
    },
    { key: 'engine', title: 'Engine', width: 74, render: (row) => row.attributes['engine-version'] ?? '—' },
    { key: 'size', title: 'Size', width: 82, render: (row) => formatBytes(row.attributes.size) },
    {
      key: 'created',
      title: 'Created',
      width: 96,
      render: (row) => h('span', { title: new Date(row.attributes['created-at']).toLocaleString() }, ago(row.attributes['created-at'], context.now)),
    },
  ];
}
