// Malformed requests get each API's error shape, never a crash: every body-taking route of both APIs is fed bad
// JSON, wrong JSON kinds, binary junk, deep nesting and an oversized body; bad paths and queries too.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSimulator, type Simulator } from './index';

let sim: Simulator;
let ws: string;
let variable: string;
let project: string;
let node: string;
let alloc: string;
beforeAll(async () => {
  sim = await startSimulator({ seed: 9, eventRate: 0 });
  sim.workspace.rateLimiter.limit = 1_000_000;
  const store = sim.workspace.store;
  ws = store.workspaceNamed('networking-prod')!.id;
  project = store.workspaceNamed('networking-prod')!.projectId;
  const vars = await (await fetch(`${sim.url}/api/v2/workspaces/${ws}/vars`, { headers: { Authorization: `Bearer ${sim.workspaceToken}` } })).json();
  variable = vars.data[0]?.id ?? 'var-missing';
  node = [...sim.cluster.state.nodes.keys()][0];
  alloc = [...sim.cluster.state.allocs.values()].find((a) => a.ClientStatus === 'running')!.ID;
});
afterAll(async () => {
  await sim.close();
});

const deepArray = '['.repeat(100_000) + ']'.repeat(100_000);
const BODIES: [string, string | Uint8Array<ArrayBuffer>][] = [
  ['truncated JSON', '{"data": {"type": '],
  ['not JSON', 'hello=world&a=b'],
  ['an array', '[1,2,3]'],
  ['null', 'null'],
  ['a string', '"text"'],
  ['a number', '42'],
  ['data of the wrong kind', '{"data": 5, "Job": "x", "JobID": 5, "DrainSpec": "x", "Eligibility": 7, "Signal": [], "num_schedulers": "two"}'],
  ['binary junk', new Uint8Array(Array.from({ length: 512 }, (_, i) => (i * 37 + 11) % 256))],
  ['invalid UTF-8', new Uint8Array([0x7b, 0x22, 0xff, 0xfe, 0x22, 0x3a, 0x31, 0x7d])],
  ['100,000 levels of nesting', deepArray],
];

const workspaceRoutes = (): [string, string][] => [
  ['POST', `/api/v2/organizations/demo-org/projects`],
  ['PATCH', `/api/v2/projects/${project}`],
  ['POST', `/api/v2/projects/${project}/relationships/workspaces`],
  ['POST', `/api/v2/workspaces/${ws}/vars`],
  ['PATCH', `/api/v2/workspaces/${ws}/vars/${variable}`],
  ['POST', `/api/v2/workspaces/${ws}/state-versions`],
  ['PATCH', `/api/v2/workspaces/${ws}/state-versions`],
  ['POST', `/api/v2/organizations/demo-org/workspaces`],
  ['PATCH', `/api/v2/workspaces/${ws}`],
  ['PATCH', `/api/v2/organizations/demo-org/workspaces/networking-prod`],
  ['POST', `/api/v2/workspaces/${ws}/actions/lock`],
  ['POST', `/api/v2/workspaces/${ws}/relationships/remote-state-consumers`],
  ['PATCH', `/api/v2/workspaces/${ws}/relationships/remote-state-consumers`],
  ['DELETE', `/api/v2/workspaces/${ws}/relationships/remote-state-consumers`],
  ['POST', `/api/v2/workspaces/${ws}/relationships/tags`],
  ['DELETE', `/api/v2/workspaces/${ws}/relationships/tags`],
  ['POST', `/api/v2/workspaces/${ws}/relationships/data-retention-policy`],
  ['PATCH', `/api/v2/workspaces/${ws}/relationships/ssh-key`],
];

const clusterRoutes = (): [string, string][] => [
  ['POST', '/v1/jobs'],
  ['POST', '/v1/jobs/parse'],
  ['POST', '/v1/job/web'],
  ['POST', '/v1/job/video-encode/dispatch'],
  ['POST', '/v1/job/web/revert'],
  ['POST', '/v1/job/web/stable'],
  ['POST', '/v1/job/web/evaluate'],
  ['POST', '/v1/job/web/plan'],
  ['POST', '/v1/job/api/scale'],
  ['POST', `/v1/client/allocation/${alloc}/signal`],
  ['POST', `/v1/client/allocation/${alloc}/restart`],
  ['POST', `/v1/node/${node}/drain`],
  ['POST', `/v1/node/${node}/eligibility`],
  ['PUT', '/v1/agent/schedulers/config'],
];

async function send(method: string, path: string, body: string | Uint8Array<ArrayBuffer>): Promise<{ status: number; type: string; text: string; connection: string | null }> {
  const headers: Record<string, string> = path.startsWith('/api/v2') ? { Authorization: `Bearer ${sim.workspaceToken}`, 'Content-Type': 'application/vnd.api+json' } : { 'X-Cluster-Token': sim.clusterToken };
  const res = await fetch(sim.url + path, { method, headers, body });
  return { status: res.status, type: res.headers.get('content-type') ?? '', text: await res.text(), connection: res.headers.get('connection') };
}

