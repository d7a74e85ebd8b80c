import { describe, expect, it } from 'vitest';
import type { ClusterEvent } from '../../../../main/contract';
import { eventLinks } from './event-links';

const base = { Type: 'X', Namespace: 'prod', FilterKeys: null, Index: 9 };

describe('eventLinks', () => {
  it('links an allocation event to the allocation, its job, node and deployment', () => {
    const event: ClusterEvent = {
      ...base,
      Topic: 'Allocation',
      Key: 'a1b2c3d4-0000-0000-0000-000000000000',
      Payload: { Allocation: { ID: 'a1b2c3d4-0000-0000-0000-000000000000', JobID: 'web', Namespace: 'prod', NodeID: 'n-1', NodeName: 'worker-1', DeploymentID: 'd-1' } },
    };
    const links = eventLinks(event);
    expect(links.map((l) => [l.kind, l.to])).toEqual([
      ['allocation', '/allocations/a1b2c3d4-0000-0000-0000-000000000000'],
      ['job', '/jobs/prod/web'],
      ['node', '/nodes/n-1'],
      ['deployment', '/jobs/prod/web?tab=deployments&deployment=d-1'],
    ]);
    expect(links[0].label).toBe('allocation a1b2c3d4');
  });

  it('links job events by namespace and ID, escaping both', () => {
    const links = eventLinks({ ...base, Topic: 'Job', Key: 'a b/c', Payload: { Job: { ID: 'a b/c', Namespace: 'prod' } } });
    expect(links).toEqual([{ kind: 'job', label: 'job a b/c', to: '/jobs/prod/a%20b%2Fc' }]);
  });

  it('links node and node-drain events to the node, even without a payload', () => {
    expect(eventLinks({ ...base, Topic: 'Node', Namespace: '', Key: 'n-9', Payload: {} })).toEqual([{ kind: 'node', label: 'node n-9', to: '/nodes/n-9' }]);
    expect(eventLinks({ ...base, Topic: 'NodeDrain', Namespace: '', Key: 'n-9', Payload: { Node: { ID: 'n-9', Name: 'w9' } } })[0].label).toBe('node w9');
  });

  it('gives no link for topics without an object view', () => {
    expect(eventLinks({ ...base, Topic: 'ACLToken', Key: 't', Payload: {} })).toEqual([]);
  });
});
