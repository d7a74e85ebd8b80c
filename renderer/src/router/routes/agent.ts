// Routes of the agent view. Each domain owns its route module, so the views of one domain never edit another's.
// The tab is in the query (`/agent?tab=monitor`), so switching tabs never remounts the view or its streams.
import type { RouteRecordRaw } from 'vue-router';

export const agentRoutes: RouteRecordRaw[] = [
  { path: '/agent', name: 'agent', component: () => import('@/views/agent/AgentView.vue'), meta: { view: 'agent' } },
];
