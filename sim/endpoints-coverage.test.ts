// Proves that every endpoint of ../shared/spec/endpoints.tsv is served: each row maps to one concrete, valid request
// against the full simulator, which must answer 2xx. A missing route (404/405) or an unmapped row fails the test.
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSimulator, type Simulator } from './index';
import { md5, rawState } from './workspace/test/harness';

const REPO_ROOT = resolve(__dirname, '..');
const TSV = resolve(REPO_ROOT, '..', 'shared', 'spec', 'endpoints.tsv');

interface Row {
  api: string;
  method: string;
  path: string;
  what: string;
}

function readRows(): Row[] {
  if (!existsSync(TSV)) {
    throw new Error(`endpoints.tsv not found at ${TSV}: this test reads ../shared/spec/endpoints.tsv relative to the repository root (${REPO_ROOT}); check out the shared folder next to the repository`);
  }
  const [header, ...lines] = readFileSync(TSV, 'utf8').split('\n').filter((l) => l.trim() !== '');
  expect(header.split('\t')).toEqual(['api', 'method', 'path', 'what']);
  return lines.map((line) => {
    const [api, method, path, what] = line.split('\t');
    return { api, method, path, what };
  });
}

interface Call {
  method?: string;
  path: string;
  body?: unknown;
  /** A body sent as-is (state upload bytes). */
  raw?: Uint8Array<ArrayBuffer>;
  /** A full URL instead of sim.url + path (upload URLs). */
  url?: string;
  /** Streams: read the status and headers, then cancel the body. */
  stream?: boolean;
}

let sim: Simulator;
const ids: Record<string, string> = {};

/** One request with the right credentials for the API the path belongs to; JSON answers decoded. */
async function send(call: Call): Promise<{ status: number; body: any; text: string }> {
  const headers: Record<string, string> = {};
  const url = call.url ?? sim.url + call.path;
  if (call.path.startsWith('/api/v2')) {
    headers.Authorization = `Bearer ${sim.workspaceToken}`;
    headers['Content-Type'] = 'application/vnd.api+json';
  } else if (call.path.startsWith('/v1')) {
    headers['X-Cluster-Token'] = sim.clusterToken;
  }
  if (call.raw) headers['Content-Type'] = 'application/octet-stream';
  const body = call.raw ?? (call.body === undefined ? undefined : JSON.stringify(call.body));
  const res = await fetch(url, { method: call.method ?? 'GET', headers, body });
  if (call.stream) {
    await res.body?.cancel();
    return { status: res.status, body: null, text: '' };
  }
  const text = await res.text();
  let parsed: unknown = null;
  try {
    parsed = text ? JSON.parse(text) : null;
  } catch {
    parsed = text;
  }
  return { status: res.status, body: parsed, text };
}

/** A setup call that must succeed; returns the decoded body. */
async function must(call: Call): Promise<any> {
  const answer = await send(call);
  if (answer.status >= 300) throw new Error(`setup ${call.method ?? 'GET'} ${call.path} -> ${answer.status}: ${answer.text.slice(0, 300)}`);
  return answer.body;
}

const org = () => sim.organization;
const ws = (name: string) => sim.workspace.store.workspaceNamed(name)!.id;
const wsBody = (name: string) => ({ data: { type: 'workspaces', attributes: { name } } });
const lock = (id: string) => must({ method: 'POST', path: `/api/v2/workspaces/${id}/actions/lock`, body: { reason: 'coverage' } });
const unlock = (id: string) => must({ method: 'POST', path: `/api/v2/workspaces/${id}/actions/unlock` });

/** A new finalized, non-current state version of `networking-prod` (for the backing-data actions). */
async function oldStateVersion(): Promise<string> {
  const list = await must({ path: `/api/v2/state-versions?filter%5Bworkspace%5D%5Bname%5D=networking-prod&filter%5Borganization%5D%5Bname%5D=${org()}` });
  const current = sim.workspace.store.workspaceNamed('networking-prod')!.currentStateVersionId;
  const old = (list.data as any[]).find((sv) => sv.id !== current && sv.attributes.status === 'finalized');
  if (!old) throw new Error('no finalized, non-current state version of networking-prod');
  return old.id;
}

async function jobVersion(id: string): Promise<number> {
  return (await must({ path: `/v1/job/${id}` })).Version;
}

