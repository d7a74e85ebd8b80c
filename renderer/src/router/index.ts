// Hash history: the desktop app loads the renderer from file://, where path-based history cannot work.
// Each domain declares its own routes in routes/<view>.ts; `meta.view` names the sidebar entry a route belongs to.
import { createRouter, createWebHashHistory, type RouteRecordRaw } from 'vue-router';
import { agentRoutes } from './routes/agent';
import { allocationsRoutes } from './routes/allocations';
import { eventsRoutes } from './routes/events';
import { jobsRoutes } from './routes/jobs';
import { logsRoutes } from './routes/logs';
import { nodesRoutes } from './routes/nodes';
import { projectsRoutes } from './routes/projects';
import { workspacesRoutes } from './routes/workspaces';

const routes: RouteRecordRaw[] = [
  { path: '/', redirect: '/connections' },
  { path: '/connections', name: 'connections', component: () => import('@/views/connections/ConnectionsView.vue'), meta: { view: 'connections' } },
  ...workspacesRoutes,
  ...projectsRoutes,
  ...jobsRoutes,
  ...allocationsRoutes,
  ...nodesRoutes,
  ...eventsRoutes,
  ...agentRoutes,
  ...logsRoutes,
  { path: '/:unknown(.*)*', redirect: '/connections' },
];

export function createAppRouter() {
  return createRouter({ history: createWebHashHistory(), routes });
}
