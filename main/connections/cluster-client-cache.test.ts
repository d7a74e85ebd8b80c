// ClusterClientCache: one client per cluster connection, refused for workspace connections, rebuilt after drop.
import { describe, expect, it } from 'vitest';
import type { ConnectionService } from './connection-service';
import { ClusterClientCache } from './cluster-client-cache';

const profiles: Record<string, unknown> = {
  c1: { id: 'c1', kind: 'cluster', name: 'prod', address: 'https://c1:4646', namespace: 'default', tls: {} },
  w1: { id: 'w1', kind: 'workspace', name: 'acme', baseUrl: 'https://w1' },
};
const connections = { profile: (id: string) => profiles[id], tokenFor: async () => 'secret' } as unknown as ConnectionService;

function cache() {
  const built: { address: string; closed: boolean; close(): void }[] = [];
  const clients = new ClusterClientCache(
    connections,
    (options) => {
      const client = { address: options.address, closed: false, close: () => (client.closed = true) };
      built.push(client);
      return client;
    },
    'the test view needs',
  );
  return { clients, built };
}

describe('ClusterClientCache', () => {
  it('builds one client per connection from its profile and reuses it', () => {
    const { clients, built } = cache();
    expect(clients.client('c1')).toBe(clients.client('c1'));
    expect(built).toHaveLength(1);
    expect(built[0].address).toBe('https://c1:4646');
  });

  it('refuses a workspace connection, naming it and what to do', () => {
    const { clients } = cache();
    expect(() => clients.client('w1')).toThrow(/"acme" is a workspace connection; the test view needs a cluster connection\. Pick a cluster/);
  });

  it('closes a dropped client and builds a fresh one on next use', () => {
    const { clients, built } = cache();
    const first = clients.client('c1');
    clients.drop('c1');
    expect(built[0].closed).toBe(true);
    expect(clients.client('c1')).not.toBe(first);
    clients.closeAll();
    expect(built[1].closed).toBe(true);
  });
});