async function runningAlloc(): Promise<any> {
  const allocs = (await must({ path: '/v1/job/web/allocations' })) as any[];
  const alloc = allocs.find((a) => a.ClientStatus === 'running' && a.DesiredStatus === 'run');
  if (!alloc) throw new Error('no running allocation of web');
  return alloc;
}

const coverageJob = (id: string) => ({
  Job: { ID: id, Name: id, Type: 'service', Datacenters: ['dc1'], TaskGroups: [{ Name: 'g', Count: 1, Tasks: [{ Name: 't', Driver: 'docker', Config: { image: 'nginx' } }] }] },
});

/** `METHOD path` of each endpoints.tsv row -> the valid request that exercises it (with any setup it needs). */
const REQUESTS: Record<string, () => Promise<Call>> = {
  // Projects
  'POST /api/v2/organizations/:organization_name/projects': async () => ({ method: 'POST', path: `/api/v2/organizations/${org()}/projects`, body: { data: { type: 'projects', attributes: { name: 'coverage' } } } }),
  'PATCH /api/v2/projects/:project_id': async () => {
    ids.project = (await must({ method: 'POST', path: `/api/v2/organizations/${org()}/projects`, body: { data: { type: 'projects', attributes: { name: 'coverage-target' } } } })).data.id;
    return { method: 'PATCH', path: `/api/v2/projects/${ids.project}`, body: { data: { type: 'projects', attributes: { description: 'covered' } } } };
  },
  'GET /api/v2/organizations/:organization_name/projects': async () => ({ path: `/api/v2/organizations/${org()}/projects?page%5Bsize%5D=5&sort=-name` }),
  'GET /api/v2/projects/:project_id': async () => ({ path: `/api/v2/projects/${ids.project}` }),
  'DELETE /api/v2/projects/:project_id': async () => {
    const empty = (await must({ method: 'POST', path: `/api/v2/organizations/${org()}/projects`, body: { data: { type: 'projects', attributes: { name: 'coverage-empty' } } } })).data.id;
    return { method: 'DELETE', path: `/api/v2/projects/${empty}` };
  },
  'POST /api/v2/projects/:project_id/relationships/workspaces': async () => ({
    method: 'POST',
    path: `/api/v2/projects/${ids.project}/relationships/workspaces`,
    body: { data: [{ type: 'workspaces', id: ws('sandbox') }] },
  }),
  // Variables
  'POST /api/v2/workspaces/:workspace_id/vars': async () => ({ method: 'POST', path: `/api/v2/workspaces/${ws('sandbox')}/vars`, body: { data: { type: 'vars', attributes: { key: 'region', value: 'eu-west-1', category: 'env' } } } }),
  'GET /api/v2/workspaces/:workspace_id/vars': async () => ({ path: `/api/v2/workspaces/${ws('sandbox')}/vars` }),
  'PATCH /api/v2/workspaces/:workspace_id/vars/:variable_id': async () => {
    ids.variable = (await must({ method: 'POST', path: `/api/v2/workspaces/${ws('sandbox')}/vars`, body: { data: { type: 'vars', attributes: { key: 'secret', value: 's3', category: 'engine', sensitive: true } } } })).data.id;
    return { method: 'PATCH', path: `/api/v2/workspaces/${ws('sandbox')}/vars/${ids.variable}`, body: { data: { type: 'vars', id: ids.variable, attributes: { value: 's4' } } } };
  },
  'DELETE /api/v2/workspaces/:workspace_id/vars/:variable_id': async () => ({ method: 'DELETE', path: `/api/v2/workspaces/${ws('sandbox')}/vars/${ids.variable}` }),
  // State versions
  'POST /api/v2/workspaces/:workspace_id/state-versions': async () => {
    await lock(ws('sandbox'));
    const raw = rawState(1, 'coverage-lineage');
    return { method: 'POST', path: `/api/v2/workspaces/${ws('sandbox')}/state-versions`, body: { data: { type: 'state-versions', attributes: { serial: 1, md5: md5(raw), lineage: 'coverage-lineage', state: raw.toString('base64') } } } };
  },
  'PUT {upload_url}': async () => {
    const raw = rawState(2, 'coverage-lineage');
    const pending = await must({ method: 'POST', path: `/api/v2/workspaces/${ws('sandbox')}/state-versions`, body: { data: { type: 'state-versions', attributes: { serial: 2, md5: md5(raw), lineage: 'coverage-lineage' } } } });
    const url = pending.data.attributes['hosted-state-upload-url'] as string;
    return { method: 'PUT', path: new URL(url).pathname, url, raw: new Uint8Array(raw) };
  },
  'GET /api/v2/state-versions': async () => ({ path: `/api/v2/state-versions?filter%5Bworkspace%5D%5Bname%5D=sandbox&filter%5Borganization%5D%5Bname%5D=${org()}` }),
  'GET /api/v2/workspaces/:workspace_id/current-state-version': async () => ({ path: `/api/v2/workspaces/${ws('networking-prod')}/current-state-version` }),
  'GET /api/v2/state-versions/:state_version_id': async () => ({ path: `/api/v2/state-versions/${sim.workspace.store.workspaceNamed('networking-prod')!.currentStateVersionId}` }),
  'PATCH /api/v2/workspaces/:workspace_id/state-versions': async () => {
    const target = await oldStateVersion();
    await lock(ws('networking-prod'));
    return {
      method: 'PATCH',
      path: `/api/v2/workspaces/${ws('networking-prod')}/state-versions`,
      body: { data: { type: 'state-versions', relationships: { 'rollback-state-version': { data: { type: 'state-versions', id: target } } } } },
    };
  },
  'POST /api/v2/state-versions/:state_version_id/actions/soft_delete_backing_data': async () => {
    await unlock(ws('networking-prod'));
    ids.stateVersion = await oldStateVersion();
    return { method: 'POST', path: `/api/v2/state-versions/${ids.stateVersion}/actions/soft_delete_backing_data`, body: { data: { attributes: { 'delete-older-than-n-days': 7 } } } };
  },
  'POST /api/v2/state-versions/:state_version_id/actions/restore_backing_data': async () => ({ method: 'POST', path: `/api/v2/state-versions/${ids.stateVersion}/actions/restore_backing_data` }),
  'POST /api/v2/state-versions/:state_version_id/actions/permanently_delete_backing_data': async () => {
    await must({ method: 'POST', path: `/api/v2/state-versions/${ids.stateVersion}/actions/soft_delete_backing_data` });
    return { method: 'POST', path: `/api/v2/state-versions/${ids.stateVersion}/actions/permanently_delete_backing_data` };
  },
  // Workspaces
  'POST /api/v2/organizations/:organization_name/workspaces': async () => ({ method: 'POST', path: `/api/v2/organizations/${org()}/workspaces`, body: wsBody('coverage-ws') }),
  'POST /api/v2/organizations/:organization_name/workspaces/:name/actions/safe-delete': async () => {
    await must({ method: 'POST', path: `/api/v2/organizations/${org()}/workspaces`, body: wsBody('coverage-safe-1') });
    return { method: 'POST', path: `/api/v2/organizations/${org()}/workspaces/coverage-safe-1/actions/safe-delete` };
  },
  'POST /api/v2/workspaces/:workspace_id/actions/safe-delete': async () => {
    const id = (await must({ method: 'POST', path: `/api/v2/organizations/${org()}/workspaces`, body: wsBody('coverage-safe-2') })).data.id;
    return { method: 'POST', path: `/api/v2/workspaces/${id}/actions/safe-delete` };
  },
  'POST /api/v2/workspaces/:workspace_id/actions/lock': async () => ({ method: 'POST', path: `/api/v2/workspaces/${ws('coverage-ws')}/actions/lock`, body: { reason: 'coverage' } }),
  'POST /api/v2/workspaces/:workspace_id/actions/unlock': async () => ({ method: 'POST', path: `/api/v2/workspaces/${ws('coverage-ws')}/actions/unlock` }),
  'POST /api/v2/workspaces/:workspace_id/actions/force-unlock': async () => {
    await lock(ws('coverage-ws'));
    return { method: 'POST', path: `/api/v2/workspaces/${ws('coverage-ws')}/actions/force-unlock` };
  },
  'POST /api/v2/workspaces/:workspace_id/relationships/remote-state-consumers': async () => ({
    method: 'POST',
    path: `/api/v2/workspaces/${ws('coverage-ws')}/relationships/remote-state-consumers`,
    body: { data: [{ type: 'workspaces', id: ws('sandbox') }] },
  }),
  'POST /api/v2/workspaces/:workspace_id/relationships/tags': async () => ({ method: 'POST', path: `/api/v2/workspaces/${ws('coverage-ws')}/relationships/tags`, body: { data: [{ type: 'tags', attributes: { name: 'covered' } }] } }),
  'POST /api/v2/workspaces/:workspace_id/relationships/data-retention-policy': async () => ({
    method: 'POST',
    path: `/api/v2/workspaces/${ws('coverage-ws')}/relationships/data-retention-policy`,
    body: { data: { type: 'data-retention-policy-delete-olders', attributes: { 'delete-older-than-n-days': 30 } } },
  }),
  'GET /api/v2/organizations/:organization_name/workspaces': async () => ({ path: `/api/v2/organizations/${org()}/workspaces?search%5Bname%5D=cover` }),
  'GET /api/v2/organizations/:organization_name/workspaces/:name': async () => ({ path: `/api/v2/organizations/${org()}/workspaces/coverage-ws` }),
  'GET /api/v2/workspaces/:workspace_id': async () => ({ path: `/api/v2/workspaces/${ws('coverage-ws')}` }),
  'GET /api/v2/workspaces/:workspace_id/relationships/remote-state-consumers': async () => ({ path: `/api/v2/workspaces/${ws('coverage-ws')}/relationships/remote-state-consumers` }),
  'GET /api/v2/workspaces/:workspace_id/relationships/tags': async () => ({ path: `/api/v2/workspaces/${ws('coverage-ws')}/relationships/tags` }),
  'GET /api/v2/workspaces/:workspace_id/tag-bindings': async () => ({ path: `/api/v2/workspaces/${ws('networking-prod')}/tag-bindings` }),
  'GET /api/v2/workspaces/:workspace_id/effective-tag-bindings': async () => ({ path: `/api/v2/workspaces/${ws('networking-prod')}/effective-tag-bindings` }),
  'GET /api/v2/workspaces/:workspace_id/relationships/data-retention-policy': async () => ({ path: `/api/v2/workspaces/${ws('coverage-ws')}/relationships/data-retention-policy` }),
  'PATCH /api/v2/workspaces/:workspace_id/relationships/ssh-key': async () => ({
    method: 'PATCH',
    path: `/api/v2/workspaces/${ws('coverage-ws')}/relationships/ssh-key`,
    body: { data: { type: 'workspaces', attributes: { id: [...sim.workspace.store.sshKeys][0] } } },
  }),
  'PATCH /api/v2/workspaces/:workspace_id': async () => ({ method: 'PATCH', path: `/api/v2/workspaces/${ws('coverage-ws')}`, body: { data: { type: 'workspaces', attributes: { description: 'by id' } } } }),
  'PATCH /api/v2/organizations/:organization_name/workspaces/:name': async () => ({
    method: 'PATCH',
    path: `/api/v2/organizations/${org()}/workspaces/coverage-ws`,
    body: { data: { type: 'workspaces', attributes: { 'auto-apply': true } } },
  }),
  'PATCH /api/v2/workspaces/:workspace_id/relationships/remote-state-consumers': async () => ({
    method: 'PATCH',
    path: `/api/v2/workspaces/${ws('coverage-ws')}/relationships/remote-state-consumers`,
    body: { data: [{ type: 'workspaces', id: ws('analytics-etl') }] },
  }),
  'DELETE /api/v2/workspaces/:workspace_id/relationships/remote-state-consumers': async () => ({
    method: 'DELETE',
    path: `/api/v2/workspaces/${ws('coverage-ws')}/relationships/remote-state-consumers`,
    body: { data: [{ type: 'workspaces', id: ws('analytics-etl') }] },
  }),
  'DELETE /api/v2/workspaces/:workspace_id/relationships/tags': async () => ({ method: 'DELETE', path: `/api/v2/workspaces/${ws('coverage-ws')}/relationships/tags`, body: { data: [{ type: 'tags', attributes: { name: 'covered' } }] } }),
  'DELETE /api/v2/workspaces/:workspace_id/relationships/data-retention-policy': async () => ({ method: 'DELETE', path: `/api/v2/workspaces/${ws('coverage-ws')}/relationships/data-retention-policy` }),
  'DELETE /api/v2/workspaces/:workspace_id': async () => {
    const id = (await must({ method: 'POST', path: `/api/v2/organizations/${org()}/workspaces`, body: wsBody('coverage-force-1') })).data.id;
    return { method: 'DELETE', path: `/api/v2/workspaces/${id}` };
  },
  'DELETE /api/v2/organizations/:organization_name/workspaces/:name': async () => {
    await must({ method: 'POST', path: `/api/v2/organizations/${org()}/workspaces`, body: wsBody('coverage-force-2') });
    return { method: 'DELETE', path: `/api/v2/organizations/${org()}/workspaces/coverage-force-2` };
  },

  // Jobs
  'GET /v1/jobs': async () => ({ path: '/v1/jobs?namespace=*&per_page=3' }),
  'POST /v1/jobs': async () => ({ method: 'POST', path: '/v1/jobs', body: coverageJob('coverage') }),
  'POST /v1/jobs/parse': async () => ({ method: 'POST', path: '/v1/jobs/parse', body: { JobHCL: 'job "p" {\n  group "g" {\n    task "t" {\n      driver = "docker"\n    }\n  }\n}\n', Canonicalize: true } }),
  'GET /v1/job/:job_id': async () => ({ path: '/v1/job/web' }),
  'GET /v1/job/:job_id/versions': async () => ({ path: '/v1/job/web/versions?diffs=true' }),
  'GET /v1/job/:job_id/allocations': async () => ({ path: '/v1/job/web/allocations' }),
  'GET /v1/job/:job_id/evaluations': async () => ({ path: '/v1/job/web/evaluations' }),
  'GET /v1/job/:job_id/deployments': async () => ({ path: '/v1/job/web/deployments' }),
  'GET /v1/job/:job_id/deployment': async () => ({ path: '/v1/job/web/deployment' }),
  'GET /v1/job/:job_id/summary': async () => ({ path: '/v1/job/web/summary' }),
  'POST /v1/job/:job_id': async () => {
    const job = await must({ path: '/v1/job/coverage' });
    return { method: 'POST', path: '/v1/job/coverage', body: { Job: { ...job, Meta: { covered: 'yes' } } } };
  },
  'POST /v1/job/:job_id/dispatch': async () => ({ method: 'POST', path: '/v1/job/video-encode/dispatch?idempotency_token=coverage', body: { Payload: Buffer.from('clip.mp4').toString('base64'), Meta: { input: 's3://in/clip.mp4' } } }),
  'POST /v1/job/:job_id/revert': async () => ({ method: 'POST', path: '/v1/job/coverage/revert', body: { JobID: 'coverage', JobVersion: 0, EnforcePriorVersion: await jobVersion('coverage') } }),
  'POST /v1/job/:job_id/stable': async () => ({ method: 'POST', path: '/v1/job/coverage/stable', body: { JobID: 'coverage', JobVersion: 0, Stable: true } }),
  'POST /v1/job/:job_id/evaluate': async () => ({ method: 'POST', path: '/v1/job/web/evaluate', body: { JobID: 'web', EvalOptions: { ForceReschedule: true } } }),
  'POST /v1/job/:job_id/plan': async () => {
    const job = await must({ path: '/v1/job/web' });
    return { method: 'POST', path: '/v1/job/web/plan', body: { Job: { ...job, TaskGroups: job.TaskGroups.map((g: any) => ({ ...g, Count: g.Count + 1 })) }, Diff: true } };
  },
  'POST /v1/job/:job_id/periodic/force': async () => ({ method: 'POST', path: '/v1/job/cleanup/periodic/force' }),
  'DELETE /v1/job/:job_id': async () => {
    await must({ method: 'POST', path: '/v1/jobs', body: coverageJob('coverage-stop') });
    return { method: 'DELETE', path: '/v1/job/coverage-stop?purge=true' };
  },
  'GET /v1/job/:job_id/scale': async () => ({ path: '/v1/job/api/scale' }),
  'POST /v1/job/:job_id/scale': async () => ({ method: 'POST', path: '/v1/job/api/scale', body: { Target: { Group: 'api' }, Message: 'coverage: no count change' } }),
  // Allocations
  'GET /v1/allocations': async () => ({ path: '/v1/allocations?namespace=*&per_page=5' }),
  'GET /v1/allocation/:alloc_id': async () => ({ path: `/v1/allocation/${(await runningAlloc()).ID}` }),
  'POST /v1/allocation/:alloc_id/stop': async () => ({ method: 'POST', path: `/v1/allocation/${(await runningAlloc()).ID}/stop` }),
  'POST /v1/client/allocation/:alloc_id/signal': async () => {
    const alloc = await runningAlloc();
    return { method: 'POST', path: `/v1/client/allocation/${alloc.ID}/signal`, body: { Signal: 'SIGHUP', Task: Object.keys(alloc.TaskStates)[0] } };
  },
  'POST /v1/client/allocation/:alloc_id/restart': async () => ({ method: 'POST', path: `/v1/client/allocation/${(await runningAlloc()).ID}/restart`, body: {} }),
  // Nodes
  'GET /v1/nodes': async () => {
    const nodes = (await must({ path: '/v1/nodes' })) as any[];
    ids.node = nodes[0].ID;
    ids.lastNode = nodes.at(-1).ID;
    return { path: `/v1/nodes?prefix=${ids.node.slice(0, 4)}` };
  },
  'GET /v1/node/:node_id': async () => ({ path: `/v1/node/${ids.node}` }),
  'GET /v1/node/:node_id/allocations': async () => ({ path: `/v1/node/${ids.node}/allocations` }),
  'POST /v1/node/:node_id/evaluate': async () => ({ method: 'POST', path: `/v1/node/${ids.node}/evaluate` }),
  'POST /v1/node/:node_id/drain': async () => ({ method: 'POST', path: `/v1/node/${ids.node}/drain`, body: { DrainSpec: { Deadline: 3_600_000_000_000, IgnoreSystemJobs: true }, MarkEligible: false } }),
  'POST /v1/node/:node_id/purge': async () => ({ method: 'POST', path: `/v1/node/${ids.lastNode}/purge` }),
  'POST /v1/node/:node_id/eligibility': async () => ({ method: 'POST', path: `/v1/node/${ids.node}/eligibility`, body: { Eligibility: 'ineligible' } }),
  // Event stream
  'GET /v1/event/stream': async () => ({ path: '/v1/event/stream?topic=Job:web&topic=Node&namespace=default', stream: true }),
  // Agent
  'GET /v1/agent/members': async () => ({ path: '/v1/agent/members' }),
  'GET /v1/agent/servers': async () => ({ path: '/v1/agent/servers' }),
  'POST /v1/agent/servers': async () => ({ method: 'POST', path: '/v1/agent/servers?address=10.0.0.11:4647&address=10.0.0.12:4647' }),
  'GET /v1/agent/self': async () => ({ path: '/v1/agent/self' }),
  'POST /v1/agent/join': async () => ({ method: 'POST', path: '/v1/agent/join?address=10.0.0.12:4648' }),
  'POST /v1/agent/force-leave': async () => ({ method: 'POST', path: '/v1/agent/force-leave?node=server-3.global&prune=true' }),
  'GET /v1/agent/health': async () => ({ path: '/v1/agent/health' }),
  'GET /v1/agent/host': async () => ({ path: '/v1/agent/host' }),
  'GET /v1/agent/monitor': async () => ({ path: '/v1/agent/monitor?log_level=debug&log_json=true', stream: true }),
  'GET /v1/agent/pprof/cmdline': async () => ({ path: '/v1/agent/pprof/cmdline' }),
  'GET /v1/agent/pprof/profile': async () => ({ path: '/v1/agent/pprof/profile?seconds=1' }),
  'GET /v1/agent/pprof/trace': async () => ({ path: '/v1/agent/pprof/trace?seconds=1' }),
  'GET /v1/agent/pprof/:profile': async () => ({ path: '/v1/agent/pprof/goroutine?debug=1' }),
  'GET /v1/agent/schedulers': async () => ({ path: '/v1/agent/schedulers' }),
  'GET /v1/agent/schedulers/config': async () => ({ path: '/v1/agent/schedulers/config' }),
  'PUT /v1/agent/schedulers/config': async () => {
    const config = await must({ path: '/v1/agent/schedulers/config' });
    return { method: 'PUT', path: '/v1/agent/schedulers/config', body: { ...config, num_schedulers: 2 } };
  },
};

