// Columns of the variables tables. A sensitive variable's value cell shows only that it is hidden: the value is
// write-only and never reaches the renderer (workspace-api.md, Variable: sensitive).
import { h } from 'vue';
import { NButton, NPopconfirm, NSpace, NTag, NTooltip, type DataTableColumns } from 'naive-ui';
import type { Variable } from '../../../../../main/contract';

export interface VariableRowHandlers {
  actionsDisabled: boolean;
  actionsReason: string;
  edit(row: Variable): void;
  remove(row: Variable): void;
}

function gated(reason: string, button: ReturnType<typeof h>): ReturnType<typeof h> {
  return reason ? h(NTooltip, null, { trigger: () => h('span', button), default: () => reason }) : button;
}

function valueCell(row: Variable) {
  if (row.attributes.sensitive) {
    return h('span', { class: 'var-hidden', 'data-testid': 'var-value-hidden', title: 'Sensitive: write-only. It can be replaced, never read back.' }, 'Sensitive · hidden');
  }
  const value = row.attributes.value ?? '';
  return value === '' ? h('span', { class: 'var-empty' }, '(empty)') : h('code', { class: 'var-value', 'data-testid': 'var-value' }, value);
}

export function variableColumns(handlers: VariableRowHandlers): DataTableColumns<Variable> {
  return [
    {
      key: 'key',
      title: 'Key',
      minWidth: 200,
      render: (row) =>
        h(NSpace, { size: 6, align: 'center', wrapItem: false }, () => [
          h('code', { class: 'var-key', 'data-testid': 'var-key' }, row.attributes.key),
          row.attributes.hcl ? h(NTag, { size: 'small', bordered: false, type: 'info', 'data-testid': 'var-hcl-tag' }, () => 'HCL') : null,
          row.attributes.sensitive ? h(NTag, { size: 'small', bordered: false, type: 'warning', 'data-testid': 'var-sensitive-tag' }, () => 'sensitive') : null,
        ]),
    },
    { key: 'value', title: 'Value', minWidth: 220, ellipsis: { tooltip: false }, render: valueCell },
    { key: 'description', title: 'Description', minWidth: 160, ellipsis: { tooltip: true }, render: (row) => row.attributes.description ?? '' },
    {
      key: 'actions',
      title: '',
      width: 150,
      render: (row) =>
        h(NSpace, { size: 4, justify: 'end', wrapItem: false }, () => [
          gated(
            handlers.actionsReason,
            h(NButton, { size: 'tiny', quaternary: true, disabled: handlers.actionsDisabled, 'data-testid': 'var-edit', onClick: () => handlers.edit(row) }, () => 'Edit'),
          ),
          h(
            NPopconfirm,
            { disabled: handlers.actionsDisabled, onPositiveClick: () => handlers.remove(row), positiveText: 'Delete', negativeText: 'Keep' },
            {
              trigger: () =>
                gated(
                  handlers.actionsReason,
                  h(NButton, { size: 'tiny', quaternary: true, type: 'error', disabled: handlers.actionsDisabled, 'data-testid': 'var-delete' }, () => 'Delete'),
                ),
              default: () => h('span', { 'data-testid': 'var-delete-question' }, `Delete ${row.attributes.category} variable ${row.attributes.key}? Runs will no longer see it.`),
            },
          ),
        ]),
    },
  ];
}
