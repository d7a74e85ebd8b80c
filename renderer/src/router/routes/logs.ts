// Routes of the log viewers (allocation task logs in tabs). Each domain owns its route module. Task logs belong to
// the allocations entry of the sidebar; `/logs/:allocId?task=NAME&type=stdout` opens or focuses a tab.
import type { RouteRecordRaw } from 'vue-router';

const LogsView = () => import('@/views/logs/LogsView.vue');

export const logsRoutes: RouteRecordRaw[] = [
  // One record for both forms, so moving between tabs never remounts the view (and its live streams).
  { path: '/logs/:allocId?', name: 'logs', component: LogsView, meta: { view: 'allocations' } },
];