const rows = readRows();
const keyOf = (row: Row) => `${row.method} ${row.path}`;

beforeAll(async () => {
  sim = await startSimulator({ seed: 1, scale: 'small', eventRate: 0 });
  sim.workspace.rateLimiter.limit = 100_000; // the rate limit has its own tests; this one sends bursts of setup calls
});
afterAll(async () => {
  await sim?.close();
});

describe('endpoints.tsv', () => {
  it('lists the 94 endpoints of the two APIs, and every row has exactly one request in this table', () => {
    expect(rows).toHaveLength(94);
    expect(rows.filter((r) => r.api === 'workspace')).toHaveLength(45);
    expect(rows.filter((r) => r.api === 'cluster')).toHaveLength(49);
    const keys = rows.map(keyOf);
    expect(new Set(keys).size).toBe(keys.length);
    expect(keys.filter((k) => !(k in REQUESTS)), 'rows without a request').toEqual([]);
    expect(Object.keys(REQUESTS).filter((k) => !keys.includes(k)), 'requests for rows that do not exist').toEqual([]);
  });
});

describe.each(rows.map((row) => [keyOf(row), row] as const))('%s', (key, row) => {
  it(`is served: ${row.what}`, async () => {
    const make = REQUESTS[key];
    expect(make, `no request mapped for ${key}`).toBeDefined();
    const call = await make();
    expect(call.method ?? 'GET', 'the request uses the row’s method').toBe(row.method);
    const pattern = new RegExp(`^${row.path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/:[a-z_]+/g, '[^/]+')}$`);
    if (row.path !== '{upload_url}') expect(call.path.split('?')[0], 'the request path matches the row').toMatch(pattern);
    const answer = await send(call);
    expect(answer.status, `${call.method ?? 'GET'} ${call.path} -> ${answer.status}: ${answer.text.slice(0, 300)}`).toBeGreaterThanOrEqual(200);
    expect(answer.status, `${call.method ?? 'GET'} ${call.path} -> ${answer.status}: ${answer.text.slice(0, 300)}`).toBeLessThan(300);
  });
});

