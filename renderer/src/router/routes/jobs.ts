// Routes of the jobs view. Each domain owns its route module, so the views of one domain never edit another's.
// Job IDs may hold "/" (dispatched and periodic children); link with named routes, which encode it in the param.
import type { RouteRecordRaw } from 'vue-router';

export const jobsRoutes: RouteRecordRaw[] = [
  { path: '/jobs', name: 'jobs', component: () => import('@/views/jobs/JobsView.vue'), meta: { view: 'jobs' } },
  { path: '/jobs/new', name: 'job-new', component: () => import('@/views/jobs/JobEditorView.vue'), props: { mode: 'new' }, meta: { view: 'jobs' } },
  { path: '/jobs/:namespace/:id', name: 'job-detail', component: () => import('@/views/jobs/JobDetailView.vue'), meta: { view: 'jobs' } },
  { path: '/jobs/:namespace/:id/edit', name: 'job-edit', component: () => import('@/views/jobs/JobEditorView.vue'), props: { mode: 'edit' }, meta: { view: 'jobs' } },
];
