// Workspace documents mapped once into list rows (style.md: map the API's words once, at the edge), and the
// dataset shape that filters, facets and sorts them in main.
import type { Workspace, WorkspaceRow } from '../contract';
import { relationshipId } from '../clients/workspace-api';
import type { DatasetShape } from '../lists/list-dataset';
import type { Organization } from './organizations';

export const WORKSPACES_RESOURCE = 'workspaces';

/** Facet value for workspaces outside any project (the service always names one, but older data may not). */
export const NO_PROJECT = 'none';

export function toRow(workspace: Workspace, organization: Organization): WorkspaceRow {
  const a = workspace.attributes;
  const projectId = relationshipId(workspace, 'project');
  const lockedById = a.locked ? relationshipId(workspace, 'locked-by') : null;
  return {
    id: workspace.id,
    name: a.name,
    projectId,
    projectName: organization.projectName(projectId),
    locked: a.locked,
    // The user name when the service included it, else the user id, so the row always says who holds it.
    lockedBy: lockedById ? (organization.username(lockedById) ?? lockedById) : null,
    executionMode: a['execution-mode'],
    engineVersion: a['engine-version'] ?? '',
    resourceCount: a['resource-count'] ?? null,
    tagNames: a['tag-names'] ?? [],
    vcsRepo: a['vcs-repo']?.identifier ?? a['vcs-repo-identifier'] ?? null,
    updatedAt: a['updated-at'] ?? a['created-at'],
    latestChangeAt: a['latest-change-at'] ?? null,
  };
}

const text = (a: string | null, b: string | null): number => (a ?? '').localeCompare(b ?? '', undefined, { sensitivity: 'base', numeric: true });
/** ISO timestamps order correctly as plain strings; no locale rules needed. */
const iso = (a: string | null, b: string | null): number => ((a ?? '') < (b ?? '') ? -1 : (a ?? '') > (b ?? '') ? 1 : 0);
const num = (a: number | null, b: number | null): number => (a ?? -1) - (b ?? -1);

export const workspaceShape: DatasetShape<WorkspaceRow> = {
  id: (row) => row.id,
  searchText: (row) => row.name,
  facets: {
    project: (row) => row.projectId ?? NO_PROJECT,
    tags: (row) => row.tagNames,
    // The API has no locked filter (issue 5), so the facet is computed from the rows held here.
    locked: (row) => (row.locked ? 'true' : 'false'),
  },
  sorters: {
    name: (a, b) => text(a.name, b.name),
    projectName: (a, b) => text(a.projectName, b.projectName),
    locked: (a, b) => Number(a.locked) - Number(b.locked),
    resourceCount: (a, b) => num(a.resourceCount, b.resourceCount),
    updatedAt: (a, b) => iso(a.updatedAt, b.updatedAt),
    latestChangeAt: (a, b) => iso(a.latestChangeAt, b.latestChangeAt),
    engineVersion: (a, b) => text(a.engineVersion, b.engineVersion),
  },
  defaultSort: { key: 'name', order: 'asc' },
};