/** Ids that name nothing, per path parameter. */
const UNKNOWN: Record<string, string> = {
  organization_name: 'no-such-org',
  project_id: 'prj-doesnotexist0',
  workspace_id: 'ws-doesnotexist00',
  variable_id: 'var-doesnotexist0',
  state_version_id: 'sv-doesnotexist00',
  name: 'no-such-workspace',
  job_id: 'no-such-job',
  alloc_id: '00000000-0000-4000-8000-000000000000',
  node_id: '00000000-0000-4000-8000-000000000000',
  profile: 'no-such-profile',
};

/**
 * Rows whose answer to an unknown id is a success, as the real service's: Nomad answers job-scoped lists of an
 * unknown job with `[]` (or `null` for the latest deployment), and a force-leave of an unknown member is a no-op.
 */
const UNKNOWN_IS_OK = new Set([
  'GET /v1/job/:job_id/allocations',
  'GET /v1/job/:job_id/evaluations',
  'GET /v1/job/:job_id/deployments',
  'GET /v1/job/:job_id/deployment',
]);

describe.each(rows.filter((row) => row.path.includes(':') || row.path === '{upload_url}').map((row) => [keyOf(row), row] as const))('%s with unknown ids', (key, row) => {
  it('answers a 4xx in the API’s error shape, or the documented success', async () => {
    const path = row.path === '{upload_url}' ? '/_objects/v1/object/no-such-object' : row.path.replace(/:([a-z_]+)/g, (_, name: string) => UNKNOWN[name]);
    const answer = await send({ method: row.method, path });
    if (UNKNOWN_IS_OK.has(key)) {
      expect(answer.status).toBe(200);
      return;
    }
    const label = `${row.method} ${path} -> ${answer.status}: ${answer.text.slice(0, 200)}`;
    expect(answer.status, label).toBeGreaterThanOrEqual(400);
    expect(answer.status, label).toBeLessThan(500);
    if (row.api === 'workspace') {
      expect(answer.body.errors[0], label).toMatchObject({ status: String(answer.status), title: expect.any(String), detail: expect.any(String) });
    } else {
      expect(answer.text.length, label).toBeGreaterThan(0);
      expect(typeof answer.body === 'string' || answer.body === null, `${label}: cluster errors are plain text`).toBe(true);
    }
  });
});
