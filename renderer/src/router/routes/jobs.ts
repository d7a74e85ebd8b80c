// Routes of the jobs view. Each domain owns its route module, so the views of one domain never edit another's.
import type { RouteRecordRaw } from 'vue-router';

export const jobsRoutes: RouteRecordRaw[] = [
  { path: '/jobs', name: 'jobs', component: () => import('@/views/planned/PlannedView.vue'), meta: { view: 'jobs' } },
];
