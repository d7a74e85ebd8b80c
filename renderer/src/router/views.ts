// The app's views in one table: the router, the sidebar, the command palette and the shortcuts all read it.
import type { ConnectionKind } from '../../../main/contract';

export type ViewName = 'connections' | 'workspaces' | 'projects' | 'jobs' | 'allocations' | 'nodes' | 'events' | 'agent';

export interface ViewEntry {
  name: ViewName;
  path: string;
  title: string;
  /** The kind of connection the view works on; null for views that need none. */
  needs: ConnectionKind | null;
  /** What the view will show, in a sentence completed with the connection's name ("Jobs of cluster X ..."). */
  planned?: string;
  /** Extra words the palette matches on. */
  keywords: string;
}

export const VIEWS: readonly ViewEntry[] = [
  { name: 'connections', path: '/connections', title: 'Connections', needs: null, keywords: 'clusters organizations settings tokens' },
  {
    name: 'workspaces',
    path: '/workspaces',
    title: 'Workspaces',
    needs: 'workspace',
    planned: 'will be listed here, with their locks, runs, variables and state versions',
    keywords: 'state variables locks runs',
  },
  {
    name: 'projects',
    path: '/projects',
    title: 'Projects',
    needs: 'workspace',
    planned: 'will be listed here, with the workspaces each one groups',
    keywords: 'groups',
  },
  {
    name: 'jobs',
    path: '/jobs',
    title: 'Jobs',
    needs: 'cluster',
    planned: 'will be listed here, with their task groups, versions, deployments and evaluations',
    keywords: 'deployments evaluations dispatch',
  },
  {
    name: 'allocations',
    path: '/allocations',
    title: 'Allocations',
    needs: 'cluster',
    planned: 'will be listed here, with their task states and live logs',
    keywords: 'allocs tasks logs',
  },
  {
    name: 'nodes',
    path: '/nodes',
    title: 'Nodes',
    needs: 'cluster',
    planned: 'will be listed here, with drain and eligibility controls',
    keywords: 'clients drain eligibility',
  },
  {
    name: 'events',
    path: '/events',
    title: 'Events',
    needs: 'cluster',
    planned: 'will stream here live from the event stream, filterable by topic',
    keywords: 'stream topics live',
  },
  {
    name: 'agent',
    path: '/agent',
    title: 'Agent',
    needs: 'cluster',
    planned: 'will be shown here: members, configuration and the live agent log',
    keywords: 'members servers config monitor log',
  },
];

export function viewByName(name: ViewName): ViewEntry {
  const view = VIEWS.find((v) => v.name === name);
  if (!view) throw new Error(`Unknown view ${name}`);
  return view;
}

export const KIND_LABEL: Record<ConnectionKind, string> = { cluster: 'cluster', workspace: 'organization' };
export const A_KIND: Record<ConnectionKind, string> = { cluster: 'a cluster', workspace: 'an organization' };
