// Routes of the events view. Each domain owns its route module, so the views of one domain never edit another's.
import type { RouteRecordRaw } from 'vue-router';

export const eventsRoutes: RouteRecordRaw[] = [
  { path: '/events', name: 'events', component: () => import('@/views/events/EventsView.vue'), meta: { view: 'events' } },
];
