// The cluster event stream (cluster-api.md, Event stream): frames {Index, Events}, `{}` heartbeats, resume by
// index with duplicates dropped and skip-aheads reported (rules in event-resume-cursor.ts), payloads redacted.
import type { ClusterEvent, ClusterEventParams } from '../contract';
import { redactPayloadInPlace } from '../redaction/redact-payload';
import { EventResumeCursor, type WireEvent } from './event-resume-cursor';
import type { StreamProtocol, UpstreamSink } from './stream-protocol';

/**
 * A cheap test on the raw line before the deep-copying redaction: every secret key the redactor knows contains one
 * of these words, and a `\u` escape could spell one in disguise, so a line matching neither holds no secret field.
 */
const MAY_HOLD_SECRET = /token|secret|passw|encrypt|private_?key|key_?file|hosted-|\\u/i;

function isWireEvent(value: unknown): value is WireEvent {
  if (value === null || typeof value !== 'object') return false;
  const e = value as Record<string, unknown>;
  return typeof e.Topic === 'string' && typeof e.Type === 'string' && typeof e.Key === 'string' && typeof e.Index === 'number';
}

export class ClusterEventProtocol implements StreamProtocol<ClusterEvent> {
  readonly what = 'the cluster event stream';
  readonly resyncOnMalformed = true;
  readonly cursor: EventResumeCursor;

  constructor(private readonly params: Pick<ClusterEventParams, 'topics' | 'namespace' | 'index'>, readonly heartbeatMs: number) {
    this.cursor = new EventResumeCursor(params.index ?? 0);
  }

  request() {
    return {
      path: '/v1/event/stream',
      query: {
        index: this.cursor.resumeIndex(),
        // No `topic` asks for every topic, which needs a management token (cluster-api.md, Authentication).
        topic: this.params.topics.length > 0 ? this.params.topics : undefined,
        namespace: this.params.namespace,
      },
    };
  }

  connected(): void {
    this.cursor.connected();
  }

  frame(frame: Record<string, unknown>, line: string, sink: UpstreamSink<ClusterEvent>): boolean {
    if (frame.Index === undefined && frame.Events === undefined) return true; // `{}`: a heartbeat
    const index = frame.Index;
    const events = frame.Events ?? [];
    if (typeof index !== 'number' || !Number.isInteger(index) || index < 0 || !Array.isArray(events)) return false;
    const valid = events.filter(isWireEvent);
    if (valid.length < events.length) sink.malformed(events.length - valid.length);
    const accepted = this.cursor.accept(index, valid);
    if (accepted.gap) sink.gap(accepted.gap);
    const redact = MAY_HOLD_SECRET.test(line);
    for (const event of accepted.events) {
      const payload = event.Payload && typeof event.Payload === 'object' ? event.Payload : {};
      sink.deliver({
        Topic: event.Topic,
        Type: event.Type,
        Key: event.Key,
        Namespace: typeof event.Namespace === 'string' ? event.Namespace : '',
        FilterKeys: Array.isArray(event.FilterKeys) ? event.FilterKeys : null,
        Index: event.Index,
        // Node events carry SecretID, ACL token events their secret (design.md, Security invariant 2). The payload
        // was parsed from this frame and nothing else holds it, so it is redacted in place rather than copied.
        Payload: redact ? redactPayloadInPlace(payload) : payload,
      });
    }
    return true;
  }

  cleanEnd() {
    return { finished: false } as const; // the event stream never ends on its own; a closed body is resumed
  }

  refusal(status: number, body: string): string {
    const server = body ? ` (${status} ${body.slice(0, 200)})` : ` (${status})`;
    if (status === 403 || status === 401) {
      const wide = this.params.namespace === '*' || this.params.topics.length === 0 || this.params.topics.some((t) => t.split(':')[0] === '*');
      const advice = wide
        ? 'All topics and all namespaces (`*`) need a management token, or a policy that applies to every namespace. Pick one namespace and specific topics, or use a management token.'
        : 'The token lacks the read permission of one of the chosen topics (namespace:read-job for jobs, allocations, evaluations, deployments and services; node:read for nodes). Remove that topic or use a token that may read it.';
      return `The cluster refused the event stream${server}. ${advice}`;
    }
    if (status === 429) return `The cluster limits connections per client and refused the event stream${server}; close other live views or wait`;
    if (status === 400) return `The cluster rejected the event stream parameters${server}. Check the topic filters.`;
    return `The event stream failed${server}`;
  }
}
