// Routes of the projects view. Each domain owns its route module, so the views of one domain never edit another's.
import type { RouteRecordRaw } from 'vue-router';

export const projectsRoutes: RouteRecordRaw[] = [
  { path: '/projects', name: 'projects', component: () => import('@/views/projects/ProjectsView.vue'), meta: { view: 'projects' } },
];
