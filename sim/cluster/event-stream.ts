// GET /v1/event/stream: newline-delimited JSON frames {Index, Events}, one per index, `{}` heartbeats, topic
// and namespace filters with per-topic ACLs, and resume by `index` (cluster-api.md, Event stream).
import type { ServerResponse } from 'node:http';
import type { Faults, FaultyStream } from '../faults';
import type { Acl, Token } from './acl';
import type { EventBus, StreamEvent } from './events';
import type { BlockingQueries } from './blocking';
import { sendDenied, sendError, type Ctx } from './http';

const NAMESPACED = new Set(['Job', 'Allocation', 'Evaluation', 'Deployment', 'Service']);
const NODE_TOPICS = new Set(['Node', 'NodeDrain']);
/** Above this many buffered bytes the stream waits for 'drain' instead of growing without bound. */
const HIGH_WATER = 1 << 20;

type Topics = Map<string, Set<string>>;

export function parseTopics(values: string[]): Topics | string {
  const topics: Topics = new Map();
  if (values.length === 0) values = ['*:*'];
  for (const raw of values) {
    // `Node` and `Node:*` are both valid; the filter key defaults to `*` (cluster-api.md, Event stream).
    const [topic, ...rest] = raw.split(':');
    const key = rest.length ? rest.join(':') : '*';
    if (!topic) return `Invalid topic query: "${raw}"`;
    if (!topics.has(topic)) topics.set(topic, new Set());
    topics.get(topic)!.add(key || '*');
  }
  return topics;
}

function allowedTopic(acl: Acl, token: Token | null, topic: string, namespace: string): boolean {
  if (token?.management) return true;
  if (NAMESPACED.has(topic)) return namespace === '*' ? acl.allNamespaces(token) : acl.allows(token, 'namespace:read-job', namespace);
  if (NODE_TOPICS.has(topic)) return acl.allows(token, 'node:read');
  return false; // `*`, ACLToken, ACLPolicy and unknown topics need a management token
}

/** The permission a topic needs, as the 403 names it (cluster-api.md, Event stream topics table). */
function topicPermission(topic: string): string {
  if (NAMESPACED.has(topic)) return 'namespace:read-job';
  if (NODE_TOPICS.has(topic)) return 'node:read';
  return 'management';
}

function matches(event: StreamEvent, topics: Topics, namespace: string): boolean {
  if (event.Namespace !== '' && namespace !== '*' && event.Namespace !== namespace) return false;
  // Drain events ride on the Node topic with Type NodeDrain; a `NodeDrain` subscription receives them too.
  const candidates = [topics.get(event.Topic), topics.get('*'), event.Type === 'NodeDrain' ? topics.get('NodeDrain') : undefined];
  return candidates.some((keys) => keys !== undefined && (keys.has('*') || keys.has(event.Key) || Boolean(event.FilterKeys?.some((k) => keys.has(k)))));
}

export class EventStreams {
  private readonly open = new Set<ServerResponse>();

  constructor(
    private readonly bus: EventBus,
    private readonly acl: Acl,
    private readonly faults: Faults,
    private readonly limits: BlockingQueries,
    public heartbeatMs: number,
  ) {}

  async handle(ctx: Ctx): Promise<void> {
    const { url, res } = ctx;
    const rawIndex = url.searchParams.get('index') ?? '0';
    if (!/^\d+$/.test(rawIndex)) return sendError(res, 400, `Unable to parse index: strconv.ParseUint: parsing "${rawIndex}": invalid syntax`);
    const namespace = url.searchParams.get('namespace') || 'default';
    const topics = parseTopics(url.searchParams.getAll('topic'));
    if (typeof topics === 'string') return sendError(res, 400, topics);
    if (namespace === '*' && !this.acl.allNamespaces(ctx.token)) return sendDenied(res, 'namespace:read-job (all namespaces)');
    for (const topic of topics.keys()) if (!allowedTopic(this.acl, ctx.token, topic, namespace)) return sendDenied(res, topicPermission(topic));
    const release = this.limits.acquire(ctx);
    if (!release) return;

    res.writeHead(200, { 'Content-Type': 'application/json', 'Cache-Control': 'no-cache' });
    res.flushHeaders();
    this.open.add(res);
    const stream = this.faults.stream(res);
    const index = Number(rawIndex);
    // An index that has left the buffer starts at the oldest buffered event, silently (cluster-api.md).
    let cursor = index > 0 ? this.bus.seqForIndex(index) : this.bus.start;
    let waitingForDrain = false;

    const pump = (): void => {
      if (stream.closed || waitingForDrain) return;
      if (cursor < this.bus.start) cursor = this.bus.start;
      while (cursor < this.bus.end) {
        const first = this.bus.at(cursor)!;
        const parts: string[] = [];
        while (cursor < this.bus.end && this.bus.at(cursor)!.Index === first.Index) {
          const event = this.bus.at(cursor)!;
          if (matches(event, topics, namespace)) parts.push(event.json);
          cursor++;
        }
        if (parts.length > 0 && !write(stream, `{"Index":${first.Index},"Events":[${parts.join(',')}]}`)) return;
        if (res.writableLength > HIGH_WATER) {
          waitingForDrain = true;
          res.once('drain', () => {
            waitingForDrain = false;
            pump();
          });
          return;
        }
      }
    };
    const write = (s: FaultyStream, line: string): boolean => s.writeFrame(line);

    const unsubscribe = this.bus.subscribe(pump);
    const heartbeat = setInterval(() => {
      if (!waitingForDrain) write(stream, '{}');
    }, this.heartbeatMs);
    await new Promise<void>((resolve) => {
      res.on('close', () => {
        clearInterval(heartbeat);
        unsubscribe();
        release();
        this.open.delete(res);
        resolve();
      });
      pump();
    });
  }

  close(): void {
    for (const res of this.open) res.destroy();
    this.open.clear();
  }
}
