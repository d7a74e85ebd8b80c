// One cluster client per cluster connection (connections/cluster-client-cache), built from its profile and dropped
// when the profile or token changes (ConnectionService.onChange), so no request ever goes out with an old address,
// CA file or token.
import type { AllocListStub } from '../contract/cluster-models';
import type { ConnectionService } from '../connections/connection-service';
import { ClusterClient, type BlockingOptions, type Page } from '../clients/cluster-api';
import { allocListStubSchema, decodeList } from '../clients/cluster-api/schemas';
import type { StreamTransport } from '../streams/stream-protocol';
import { ClusterClientCache } from '../connections/cluster-client-cache';

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

/** The cluster service's clients; main/cluster/index.ts drops one when its connection changes. */
export class ClientPool extends ClusterClientCache<PoolClient> {
  constructor(connections: ConnectionService) {
    super(connections, (options) => new PoolClient(options), 'jobs, allocations and nodes need');
  }
}
