// Columns of the connections table. Render functions live here so ConnectionsView.vue stays about the page.
import { h } from 'vue';
import { NButton, NPopconfirm, NSpace, NTag, type DataTableColumns } from 'naive-ui';
import type { ConnectionSummary } from '../../../../main/contract';
import HealthDot from '@/components/common/HealthDot.vue';
import KindIcon from '@/components/common/KindIcon.vue';

export interface RowHandlers {
  activeId: string | null;
  testingId: string | null;
  switchTo(row: ConnectionSummary): void;
  test(row: ConnectionSummary): void;
  edit(row: ConnectionSummary): void;
  duplicate(row: ConnectionSummary): void;
  remove(row: ConnectionSummary): void;
}

const HEALTH_TEXT: Record<ConnectionSummary['health'], string> = {
  ok: 'OK',
  unreachable: 'Unreachable',
  unauthorized: 'Token rejected',
  tls: 'TLS problem',
  error: 'Error',
  unknown: 'Not tested',
};

function target(row: ConnectionSummary): string {
  const p = row.profile;
  return p.kind === 'cluster' ? `${p.address} · ns ${p.namespace}${p.region ? ` · ${p.region}` : ''}` : `${p.baseUrl} · org ${p.organization}`;
}

export function connectionColumns(handlers: RowHandlers): DataTableColumns<ConnectionSummary> {
  return [
    {
      key: 'name',
      title: 'Connection',
      minWidth: 180,
      render: (row) =>
        h('div', { class: 'conn-name' }, [
          h(HealthDot, { health: row.health, message: row.healthMessage }),
          h(KindIcon, { kind: row.profile.kind }),
          h('strong', row.profile.name),
        ]),
    },
    { key: 'target', title: 'Address', minWidth: 180, ellipsis: { tooltip: true }, render: target },
    {
      key: 'status',
      title: 'Status',
      minWidth: 220,
      render: (row) =>
        h('div', { class: 'conn-status' }, [
          h('span', { title: row.healthMessage, 'data-testid': 'conn-health' }, HEALTH_TEXT[row.health]),
          row.profile.id === handlers.activeId ? h(NTag, { size: 'small', type: 'success', bordered: false, 'data-testid': 'conn-active-tag' }, () => 'active') : null,
          row.profile.demo ? h(NTag, { size: 'small', type: 'info', bordered: false }, () => 'demo') : null,
          row.profile.kind === 'cluster' && row.profile.tls.skipVerify
            ? h(NTag, { size: 'small', type: 'warning', 'data-testid': 'conn-skip-verify', title: 'TLS certificates are not verified' }, () => 'skip-verify')
            : null,
          h(
            NTag,
            { size: 'small', bordered: false, type: row.hasToken ? 'default' : 'warning', 'data-testid': 'conn-token-tag' },
            () => (row.hasToken ? 'token set' : 'no token'),
          ),
        ]),
    },
    {
      key: 'actions',
      title: '',
      align: 'right',
      width: 350,
      render: (row) =>
        h(NSpace, { size: 6, justify: 'end', wrap: false }, () => [
          h(
            NButton,
            { size: 'small', disabled: row.profile.id === handlers.activeId, 'data-testid': 'conn-switch', onClick: () => handlers.switchTo(row) },
            () => (row.profile.id === handlers.activeId ? 'Active' : 'Switch'),
          ),
          h(NButton, { size: 'small', loading: handlers.testingId === row.profile.id, 'data-testid': 'conn-test', onClick: () => handlers.test(row) }, () => 'Test'),
          h(NButton, { size: 'small', 'data-testid': 'conn-edit', onClick: () => handlers.edit(row) }, () => 'Edit'),
          h(NButton, { size: 'small', 'data-testid': 'conn-duplicate', onClick: () => handlers.duplicate(row) }, () => 'Duplicate'),
          h(
            NPopconfirm,
            {
              positiveText: 'Remove',
              negativeText: 'Cancel',
              positiveButtonProps: { type: 'error', 'data-testid': 'conn-remove-confirm' } as object,
              onPositiveClick: () => handlers.remove(row),
            },
            {
              trigger: () => h(NButton, { size: 'small', type: 'error', ghost: true, 'data-testid': 'conn-remove' }, () => 'Remove'),
              default: () =>
                h('span', { 'data-testid': 'conn-remove-question' }, `Remove connection “${row.profile.name}” and its stored token? This cannot be undone.`),
            },
          ),
        ]),
    },
  ];
}
