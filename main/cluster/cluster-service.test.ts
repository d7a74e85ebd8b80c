// The cluster service against the simulator over HTTP: list windows, live updates through the event stream,
// confirmations, permission errors, and the blocking-query fallback with its long-poll budget.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startSimulator, type Simulator } from '../../sim/index';
import { ClusterClient } from '../clients/cluster-api';
import type { JobRow } from '../contract';
import { clusterSchemas } from './index';
import { failure, harness, listChanges, untilChange, type Harness } from './cluster-test-kit';

let sim: Simulator;
let admin: ClusterClient;
const open: Harness[] = [];

async function connect(token: string | null, options?: Parameters<typeof harness>[2]): Promise<Harness> {
  const h = await harness(sim.url, token, options);
  open.push(h);
  return h;
}

const window = { offset: 0, limit: 100 };

async function filledJobs(h: Harness) {
  const { handlers } = h.service;
  await handlers['jobs.query']({ connectionId: h.connectionId, ...window });
  await untilChange(h.datasets, h.connectionId, async () => !(await handlers['jobs.query']({ connectionId: h.connectionId, ...window })).loading, 20_000, 'the jobs list to fill');
}

async function registerJob(id: string, namespace = 'default'): Promise<void> {
  const datacenter = (await admin.listNodes()).value[0].Datacenter;
  const hcl = `job "${id}" {\n  datacenters = ["${datacenter}"]\n  namespace = "${namespace}"\n  group "g" {\n    count = 1\n    task "t" {\n      driver = "docker"\n      config {\n        image = "nginx:1.25"\n      }\n    }\n  }\n}\n`;
  const job = await admin.parseJob({ hcl, canonicalize: true, namespace });
  await admin.registerJob(job, { namespace });
}

beforeAll(async () => {
  sim = await startSimulator({ seed: 3 });
  admin = new ClusterClient({ address: sim.url, namespace: 'default', tls: {}, token: async () => sim.clusterToken });
});

afterEach(async () => {
  for (const h of open.splice(0)) await h.close();
});

afterAll(async () => {
  admin.close();
  await sim.close();
});

describe('list windows', () => {
  it('sorts, counts facets, filters by facet, search, namespace and server expression', async () => {
    const h = await connect(sim.clusterToken);
    const query = h.service.handlers['jobs.query'];
    const id = h.connectionId;
    await filledJobs(h);
    const all = await query({ connectionId: id, ...window, namespace: '*' });
    expect(all.total).toBe(sim.cluster.state.jobs.size);
    expect(all.facetCounts.Namespace.ops).toBeGreaterThan(0);

    const byPriority = await query({ connectionId: id, ...window, sort: { key: 'Priority', order: 'desc' } });
    const priorities = byPriority.rows.map((row) => row.Priority);
    expect(priorities).toEqual([...priorities].sort((a, b) => b - a));

    const batch = await query({ connectionId: id, ...window, facets: { Type: ['batch'] } });
    expect(batch.matching).toBe(all.facetCounts.Type.batch);
    expect(batch.rows.every((row) => row.Type === 'batch')).toBe(true);

    const web = await query({ connectionId: id, ...window, search: 'web' });
    expect(web.rows.map((row) => row.ID)).toContain('web');

    const ops = await query({ connectionId: id, ...window, namespace: 'ops' });
    expect(ops.rows.length).toBeGreaterThan(0);
    expect(ops.rows.every((row) => row.Namespace === 'ops')).toBe(true);

    const api = (await query({ connectionId: id, ...window, search: 'api' })).rows.find((row) => row.ID === 'api')!;
    expect(api.groups.length).toBe(2); // summary bars per task group

    const expression = await query({ connectionId: id, ...window, expression: 'Type == "batch"' });
    expect(expression.matching).toBe(batch.matching);

    const bad = await failure(query({ connectionId: id, ...window, expression: 'Type ==' }));
    expect(bad.code).toBe('invalid_input');
    expect(bad.message).toMatch(/filter expression/);
  });

  it('resolves node names on allocations and counts allocations per node', async () => {
    const h = await connect(sim.clusterToken);
    const { handlers } = h.service;
    const id = h.connectionId;
    await handlers['nodes.query']({ connectionId: id, ...window });
    await untilChange(h.datasets, id, async () => {
      const [nodes, allocs] = await Promise.all([handlers['nodes.query']({ connectionId: id, ...window }), handlers['allocations.query']({ connectionId: id, ...window })]);
      return !nodes.loading && !allocs.loading;
    });
    const allocs = await handlers['allocations.query']({ connectionId: id, offset: 0, limit: 1000 });
    const nodes = await handlers['nodes.query']({ connectionId: id, ...window, sort: { key: 'allocations', order: 'desc' } });
    expect(allocs.total).toBe(sim.cluster.state.allocs.size);
    expect(allocs.rows.every((row) => row.NodeName !== '')).toBe(true);
    expect(nodes.rows.reduce((sum, row) => sum + (row.allocCounts?.total ?? 0), 0)).toBe(allocs.total);
    const running = allocs.rows.filter((row) => row.ClientStatus === 'running' && row.NodeID === nodes.rows[0].ID).length;
    expect(nodes.rows[0].allocCounts?.running).toBe(running);
  });
});

