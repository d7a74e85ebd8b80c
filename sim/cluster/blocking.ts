// Blocking queries: `index` + `wait` on every GET the spec marks blocking. The answer comes at once when the
// resource's index is past the requested one; otherwise it is held until a change or the wait elapses.
// Query parameter names are "not shown" in cluster-api.md; these are Nomad's (wait default 5m, max 10m).
import type { ServerResponse } from 'node:http';
import type { ClusterState, Table } from './state';
import { sendError, type Ctx } from './http';

const DEFAULT_WAIT_MS = 5 * 60_000;
const MAX_WAIT_MS = 10 * 60_000;

/** Parses a Go duration such as `5s`, `100ms`, `1m30s`. A bare number is taken as nanoseconds, as Go does. */
export function parseGoDuration(text: string): number | null {
  if (/^\d+$/.test(text)) return Number(text) / 1e6;
  const re = /(\d+(?:\.\d+)?)(ns|us|µs|ms|s|m|h)/gy;
  const unit: Record<string, number> = { ns: 1e-6, us: 1e-3, µs: 1e-3, ms: 1, s: 1000, m: 60_000, h: 3_600_000 };
  let total = 0;
  let consumed = 0;
  let match: RegExpExecArray | null;
  while ((match = re.exec(text))) {
    total += Number(match[1]) * unit[match[2]];
    consumed = re.lastIndex;
  }
  return consumed === text.length && text.length > 0 ? total : null;
}

export interface BlockingSource {
  tables: Table[];
  /** Index of the resource as it is now (X-Cluster-Index). */
  index(): number;
  /** Writes the answer for the current state. */
  respond(res: ServerResponse, index: number): void;
}

export class BlockingQueries {
  private readonly perClient = new Map<string, number>();

  constructor(private readonly state: ClusterState, public maxPerClient = 100) {}

  /** Long-lived requests held right now, over all clients (held blocking queries plus open event streams). */
  get held(): number {
    let total = 0;
    for (const count of this.perClient.values()) total += count;
    return total;
  }

  /** Counts long-lived requests per client address; Nomad answers 429 past http_max_conns_per_client. */
  acquire(ctx: Ctx): (() => void) | null {
    const client = ctx.req.socket.remoteAddress ?? 'unknown';
    const held = this.perClient.get(client) ?? 0;
    if (held >= this.maxPerClient) {
      sendError(ctx.res, 429, 'Your IP is issuing too many concurrent connections, please rate limit your calls\n');
      return null;
    }
    this.perClient.set(client, held + 1);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const now = (this.perClient.get(client) ?? 1) - 1;
      if (now <= 0) this.perClient.delete(client);
      else this.perClient.set(client, now);
    };
  }

  async run(ctx: Ctx, source: BlockingSource): Promise<void> {
    const { url, res } = ctx;
    const rawIndex = url.searchParams.get('index');
    const rawWait = url.searchParams.get('wait');
    let minIndex = 0;
    if (rawIndex !== null && rawIndex !== '') {
      if (!/^\d+$/.test(rawIndex)) return sendError(res, 400, 'Invalid index');
      minIndex = Number(rawIndex);
    }
    let waitMs = DEFAULT_WAIT_MS;
    if (rawWait !== null && rawWait !== '') {
      const parsed = parseGoDuration(rawWait);
      if (parsed === null) return sendError(res, 400, 'Invalid wait time');
      waitMs = Math.min(MAX_WAIT_MS, parsed);
    }
    const current = source.index();
    if (minIndex === 0 || current > minIndex) return source.respond(res, current);
    const release = this.acquire(ctx);
    if (!release) return;
    await new Promise<void>((resolve) => {
      let done = false;
      const finish = (answer: boolean): void => {
        if (done) return;
        done = true;
        clearTimeout(timer);
        unwatch();
        release();
        if (answer && !res.writableEnded && !res.destroyed) source.respond(res, source.index());
        resolve();
      };
      const wanted = new Set(source.tables);
      const unwatch = this.state.watch((touched) => {
        for (const table of touched) {
          if (wanted.has(table)) {
            if (source.index() > minIndex) finish(true);
            return;
          }
        }
      });
      const timer = setTimeout(() => finish(true), waitMs);
      res.on('close', () => finish(false));
    });
  }
}
