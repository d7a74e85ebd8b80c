// Routes of the allocations view. Each domain owns its route module, so the views of one domain never edit another's.
import type { RouteRecordRaw } from 'vue-router';

export const allocationsRoutes: RouteRecordRaw[] = [
  { path: '/allocations', name: 'allocations', component: () => import('@/views/allocations/AllocationsView.vue'), meta: { view: 'allocations' } },
  { path: '/allocations/:id', name: 'allocation', component: () => import('@/views/allocations/AllocationDetailView.vue'), meta: { view: 'allocations' } },
];
