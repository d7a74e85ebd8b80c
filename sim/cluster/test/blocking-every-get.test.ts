// Every GET that cluster-api.md marks "blocking: yes" honours `index` + `wait`: it carries the X-Cluster-* headers,
// holds while its resource is unchanged and answers with a higher X-Cluster-Index once a change touches it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestCluster, type TestCluster } from './server';

let c: TestCluster;
let nodeId: string;
beforeAll(async () => {
  c = await startTestCluster();
  nodeId = (await c.json('/v1/nodes'))[0].ID;
});
afterAll(async () => {
  await c.close();
});

/** A running allocation of `web` on `node` (any node when omitted) that has not been asked to stop. */
async function webAlloc(node?: string): Promise<string> {
  const allocs = (await c.json(node ? `/v1/node/${node}/allocations` : '/v1/job/web/allocations')) as any[];
  const alloc = allocs.find((a) => a.DesiredStatus === 'run' && (!node || a.JobID !== 'log-shipper') && (node || a.JobID === 'web'));
  if (!alloc) throw new Error(`no running allocation${node ? ` on ${node}` : ''}`);
  return alloc.ID;
}

async function updateWeb(change: Record<string, string>): Promise<void> {
  const job = await c.json('/v1/job/web');
  job.TaskGroups[0].Tasks[0].Env = { ...(job.TaskGroups[0].Tasks[0].Env ?? {}), ...change };
  await c.json('/v1/job/web', { method: 'POST', json: { Job: job } });
}

let eligible = false;
const flipEligibility = async () => {
  await c.json(`/v1/node/${nodeId}/eligibility`, { method: 'POST', json: { Eligibility: eligible ? 'eligible' : 'ineligible' } });
  eligible = !eligible;
};
const stopAlloc = async (node?: string) => {
  await c.json(`/v1/allocation/${await webAlloc(node)}/stop`, { method: 'POST' });
};

let readAlloc = '';
const cases: [string, () => Promise<string>, () => Promise<void>][] = [
  ['/v1/jobs', async () => '/v1/jobs', () => updateWeb({ A: '1' })],
  ['/v1/job/:job_id', async () => '/v1/job/web', () => updateWeb({ B: '1' })],
  ['/v1/job/:job_id/versions', async () => '/v1/job/web/versions', () => updateWeb({ C: '1' })],
  ['/v1/job/:job_id/allocations', async () => '/v1/job/web/allocations', () => stopAlloc()],
  ['/v1/job/:job_id/evaluations', async () => '/v1/job/web/evaluations', async () => void (await c.json('/v1/job/web/evaluate', { method: 'POST', json: { JobID: 'web' } }))],
  ['/v1/job/:job_id/deployments', async () => '/v1/job/web/deployments', () => updateWeb({ D: '1' })],
  ['/v1/job/:job_id/deployment', async () => '/v1/job/web/deployment', () => updateWeb({ E: '1' })],
  ['/v1/job/:job_id/summary', async () => '/v1/job/web/summary', async () => c.sim.advance(5_000)],
  ['/v1/job/:job_id/scale', async () => '/v1/job/api/scale', async () => void (await c.json('/v1/job/api/scale', { method: 'POST', json: { Target: { Group: 'api' }, Message: 'blocking test' } }))],
  ['/v1/allocations', async () => '/v1/allocations', () => stopAlloc()],
  [
    '/v1/allocation/:alloc_id',
    async () => `/v1/allocation/${(readAlloc = await webAlloc())}`,
    async () => void (await c.json(`/v1/allocation/${readAlloc}/stop`, { method: 'POST' })),
  ],
  ['/v1/nodes', async () => '/v1/nodes', flipEligibility],
  ['/v1/node/:node_id', async () => `/v1/node/${nodeId}`, flipEligibility],
  ['/v1/node/:node_id/allocations', async () => `/v1/node/${nodeId}/allocations`, () => stopAlloc(nodeId)],
];

async function until(predicate: () => boolean, timeoutMs = 5000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!predicate()) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setImmediate(resolve));
  }
}

describe('blocking queries on every blocking GET', () => {
  it('covers the 14 GETs the spec marks blocking', () => {
    expect(cases).toHaveLength(14);
  });

  it.each(cases)('%s holds until its resource changes', async (_name, path, change) => {
    const url = await path();
    const first = await c.call(url);
    expect(first.status).toBe(200);
    const index = Number(first.headers.get('X-Cluster-Index'));
    expect(index).toBeGreaterThanOrEqual(1);
    expect(first.headers.get('X-Cluster-KnownLeader')).toBe('true');
    expect(first.headers.get('X-Cluster-LastContact')).toBe('0');
    await first.arrayBuffer();

    const sep = url.includes('?') ? '&' : '?';
    let settled = false;
    const held = c.call(`${url}${sep}index=${index}&wait=20s`).then((r) => ((settled = true), r));
    await until(() => c.sim.blocking.held === 1);
    expect(settled).toBe(false);
    await change();
    const res = await held;
    expect(res.status).toBe(200);
    expect(Number(res.headers.get('X-Cluster-Index'))).toBeGreaterThan(index);
    await res.arrayBuffer();
    expect(c.sim.blocking.held).toBe(0);
  });
});
