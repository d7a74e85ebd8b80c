// One cluster client per cluster connection, built from its profile and dropped when the profile or token changes
// (ConnectionService.onChange), so no request ever goes out with an old address, CA file or token.
import type { AllocListStub } from '../contract/cluster-models';
import type { ConnectionService } from '../connections/connection-service';
import { ClusterClient, type BlockingOptions, type Page } from '../clients/cluster-api';
import { allocListStubSchema, decodeList } from '../clients/cluster-api/schemas';
import type { StreamTransport } from '../streams/stream-protocol';
import { HostError } from '../host/host-error';

export interface AllocationPageOptions extends BlockingOptions {
  perPage: number;
  nextToken?: string;
}

/**
 * The typed client plus the paged allocation list the client does not offer yet. `GET /v1/allocations` with
 * `namespace=*` is ≈380 MB unpaginated at 100,000 allocations (sim/cluster/README.md); `per_page` with
 * `task_states=false` keeps each page small, and rows never show task states anyway.
 */
export class PoolClient extends ClusterClient {
  async listAllocationPage(options: AllocationPageOptions): Promise<Page<AllocListStub>> {
    const answer = await this.send({
      endpoint: 'listAllocations',
      method: 'GET',
      path: '/v1/allocations',
      query: { per_page: options.perPage, next_token: options.nextToken, task_states: false },
      namespace: options.namespace,
      blocking: options,
    });
    // Not redacted: allocation stubs carry no secret fields, and only rows.ts's picked fields are kept.
    return { value: decodeList<AllocListStub>(allocListStubSchema, answer.value, 'the allocation list'), index: answer.index, nextToken: answer.nextToken };
  }

  /** The connection's transport (TLS included) for the shared event-stream upstream (main/streams). */
  get streamTransport(): StreamTransport {
    return this.transport;
  }
}

export class ClientPool {
  private readonly clients = new Map<string, PoolClient>();

  constructor(private readonly connections: ConnectionService) {}

  /** The client of a cluster connection; a workspace connection is refused with a message that says so. */
  client(connectionId: string): PoolClient {
    const existing = this.clients.get(connectionId);
    if (existing) return existing;
    const profile = this.connections.profile(connectionId);
    if (profile.kind !== 'cluster') {
      throw new HostError('invalid_input', `Connection "${profile.name}" is a workspace connection; jobs, allocations and nodes need a cluster connection. Pick a cluster in the connection switcher.`);
    }
    const client = new PoolClient({
      address: profile.address,
      region: profile.region,
      namespace: profile.namespace,
      tls: profile.tls,
      token: () => this.connections.tokenFor(connectionId),
    });
    this.clients.set(connectionId, client);
    return client;
  }

  drop(connectionId: string): void {
    this.clients.get(connectionId)?.close();
    this.clients.delete(connectionId);
  }

  closeAll(): void {
    for (const id of [...this.clients.keys()]) this.drop(id);
  }
}