function expectWorkspaceError(answer: { status: number; type: string; text: string }, label: string): void {
  expect([400, 404, 409, 413, 422], `${label}: ${answer.status} ${answer.text.slice(0, 200)}`).toContain(answer.status);
  expect(answer.type, label).toBe('application/vnd.api+json');
  const error = JSON.parse(answer.text).errors[0];
  expect(error, label).toMatchObject({ status: String(answer.status), title: expect.any(String), detail: expect.any(String) });
}

function expectClusterError(answer: { status: number; type: string; text: string }, label: string): void {
  expect([400, 404, 405], `${label}: ${answer.status} ${answer.text.slice(0, 200)}`).toContain(answer.status);
  expect(answer.type, label).toContain('text/plain');
  expect(answer.text.length, label).toBeGreaterThan(0);
}

describe('malformed bodies', () => {
  it.each(BODIES)('workspace API: %s', async (name, body) => {
    for (const [method, path] of workspaceRoutes()) {
      const answer = await send(method, path, body);
      // The lock body is optional (a plain {"reason"}, unknown keys ignored); a JSON null is taken as no body.
      const objectBody = !['an array', 'a string', 'a number', 'truncated JSON', 'not JSON', 'binary junk', '100,000 levels of nesting'].includes(name);
      if (objectBody && path.endsWith('/actions/lock') && answer.status === 200) {
        await fetch(`${sim.url}/api/v2/workspaces/${ws}/actions/unlock`, { method: 'POST', headers: { Authorization: `Bearer ${sim.workspaceToken}` } });
        continue;
      }
      expectWorkspaceError(answer, `${method} ${path}`);
    }
  });

  it.each(BODIES)('cluster API: %s', async (name, body) => {
    for (const [method, path] of clusterRoutes()) {
      const answer = await send(method, path, body);
      // Go decodes `null` into an empty request and ignores unknown fields, so the endpoints whose fields are all
      // optional (evaluate, restart, signal, drain) accept those bodies, as Nomad does.
      const allOptional = ['/evaluate', '/restart', '/signal', '/drain'].some((end) => path.endsWith(end));
      if (answer.status === 200 && (name === 'null' || (allOptional && !['an array', 'a string', 'a number'].includes(name)))) continue;
      expectClusterError(answer, `${method} ${path}`);
    }
  });

  it('refuses bodies over 8 MiB without buffering them, in each API’s shape', async () => {
    const huge = new Uint8Array(9 * 1024 * 1024).fill(0x61);
    const v2 = await send('POST', '/api/v2/organizations/demo-org/projects', huge);
    expect(v2.status).toBe(413);
    expectWorkspaceError(v2, 'workspace 9 MiB');
    const v1 = await send('POST', '/v1/jobs', huge);
    expectClusterError(v1, 'cluster 9 MiB');
    // The rest of such a body is never read, so the connection is closed rather than reused (no ECONNRESET later).
    expect(v2.connection).toBe('close');
    expect(v1.connection).toBe('close');
    expect((await fetch(`${sim.url}/v1/agent/health`)).status).toBe(200);
  });
});

describe('malformed paths and queries', () => {
  it('answers bad percent-encoding, bad query values and unknown methods with errors', async () => {
    const cluster = (path: string, method = 'GET') => fetch(sim.url + path, { method, headers: { 'X-Cluster-Token': sim.clusterToken } });
    for (const path of ['/v1/job/%ZZ', '/v1/jobs?per_page=1e3', '/v1/jobs?per_page=-1', '/v1/jobs?index=-1', '/v1/jobs?wait=forever&index=1', '/v1/allocations?prefix=zz', '/v1/node/not-a-uuid', '/v1/event/stream?index=abc', '/v1/jobs?filter=%28%28']) {
      const res = await cluster(path);
      expect([400, 404], `${path}: ${res.status}`).toContain(res.status);
      expect(res.headers.get('content-type'), path).toContain('text/plain');
    }
    expect((await cluster('/v1/jobs', 'PATCH')).status).toBe(405);
    const v2 = await fetch(`${sim.url}/api/v2/workspaces/${ws}`, { method: 'PUT', headers: { Authorization: `Bearer ${sim.workspaceToken}` } });
    expect(v2.status).toBe(405);
    expect((await v2.json()).errors[0].status).toBe('405');
  });

  it('is still serving after all of the above', async () => {
    expect((await fetch(`${sim.url}/v1/agent/health`)).status).toBe(200);
    expect((await fetch(`${sim.url}/api/v2/workspaces/${ws}`, { headers: { Authorization: `Bearer ${sim.workspaceToken}` } })).status).toBe(200);
  });
});