describe('live updates', () => {
  it('patches the jobs dataset from the event stream and sends a lists.changes notice', async () => {
    const h = await connect(sim.clusterToken);
    const changes = listChanges(h);
    await filledJobs(h);
    await changes.next((batch) => batch.status === 'live');
    await registerJob('live-probe'); // through another client: only the event stream can tell the service
    const notice = await changes.next((batch) => batch.items.some((item) => item.resource === 'jobs' && item.ids?.includes('live-probe')));
    expect(notice.status).toBe('live');
    const row = (await h.service.handlers['jobs.query']({ connectionId: h.connectionId, ...window, search: 'live-probe' })).rows[0] as JobRow;
    expect(row.ID).toBe('live-probe');
    expect(row.groups.map((g) => g.name)).toEqual(['g']);
    changes.close();
  });

  it('falls back to blocking queries when the token may not read the stream, within the long-poll budget', async () => {
    // Count long polls as the server sees them: blocking queries that are held, not event streams.
    const blocking = sim.cluster.blocking;
    const acquire = blocking.acquire.bind(blocking);
    let held = 0;
    let peak = 0;
    blocking.acquire = (ctx) => {
      const release = acquire(ctx);
      if (!release || ctx.url.pathname === '/v1/event/stream') return release;
      peak = Math.max(peak, ++held);
      let released = false;
      return () => {
        if (!released) (released = true), held--;
        release();
      };
    };
    try {
      // One slot for two lists: the scheduler must rotate them (design.md: a fixed budget, whatever views are open).
      const h = await connect(sim.cluster.tokens.defaultReader, { blocking: { maxLongPolls: 1, longWaitMs: 10_000, rotateWaitMs: 300, minIntervalMs: 50 } });
      const changes = listChanges(h);
      const { handlers } = h.service;
      const id = h.connectionId;
      await filledJobs(h);
      await handlers['allocations.query']({ connectionId: id, ...window });
      await changes.next((batch) => batch.status === 'live' && /blocking queries for jobs, allocations/.test(batch.message ?? ''));
      const status = h.service.liveStatus(id);
      expect(status.message).toMatch(/Event stream limited to nodes/);

      await registerJob('polled-probe');
      await untilChange(h.datasets, id, async () => {
        const jobs = await handlers['jobs.query']({ connectionId: id, ...window, search: 'polled-probe' });
        const allocs = await handlers['allocations.query']({ connectionId: id, ...window, search: 'polled-probe' });
        return jobs.matching === 1 && allocs.matching > 0;
      });
      expect(peak).toBeGreaterThan(0);
      expect(peak).toBeLessThanOrEqual(1);
      changes.close();
    } finally {
      blocking.acquire = acquire;
    }
  });
});

