// ACL refusals across the cluster API and the agent: a token without the permission gets 403 with Nomad's body
// `Permission denied`, and the simulator names the missing permission in X-Sim-Missing-Permission.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSimulator, type Simulator } from '../../index';

let sim: Simulator;
let nodeId: string;
let allocId: string;
beforeAll(async () => {
  sim = await startSimulator({ seed: 5, eventRate: 0 });
  nodeId = [...sim.cluster.state.nodes.keys()][0];
  allocId = [...sim.cluster.state.allocs.values()].find((a) => a.JobID === 'web')!.ID;
});
afterAll(async () => {
  await sim.close();
});

type TokenName = 'readOnly' | 'operator' | 'defaultReader' | 'noNode' | 'scaler' | 'anonymous';

async function call(token: TokenName, method: string, path: string, body?: unknown): Promise<Response> {
  const headers: Record<string, string> = {};
  if (token !== 'anonymous') headers['X-Cluster-Token'] = sim.cluster.tokens[token];
  return fetch(sim.url + path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
}

const job = () => ({ Job: { ID: 'acl-job', Name: 'acl-job', Datacenters: ['dc1'], TaskGroups: [{ Name: 'g', Tasks: [{ Name: 't', Driver: 'docker' }] }] } });

describe('403 names the missing permission', () => {
  const cases: [TokenName, string, () => string, (() => unknown) | undefined, string][] = [
    ['anonymous', 'GET', () => '/v1/jobs', undefined, 'namespace:list-jobs'],
    ['scaler', 'GET', () => '/v1/jobs', undefined, 'namespace:list-jobs'],
    ['scaler', 'GET', () => '/v1/jobs?namespace=*', undefined, 'namespace:list-jobs'],
    ['defaultReader', 'GET', () => '/v1/jobs?namespace=ops', undefined, 'namespace:list-jobs'],
    ['readOnly', 'POST', () => '/v1/jobs', job, 'namespace:submit-job'],
    ['operator', 'POST', () => '/v1/jobs', () => ({ ...job(), PolicyOverride: true }), 'namespace:policy-override'],
    ['scaler', 'POST', () => '/v1/jobs/parse', () => ({ JobHCL: 'job "x" {}' }), 'namespace:parse-job'],
    ['scaler', 'GET', () => '/v1/job/web', undefined, 'namespace:read-job'],
    ['readOnly', 'DELETE', () => '/v1/job/web', undefined, 'namespace:submit-job'],
    ['readOnly', 'POST', () => '/v1/job/video-encode/dispatch', () => ({ Meta: { input: 'x' } }), 'namespace:dispatch-job'],
    ['readOnly', 'POST', () => '/v1/job/api/scale', () => ({ Target: { Group: 'api' }, Message: 'm' }), 'namespace:scale-job'],
    ['noNode', 'GET', () => '/v1/nodes', undefined, 'node:read'],
    ['readOnly', 'POST', () => `/v1/node/${nodeId}/drain`, () => ({ DrainSpec: { Deadline: 0 } }), 'node:write'],
    ['readOnly', 'POST', () => `/v1/allocation/${allocId}/stop`, undefined, 'namespace:alloc-lifecycle'],
    ['scaler', 'GET', () => '/v1/allocations', undefined, 'namespace:read-job'],
    ['noNode', 'GET', () => `/v1/node/${nodeId}/allocations`, undefined, 'node:read'],
    ['scaler', 'GET', () => '/v1/event/stream?topic=Job', undefined, 'namespace:read-job'],
    ['readOnly', 'GET', () => '/v1/event/stream', undefined, 'management'],
    ['readOnly', 'GET', () => '/v1/event/stream?topic=ACLToken', undefined, 'management'],
    ['noNode', 'GET', () => '/v1/event/stream?topic=Node', undefined, 'node:read'],
    ['defaultReader', 'GET', () => '/v1/event/stream?topic=Job&namespace=*', undefined, 'namespace:read-job (all namespaces)'],
    ['readOnly', 'GET', () => '/v1/agent/self', undefined, 'agent:read'],
    ['operator', 'PUT', () => '/v1/agent/schedulers/config', () => ({ num_schedulers: 1, enabled_schedulers: ['service'] }), 'agent:write'],
    ['readOnly', 'GET', () => `/v1/client/fs/logs/${allocId}?task=nginx&type=stdout`, undefined, 'namespace:read-logs'],
  ];

  it.each(cases)('%s %s %s', async (token, method, path, body, permission) => {
    const res = await call(token, method, path(), body?.());
    expect(res.status).toBe(403);
    expect(await res.text()).toBe('Permission denied');
    expect(res.headers.get('X-Sim-Missing-Permission')).toBe(permission);
  });

  it('lets the same tokens through where they hold the permission', async () => {
    expect((await call('readOnly', 'GET', '/v1/jobs?namespace=*')).status).toBe(200);
    expect((await call('defaultReader', 'GET', `/v1/node/${nodeId}/allocations`)).status).toBe(200);
    expect((await call('scaler', 'GET', '/v1/job/api/scale')).status).toBe(200);
    expect((await call('operator', 'GET', '/v1/agent/self')).status).toBe(200);
    const stream = await call('readOnly', 'GET', '/v1/event/stream?topic=Job&topic=Node&namespace=*');
    expect(stream.status).toBe(200);
    await stream.body?.cancel();
  });

  it('refuses an unknown token as Nomad does, without naming a permission', async () => {
    const res = await fetch(`${sim.url}/v1/jobs`, { headers: { 'X-Cluster-Token': '00000000-0000-0000-0000-000000000000' } });
    expect(res.status).toBe(403);
    expect(await res.text()).toBe('ACL token not found');
    expect(res.headers.get('X-Sim-Missing-Permission')).toBeNull();
  });
});
