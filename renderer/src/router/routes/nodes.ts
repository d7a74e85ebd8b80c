// Routes of the nodes view. Each domain owns its route module, so the views of one domain never edit another's.
import type { RouteRecordRaw } from 'vue-router';

export const nodesRoutes: RouteRecordRaw[] = [
  { path: '/nodes', name: 'nodes', component: () => import('@/views/planned/PlannedView.vue'), meta: { view: 'nodes' } },
];
