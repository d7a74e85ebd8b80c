// The cluster client as the host uses it: every endpoint of cluster-api.md except the agent's, plus opening the
// event stream. Frame parsing, resume and gap handling belong to main/streams (design.md, Live data).
import type { StreamResponse } from '../http/transport';
import { eventStreamAcl } from './errors';
import { NodeCalls } from './nodes';
import { checkInteger } from './input';

export interface EventStreamOptions {
  /** Start index; the server skips ahead silently when it is no longer buffered (cluster-api.md, Event stream). */
  index?: number;
  /** `Topic` or `Topic:FilterKey`, repeatable; none means all topics, which needs a management token. */
  topics?: string[];
  /** `*` for all namespaces (management token or a policy for all namespaces). */
  namespace?: string;
  signal?: AbortSignal;
}

export class ClusterClient extends NodeCalls {
  /** Opens GET /v1/event/stream and returns the live NDJSON body; a refusal becomes a typed HostError. */
  async openEventStream(options: EventStreamOptions = {}): Promise<StreamResponse> {
    checkInteger(options.index, 'event index');
    const topics = (options.topics ?? []).filter((topic) => topic.trim() !== '');
    const namespace = options.namespace || this.namespace;
    return this.openStreaming({
      endpoint: 'eventStream',
      method: 'GET',
      path: '/v1/event/stream',
      query: { index: options.index ?? 0, topic: topics.length ? topics : undefined },
      namespace,
      acl: eventStreamAcl(topics, namespace),
      signal: options.signal,
    });
  }
}
