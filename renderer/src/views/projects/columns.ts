// Columns of the projects table, rendered with naive-ui's data table; actions obey the action gate.
import { h } from 'vue';
import { NTag, type DataTableColumns } from 'naive-ui';
import type { Project } from '../../../../main/contract';
import GatedButton from '@/components/common/GatedButton.vue';

export interface ProjectActions {
  edit(project: Project): void;
  remove(project: Project): void;
  moveInto(project: Project): void;
  showWorkspaces(project: Project): void;
}

const permission = (project: Project, key: string) => project.attributes.permissions?.[key] === true;

export function projectColumns(actions: ProjectActions): DataTableColumns<Project> {
  return [
    {
      key: 'name',
      title: 'Name',
      render: (p) => h('a', { class: 'project-name', 'data-testid': 'project-name', onClick: () => actions.showWorkspaces(p), title: 'Show its workspaces' }, p.attributes.name),
    },
    { key: 'description', title: 'Description', ellipsis: { tooltip: true }, render: (p) => p.attributes.description ?? '' },
    { key: 'workspaces', title: 'Workspaces', width: 110, align: 'right', render: (p) => String(p.attributes['workspace-count'] ?? '—') },
    { key: 'teams', title: 'Teams', width: 80, align: 'right', render: (p) => String(p.attributes['team-count'] ?? '—') },
    { key: 'autoDestroy', title: 'Auto-destroy', width: 120, render: (p) => p.attributes['auto-destroy-activity-duration'] ?? '—' },
    {
      key: 'permissions',
      title: 'You may',
      width: 250,
      render: (p) =>
        h('span', { class: 'perms' }, [
          permission(p, 'can-update') ? h(NTag, { size: 'tiny', bordered: false }, () => 'update') : null,
          permission(p, 'can-create-workspace') ? h(NTag, { size: 'tiny', bordered: false }, () => 'create workspaces') : null,
          permission(p, 'can-destroy') ? h(NTag, { size: 'tiny', bordered: false }, () => 'delete') : null,
        ]),
    },
    {
      key: 'actions',
      title: '',
      width: 290,
      render: (p) =>
        h('span', { class: 'row-actions' }, [
          h(GatedButton, { size: 'tiny', testid: 'project-move', onClick: () => actions.moveInto(p) }, () => 'Move workspaces here…'),
          h(GatedButton, { size: 'tiny', testid: 'project-edit', blocked: permission(p, 'can-update') ? '' : 'This token may not update this project.', onClick: () => actions.edit(p) }, () => 'Edit'),
          h(
            GatedButton,
            {
              size: 'tiny',
              type: 'error',
              secondary: true,
              testid: 'project-delete',
              blocked: (p.attributes['workspace-count'] ?? 0) > 0 ? 'A project that contains workspaces cannot be deleted: move them out first.' : '',
              onClick: () => actions.remove(p),
            },
            () => 'Delete',
          ),
        ]),
    },
  ];
}
