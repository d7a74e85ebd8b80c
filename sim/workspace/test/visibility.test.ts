// "404 for anything the caller may not see" (workspace-api.md, Errors), endpoint by endpoint: a read-only team token
// scoped to the `platform` project gets the same 404 for another project's workspace, its state versions and the
// project itself as for ids that do not exist, on every method, so a 404 never tells hidden from missing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectError, startHarness, type Harness } from './harness';

let h: Harness;
let hidden: { ws: string; name: string; project: string; sv: string; variable: string };
beforeAll(async () => {
  h = await startHarness();
  const ws = h.workspace('analytics-etl');
  const vars = await h.as('user').get(`/api/v2/workspaces/${ws.id}/vars`);
  hidden = { ws: ws.id, name: ws.name, project: ws.projectId, sv: ws.currentStateVersionId!, variable: vars.body.data[0]?.id ?? 'var-none' };
});
afterAll(async () => {
  await h.close();
});

const wsBody = { data: { type: 'workspaces', attributes: { description: 'x' } } };
const rels = { data: [{ type: 'workspaces', id: 'ws-unknown0000000' }] };

/** [method, path for an id] for every endpoint scoped to a workspace, project or state version. */
const routes = (ws: string, name: string, project: string, sv: string, variable: string): [string, string, unknown?][] => [
  ['GET', `/api/v2/workspaces/${ws}`],
  ['PATCH', `/api/v2/workspaces/${ws}`, wsBody],
  ['DELETE', `/api/v2/workspaces/${ws}`],
  ['GET', `/api/v2/organizations/demo-org/workspaces/${name}`],
  ['PATCH', `/api/v2/organizations/demo-org/workspaces/${name}`, wsBody],
  ['DELETE', `/api/v2/organizations/demo-org/workspaces/${name}`],
  ['POST', `/api/v2/organizations/demo-org/workspaces/${name}/actions/safe-delete`],
  ['POST', `/api/v2/workspaces/${ws}/actions/safe-delete`],
  ['POST', `/api/v2/workspaces/${ws}/actions/lock`, { reason: 'x' }],
  ['POST', `/api/v2/workspaces/${ws}/actions/unlock`],
  ['POST', `/api/v2/workspaces/${ws}/actions/force-unlock`],
  ['GET', `/api/v2/workspaces/${ws}/vars`],
  ['POST', `/api/v2/workspaces/${ws}/vars`, { data: { type: 'vars', attributes: { key: 'k', category: 'env' } } }],
  ['PATCH', `/api/v2/workspaces/${ws}/vars/${variable}`, { data: { type: 'vars', attributes: { value: 'v' } } }],
  ['DELETE', `/api/v2/workspaces/${ws}/vars/${variable}`],
  ['GET', `/api/v2/workspaces/${ws}/current-state-version`],
  ['POST', `/api/v2/workspaces/${ws}/state-versions`, { data: { type: 'state-versions', attributes: { serial: 1, md5: '0'.repeat(32) } } }],
  ['PATCH', `/api/v2/workspaces/${ws}/state-versions`, { data: { type: 'state-versions', relationships: { 'rollback-state-version': { data: { type: 'state-versions', id: sv } } } } }],
  ['GET', `/api/v2/state-versions?filter%5Bworkspace%5D%5Bname%5D=${name}&filter%5Borganization%5D%5Bname%5D=demo-org`],
  ['GET', `/api/v2/state-versions/${sv}`],
  ['POST', `/api/v2/state-versions/${sv}/actions/soft_delete_backing_data`],
  ['POST', `/api/v2/state-versions/${sv}/actions/restore_backing_data`],
  ['POST', `/api/v2/state-versions/${sv}/actions/permanently_delete_backing_data`],
  ['GET', `/api/v2/workspaces/${ws}/relationships/remote-state-consumers`],
  ['POST', `/api/v2/workspaces/${ws}/relationships/remote-state-consumers`, rels],
  ['PATCH', `/api/v2/workspaces/${ws}/relationships/remote-state-consumers`, rels],
  ['DELETE', `/api/v2/workspaces/${ws}/relationships/remote-state-consumers`, rels],
  ['GET', `/api/v2/workspaces/${ws}/relationships/tags`],
  ['POST', `/api/v2/workspaces/${ws}/relationships/tags`, { data: [{ type: 'tags', attributes: { name: 't' } }] }],
  ['DELETE', `/api/v2/workspaces/${ws}/relationships/tags`, { data: [{ type: 'tags', attributes: { name: 't' } }] }],
  ['GET', `/api/v2/workspaces/${ws}/tag-bindings`],
  ['GET', `/api/v2/workspaces/${ws}/effective-tag-bindings`],
  ['GET', `/api/v2/workspaces/${ws}/relationships/data-retention-policy`],
  ['POST', `/api/v2/workspaces/${ws}/relationships/data-retention-policy`, { data: { type: 'data-retention-policy-dont-deletes', attributes: {} } }],
  ['DELETE', `/api/v2/workspaces/${ws}/relationships/data-retention-policy`],
  ['PATCH', `/api/v2/workspaces/${ws}/relationships/ssh-key`, { data: { type: 'workspaces', attributes: { id: null } } }],
  ['GET', `/api/v2/projects/${project}`],
  ['PATCH', `/api/v2/projects/${project}`, { data: { type: 'projects', attributes: { description: 'x' } } }],
  ['POST', `/api/v2/projects/${project}/relationships/workspaces`, { data: [] }],
];

async function call(method: string, path: string, body?: unknown) {
  const client = h.as('readOnly');
  if (method === 'GET') return client.get(path);
  if (method === 'POST') return client.post(path, body);
  if (method === 'PATCH') return client.patch(path, body);
  return client.del(path, body);
}

describe('hidden resources answer 404, exactly as missing ones do', () => {
  it('covers every workspace-, state-version- and project-scoped endpoint', () => {
    expect(routes('w', 'n', 'p', 's', 'v')).toHaveLength(39);
  });

  it.each(routes(':ws', ':name', ':project', ':sv', ':var').map(([method, path], i) => [method, path, i] as const))('%s %s', async (method, _path, i) => {
    const [, hiddenPath, body] = routes(hidden.ws, hidden.name, hidden.project, hidden.sv, hidden.variable)[i];
    const [, missingPath] = routes('ws-doesnotexist00', 'no-such-workspace', 'prj-doesnotexist0', 'sv-doesnotexist00', 'var-doesnotexist0')[i];
    const seen = await call(method, hiddenPath, body);
    const detail = expectError(seen, 404);
    const missing = await call(method, missingPath, body);
    expect(missing.status).toBe(404);
    // Same title, and a detail that does not say "exists but forbidden".
    expect(seen.body.errors[0].title).toBe(missing.body.errors[0].title);
    expect(detail).not.toMatch(/forbidden|permission denied|exists/i);
  });

  it('lists leave hidden workspaces and projects out instead of refusing', async () => {
    const workspaces = await h.as('readOnly').get('/api/v2/organizations/demo-org/workspaces');
    expect(workspaces.status).toBe(200);
    expect(workspaces.body.data.map((w: any) => w.attributes.name)).not.toContain(hidden.name);
    const projects = await h.as('readOnly').get('/api/v2/organizations/demo-org/projects');
    expect(projects.body.data.map((p: any) => p.id)).not.toContain(hidden.project);
  });
});