describe('actions', () => {
  it('refuses a purge without the typed job ID and keeps the job', async () => {
    const h = await connect(sim.clusterToken);
    const error = await failure(h.service.handlers['jobs.stop']({ connectionId: h.connectionId, jobId: 'worker', purge: true, confirm: 'wrker' }));
    expect(error.code).toBe('invalid_input');
    expect(error.message).toMatch(/Type the job ID to confirm purging/);
    expect((await h.service.handlers['jobs.read']({ connectionId: h.connectionId, jobId: 'worker' })).value.ID).toBe('worker');
  });

  it('names the missing permission when a read-only token acts', async () => {
    const h = await connect(sim.clusterReadOnlyToken);
    const scale = await failure(h.service.handlers['jobs.scale']({ connectionId: h.connectionId, jobId: 'web', group: 'web', count: 3, message: 'more' }));
    expect(scale.code).toBe('forbidden');
    expect(scale.message).toMatch(/namespace:scale-job/);
    const node = (await admin.listNodes()).value[0];
    const eligibility = await failure(h.service.handlers['nodes.setEligibility']({ connectionId: h.connectionId, nodeId: node.ID, eligible: false }));
    expect(eligibility.code).toBe('forbidden');
    expect(eligibility.message).toMatch(/node:write/);
  });

  it('needs the node name for a forced drain and for a purge', async () => {
    const h = await connect(sim.clusterToken);
    const node = (await admin.listNodes()).value[0];
    const drain = await failure(h.service.handlers['nodes.drain']({ connectionId: h.connectionId, nodeId: node.ID, deadlineSeconds: -1, ignoreSystemJobs: false }));
    expect(drain.message).toContain(node.Name);
    const purge = await failure(h.service.handlers['nodes.purge']({ connectionId: h.connectionId, nodeId: node.ID, confirm: 'nope' }));
    expect(purge.code).toBe('invalid_input');
    expect((await admin.readNode(node.ID)).value.ID).toBe(node.ID);
  });

  it('drops the client and datasets when the token changes, and ends the live state when the connection goes', async () => {
    const h = await connect(sim.clusterReadOnlyToken);
    await filledJobs(h);
    const before = h.service.runtimeOf(h.connectionId);
    await h.connections.setToken(h.connectionId, sim.clusterToken);
    expect(h.datasets.existing(h.connectionId, 'jobs')).toBeUndefined();
    expect(h.service.runtimeOf(h.connectionId)).toBeUndefined();
    // The new token applies at once: an action the read-only token could not do now succeeds.
    await h.service.handlers['jobs.evaluate']({ connectionId: h.connectionId, jobId: 'web' });
    await filledJobs(h);
    expect(h.service.runtimeOf(h.connectionId)).not.toBe(before);
    const status = h.service.liveStatus(h.connectionId);
    await h.connections.remove(h.connectionId);
    expect(status.status).toBe('ended');
  });

  it('refuses a workspace connection for cluster methods', async () => {
    const h = await connect(sim.clusterToken);
    const workspace = await h.connections.create({ kind: 'workspace', name: 'ws', baseUrl: sim.url, organization: sim.organization });
    const error = await failure(h.service.handlers['jobs.query']({ connectionId: workspace.profile.id, ...window }));
    expect(error.code).toBe('invalid_input');
    expect(error.message).toMatch(/is a workspace connection/);
  });
});

describe('schemas', () => {
  const connectionId = 'c1';
  it('checks the dispatch payload size after Base64 decoding', () => {
    const big = Buffer.alloc(16_385).toString('base64');
    const result = clusterSchemas['jobs.dispatch'].safeParse({ connectionId, jobId: 'video-encode', payloadBase64: big });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0].message).toMatch(/16385 bytes.*at most 16384/);
    expect(clusterSchemas['jobs.dispatch'].safeParse({ connectionId, jobId: 'video-encode', payloadBase64: Buffer.alloc(16_384).toString('base64') }).success).toBe(true);
  });

  it('holds limits, ID formats and signal names to the spec', () => {
    const uuid = '5f1c0a2e-0000-4000-8000-000000000001';
    expect(clusterSchemas['nodes.query'].safeParse({ connectionId, offset: 0, limit: 1001 }).success).toBe(false);
    expect(clusterSchemas['jobs.query'].safeParse({ connectionId, offset: -1, limit: 10 }).success).toBe(false);
    expect(clusterSchemas['jobs.query'].safeParse({ connectionId, offset: 0, limit: 10, search: 'x'.repeat(201) }).success).toBe(false);
    expect(clusterSchemas['allocations.read'].safeParse({ connectionId, allocId: '5f1c0a2e' }).success).toBe(false);
    expect(clusterSchemas['allocations.signal'].safeParse({ connectionId, allocId: uuid, signal: 'sighup' }).success).toBe(false);
    expect(clusterSchemas['allocations.signal'].safeParse({ connectionId, allocId: uuid, signal: 'SIGHUP' }).success).toBe(true);
    expect(clusterSchemas['nodes.drain'].safeParse({ connectionId, nodeId: uuid, deadlineSeconds: -2, ignoreSystemJobs: false }).success).toBe(false);
    expect(clusterSchemas['jobs.scale'].safeParse({ connectionId, jobId: 'web', group: 'web', count: 10_001, message: 'x' }).success).toBe(false);
    expect(clusterSchemas['jobs.scale'].safeParse({ connectionId, jobId: 'web', group: 'web', count: 2, message: '' }).success).toBe(false);
    expect(clusterSchemas['jobs.read'].safeParse({ connectionId, jobId: 'web', extra: 1 }).success).toBe(false);
    expect(clusterSchemas['jobs.read'].safeParse({ connectionId, jobId: 'web', namespace: 'bad ns' }).success).toBe(false);
  });
});
