// Routes of the nodes view. Each domain owns its route module, so the views of one domain never edit another's.
import type { RouteRecordRaw } from 'vue-router';

export const nodesRoutes: RouteRecordRaw[] = [
  { path: '/nodes', name: 'nodes', component: () => import('@/views/nodes/NodesView.vue'), meta: { view: 'nodes' } },
  { path: '/nodes/:id', name: 'node', component: () => import('@/views/nodes/NodeDetailView.vue'), meta: { view: 'nodes' } },
];
