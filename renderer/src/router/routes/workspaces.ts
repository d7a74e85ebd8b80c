// Routes of the workspaces view. Each domain owns its route module, so the views of one domain never edit another's.
import type { RouteRecordRaw } from 'vue-router';

export const workspacesRoutes: RouteRecordRaw[] = [
  { path: '/workspaces', name: 'workspaces', component: () => import('@/views/workspaces/WorkspacesView.vue'), meta: { view: 'workspaces' } },
  {
    path: '/workspaces/:id',
    name: 'workspace',
    component: () => import('@/views/workspaces/detail/WorkspaceDetailView.vue'),
    props: true,
    meta: { view: 'workspaces' },
  },
];
