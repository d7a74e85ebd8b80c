// Routes of the agent view. Each domain owns its route module, so the views of one domain never edit another's.
import type { RouteRecordRaw } from 'vue-router';

export const agentRoutes: RouteRecordRaw[] = [
  { path: '/agent', name: 'agent', component: () => import('@/views/planned/PlannedView.vue'), meta: { view: 'agent' } },
];
