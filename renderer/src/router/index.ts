// Hash history: the desktop app loads the renderer from file://, where path-based history cannot work.
import { createRouter, createWebHashHistory, type RouteRecordRaw } from 'vue-router';
import { VIEWS } from './views';

const PlannedView = () => import('@/views/planned/PlannedView.vue');

const routes: RouteRecordRaw[] = [
  { path: '/', redirect: '/connections' },
  { path: '/connections', name: 'connections', component: () => import('@/views/connections/ConnectionsView.vue') },
  ...VIEWS.filter((v) => v.name !== 'connections').map(
    (v): RouteRecordRaw => ({ path: v.path, name: v.name, component: PlannedView, meta: { view: v.name } }),
  ),
  { path: '/:unknown(.*)*', redirect: '/connections' },
];

export function createAppRouter() {
  return createRouter({ history: createWebHashHistory(), routes });
}
