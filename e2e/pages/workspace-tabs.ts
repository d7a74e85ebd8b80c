// Opening a tab of a workspace's detail page, and finding workspaces by name straight from the simulator (one
// request, so the tests never wait behind the app's own 10,000-workspace list fill).
import type { AppSession } from '../support/app';

export async function workspaceIdByName(app: AppSession, name: string, token = app.sim.workspaceToken): Promise<string> {
  const response = await fetch(`${app.sim.url}/api/v2/organizations/${app.sim.organization}/workspaces/${encodeURIComponent(name)}`, {
    headers: { Authorization: `Bearer ${token}`, Accept: 'application/vnd.api+json' },
  });
  if (!response.ok) throw new Error(`workspace ${name}: HTTP ${response.status}`);
  return ((await response.json()) as { data: { id: string } }).data.id;
}

interface WorkspaceDoc {
  id: string;
  attributes: { name: string; locked: boolean };
  relationships?: Record<string, { data?: { id: string } | null }>;
}

/** The first unlocked workspaces of the organization (one page), with whether each has a current state version. */
export async function unlockedWorkspaces(app: AppSession): Promise<Array<{ id: string; name: string; hasState: boolean }>> {
  const response = await fetch(`${app.sim.url}/api/v2/organizations/${app.sim.organization}/workspaces?page%5Bsize%5D=50`, {
    headers: { Authorization: `Bearer ${app.sim.workspaceToken}`, Accept: 'application/vnd.api+json' },
  });
  if (!response.ok) throw new Error(`workspace list: HTTP ${response.status}`);
  const docs = ((await response.json()) as { data: WorkspaceDoc[] }).data;
  return docs
    .filter((doc) => !doc.attributes.locked)
    .map((doc) => ({ id: doc.id, name: doc.attributes.name, hasState: !!doc.relationships?.['current-state-version']?.data }));
}

/** The detail page (`#/workspaces/:id`) with one of its tabs open. */
export async function openWorkspaceTab(app: AppSession, workspaceId: string, tab: 'variables' | 'state'): Promise<void> {
  await app.goto(`#/workspaces/${workspaceId}`);
  // The detail page's tabs are naive-ui tabs: no role or test id, but each carries its pane name as data-name.
  await app.page.locator(`.n-tabs-tab[data-name="${tab}"]`).click();
}
