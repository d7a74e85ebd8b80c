// /_sim/* routes of the cluster simulator: drive time, event load and limits, and read the emitted-event record.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { readJson, send } from '../http-kit';
import type { ClusterSim } from './index';

export async function handleClusterAdmin(sim: ClusterSim, req: IncomingMessage, res: ServerResponse, url: URL): Promise<boolean> {
  const path = url.pathname;
  const method = req.method ?? 'GET';
  const body = async (): Promise<Record<string, unknown> | null> => {
    const parsed = await readJson(req);
    if (!parsed.ok) {
      send(res, 400, { error: parsed.reason });
      return null;
    }
    return (parsed.value ?? {}) as Record<string, unknown>;
  };
  const number = (value: unknown, name: string): number | null => {
    if (typeof value === 'number' && Number.isFinite(value) && value >= 0) return value;
    send(res, 400, { error: `${name} must be a non-negative number` });
    return null;
  };

  if (path === '/_sim/events/emitted' && method === 'GET') {
    const raw = url.searchParams.get('since') ?? '0';
    if (!/^\d+$/.test(raw)) {
      send(res, 400, { error: `since must be a non-negative integer index, got "${raw}"` });
      return true;
    }
    const since = Number(raw);
    send(res, 200, { total: sim.emitted.total, forgotten: sim.emitted.forgotten, events: sim.emitted.list(since) });
    return true;
  }
  if (path === '/_sim/event-rate') {
    if (method === 'POST') {
      const b = await body();
      if (!b) return true;
      const rate = number(b.rate, 'rate');
      if (rate === null) return true;
      sim.setEventRate(rate);
    }
    send(res, 200, { rate: sim.eventRate });
    return true;
  }
  if (path === '/_sim/events/burst' && method === 'POST') {
    const b = await body();
    if (!b) return true;
    const count = number(b.count, 'count');
    if (count === null) return true;
    send(res, 200, { emitted: sim.emitBurst(Math.floor(count)), index: sim.state.index });
    return true;
  }
  if (path === '/_sim/tick' && method === 'POST') {
    const b = await body();
    if (!b) return true;
    const ms = number(b.ms ?? 500, 'ms');
    if (ms === null) return true;
    sim.advance(ms);
    send(res, 200, { now: sim.clock.iso(), index: sim.state.index });
    return true;
  }
  if (path === '/_sim/clock') {
    if (method === 'POST') {
      const b = await body();
      if (!b) return true;
      if (typeof b.paused !== 'boolean') {
        send(res, 400, { error: 'paused must be true or false' });
        return true;
      }
      sim.setPaused(b.paused);
    }
    send(res, 200, { now: sim.clock.iso(), paused: !sim.clock.autoTicking });
    return true;
  }
  if (path === '/_sim/event-buffer') {
    if (method === 'POST') {
      const b = await body();
      if (!b) return true;
      const size = number(b.size, 'size');
      if (size === null) return true;
      if (size < 1) {
        send(res, 400, { error: 'size must be at least 1 event' });
        return true;
      }
      sim.bus.resize(Math.floor(size));
    }
    send(res, 200, { size: sim.bus.size, oldestIndex: sim.bus.at(sim.bus.start)?.Index ?? null, newestIndex: sim.bus.at(sim.bus.end - 1)?.Index ?? null });
    return true;
  }
  if (path === '/_sim/limits') {
    if (method === 'POST') {
      const b = await body();
      if (!b) return true;
      const max = number(b.maxConnsPerClient, 'maxConnsPerClient');
      if (max === null) return true;
      sim.blocking.maxPerClient = Math.floor(max);
    }
    send(res, 200, { maxConnsPerClient: sim.blocking.maxPerClient });
    return true;
  }
  if (path === '/_sim/cluster' && method === 'GET') {
    const s = sim.state;
    send(res, 200, { index: s.index, jobs: s.jobs.size, allocations: s.allocs.size, nodes: s.nodes.size, evaluations: s.evals.size, deployments: s.deployments.size, tokens: sim.tokens, now: sim.clock.iso() });
    return true;
  }
  return false;
}
