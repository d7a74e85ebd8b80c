// Issue 7 end to end in the host, over real HTTP against the simulator: a session fills the cache; with the server
// gone a new host serves the last known lists and details at once (source 'cache', with their age and the refresh
// error), says the connection is unreachable, recovers by itself when the server is back; and the cache folder
// holds none of the secrets the simulator knows (tokens, node SecretID, job SecretsToken/MeshToken, state URLs,
// state contents, sensitive variable values).
import { mkdtempSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { startSimulator, type Simulator } from '../../sim/index';
import type { BridgeResult, ConnectionAvailability, ConnectionSummary, Fetched, Job, JobRow, ListWindow, NodeRow, StreamBatch, WorkspaceRow } from '../contract';
import { createHost, type Host } from '../host/create-host';

const session = { id: 'offline-test' };
const SEED = 11;
const keychainService = `Quarterdeck-offline-${randomUUID()}`;
const JOB_SECRETS = { SecretsToken: `secrets-${randomUUID()}`, MeshToken: `mesh-${randomUUID()}` };
const window = { offset: 0, limit: 50 };

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = join(dir, name);
    return statSync(full).isDirectory() ? filesUnder(full) : [full];
  });
}

async function openHost(dataDir: string): Promise<Host> {
  const host = await createHost({
    dataDir,
    shell: { mode: 'web', openExternal: async () => undefined },
    keychainService,
    env: {},
    offline: { availability: { retryBaseMs: 150, retryMaxMs: 600 }, snapshots: { throttleMs: 100, firstDelayMs: 10 } },
  });
  await host.ready;
  return host;
}

function caller(host: Host) {
  return async <T>(method: string, params: unknown): Promise<T> => {
    const result = (await host.invoke(method, params, session)) as BridgeResult<T>;
    if (!result.ok) throw new Error(`${method}: ${result.error.code}: ${result.error.message}`);
    return result.value;
  };
}

/** Distinctive strings of a state file: long attribute values of its resources, which no API answer repeats. */
function stateFragments(raw: Buffer): string[] {
  const state = JSON.parse(raw.toString('utf8')) as { resources?: Array<{ instances?: Array<{ attributes?: Record<string, unknown> }> }> };
  const out: string[] = [];
  for (const resource of state.resources ?? []) {
    for (const instance of resource.instances ?? []) {
      for (const value of Object.values(instance.attributes ?? {})) if (typeof value === 'string' && value.length >= 16) out.push(value);
    }
  }
  return out.slice(0, 50);
}

const sims: Simulator[] = [];
const hosts: Host[] = [];
afterAll(async () => {
  for (const host of hosts) await host.shutdown().catch(() => undefined);
  for (const sim of sims) await sim.close().catch(() => undefined);
});

describe('offline cache through the host', () => {
  it('serves cached lists and details while the server is down, recovers by itself, and stores no secret', { timeout: 90_000 }, async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'qd-offline-'));
    const sim = await startSimulator({ seed: SEED });
    sims.push(sim);
    const port = Number(new URL(sim.url).port);

    // Session 1: online. Fill the lists and read details of both APIs.
    const first = await openHost(dataDir);
    hosts.push(first);
    const call = caller(first);
    const cluster = await call<ConnectionSummary>('connections.create', { kind: 'cluster', name: 'sim', address: sim.url, namespace: 'default', token: sim.clusterToken });
    const org = await call<ConnectionSummary>('connections.create', { kind: 'workspace', name: 'org', baseUrl: sim.url, organization: sim.organization, token: sim.workspaceToken });
    const clusterId = cluster.profile.id;
    const orgId = org.profile.id;

    await vi.waitFor(async () => expect((await call<ListWindow<NodeRow>>('nodes.query', { connectionId: clusterId, ...window })).loading).toBe(false), { timeout: 20_000 });
    const nodes = await call<ListWindow<NodeRow>>('nodes.query', { connectionId: clusterId, ...window });
    const datacenter = nodes.rows[0].Datacenter;
    const hcl = `job "offline-probe" {\n  datacenters = ["${datacenter}"]\n  group "g" {\n    task "t" {\n      driver = "docker"\n      config {\n        image = "nginx:1.25"\n      }\n    }\n  }\n}\n`;
    const parsed = await call<Job>('jobs.parse', { connectionId: clusterId, text: hcl, canonicalize: true });
    await call('jobs.register', { connectionId: clusterId, job: { ...parsed, ...JOB_SECRETS } });
    await vi.waitFor(
      async () => {
        const jobs = await call<ListWindow<JobRow>>('jobs.query', { connectionId: clusterId, ...window, search: 'offline-probe' });
        expect(jobs).toMatchObject({ loading: false, source: 'live', matching: 1 });
      },
      { timeout: 20_000 },
    );
    const liveJob = await call<Fetched<Job>>('jobs.read', { connectionId: clusterId, jobId: 'offline-probe' });
    expect(liveJob.source).toBe('live');
    await call('nodes.read', { connectionId: clusterId, nodeId: nodes.rows[0].ID });
    await call('allocations.query', { connectionId: clusterId, ...window });

    await vi.waitFor(async () => expect((await call<ListWindow<WorkspaceRow>>('workspaces.query', { connectionId: orgId, ...window })).loading).toBe(false), { timeout: 30_000 });
    const workspaces = (await call<ListWindow<WorkspaceRow>>('workspaces.query', { connectionId: orgId, ...window })).rows.slice(0, 6);
    const fragments: string[] = [];
    for (const row of workspaces) {
      await call('workspaces.read', { connectionId: orgId, workspaceId: row.id });
      await call('variables.list', { connectionId: orgId, workspaceId: row.id });
      await call('stateVersions.list', { connectionId: orgId, workspaceId: row.id });
      await call('stateVersions.current', { connectionId: orgId, workspaceId: row.id }).catch(() => undefined);
    }

    // What the simulator knows is secret, gathered before it goes away.
    const store = sim.workspace.store;
    const secrets: Array<[string, string]> = [
      ['cluster token', sim.clusterToken],
      ['cluster read-only token', sim.clusterReadOnlyToken],
      ['workspace token', sim.workspaceToken],
      ['workspace org token', sim.workspaceOrgToken],
      ['job SecretsToken', JOB_SECRETS.SecretsToken],
      ['job MeshToken', JOB_SECRETS.MeshToken],
    ];
    for (const node of sim.cluster.state.nodes.values()) secrets.push(['node SecretID', (node as unknown as { SecretID: string }).SecretID]);
    let sensitiveValues = 0;
    let stateUrls = 0;
    for (const row of workspaces) {
      const record = store.workspaces.get(row.id)!;
      for (const variable of store.variablesOf(record)) {
        if (variable.sensitive) {
          secrets.push(['sensitive variable value', variable.value]);
          sensitiveValues++;
        }
      }
      for (const version of store.stateVersionsOf(record)) {
        for (const kind of ['raw', 'json'] as const) secrets.push([`state ${kind} download URL`, store.downloadUrl(version, kind)]);
        stateUrls += 2;
        const content = store.content(version);
        if (content) fragments.push(...stateFragments(content.raw));
      }
    }
    for (const fragment of fragments) secrets.push(['state contents', fragment]);
    expect(sensitiveValues, 'the sample must include sensitive variables').toBeGreaterThan(0);
    expect(stateUrls, 'the sample must include state versions').toBeGreaterThan(0);
    expect(fragments.length, 'the sample must include state contents').toBeGreaterThan(0);

    await first.shutdown(); // flushes the throttled snapshots
    hosts.splice(hosts.indexOf(first), 1);
    await sim.close();
    sims.splice(sims.indexOf(sim), 1);

    // Session 2: the server is gone. Lists and details come from the cache at once, marked as such.
    const second = await openHost(dataDir);
    hosts.push(second);
    const call2 = caller(second);
    const availability: ConnectionAvailability[] = [];
    await second.subscribe('connections.availability', {}, 'availability-1', session, (batch: StreamBatch<unknown>) => availability.push(...(batch.items as ConnectionAvailability[])));
    const latest = (id: string) => [...availability].reverse().find((item) => item.connectionId === id);
    expect(latest(clusterId)?.state).toBe('unreachable');
    expect(latest(clusterId)?.error?.message).toMatch(/refused|reach/i);

    const cachedJobs = await call2<ListWindow<JobRow>>('jobs.query', { connectionId: clusterId, ...window, search: 'offline-probe' });
    expect(cachedJobs).toMatchObject({ source: 'cache', matching: 1 });
    expect(Date.parse(cachedJobs.asOf!)).toBeLessThanOrEqual(Date.now());
    const cachedJob = await call2<Fetched<Job>>('jobs.read', { connectionId: clusterId, jobId: 'offline-probe' });
    expect(cachedJob.source).toBe('cache');
    expect(cachedJob.refreshError?.code).toBe('unreachable');
    expect(cachedJob.value.ID).toBe('offline-probe');
    expect(cachedJob.value.SecretsToken).not.toBe(JOB_SECRETS.SecretsToken);
    const cachedWorkspaces = await call2<ListWindow<WorkspaceRow>>('workspaces.query', { connectionId: orgId, ...window });
    expect(cachedWorkspaces.source).toBe('cache');
    expect(cachedWorkspaces.rows.length).toBeGreaterThan(0);
    const cachedVariables = await call2<Fetched<unknown[]>>('variables.list', { connectionId: orgId, workspaceId: workspaces[0].id });
    expect(cachedVariables.source).toBe('cache');
    // A read never made online has nothing cached: the error says the server is unreachable.
    await expect(call2('nodes.read', { connectionId: clusterId, nodeId: nodes.rows[1].ID })).rejects.toThrow(/unreachable/);
    // The failed refresh is reported on the list too, once it has run.
    await vi.waitFor(async () => expect((await call2<ListWindow<JobRow>>('jobs.query', { connectionId: clusterId, ...window })).refreshError?.code).toBe('unreachable'), { timeout: 20_000 });

    const stats = await call2<{ entries: number; connections: Record<string, { entries: number }> }>('cache.stats', {});
    expect(stats.connections[clusterId].entries).toBeGreaterThan(3);
    expect(stats.connections[orgId].entries).toBeGreaterThan(3);

    // The server comes back on the same address: the host notices by itself and the lists go live again.
    const back = await startSimulator({ seed: SEED, port });
    sims.push(back);
    await vi.waitFor(() => expect(latest(clusterId)?.state).toBe('reachable'), { timeout: 20_000 });
    await vi.waitFor(async () => expect((await call2<ListWindow<JobRow>>('jobs.query', { connectionId: clusterId, ...window })).source).toBe('live'), { timeout: 20_000 });
    // The restarted simulator never had the probe job: the cached row is dropped, not kept as if still there.
    expect((await call2<ListWindow<JobRow>>('jobs.query', { connectionId: clusterId, ...window, search: 'offline-probe' })).matching).toBe(0);

    await second.shutdown();
    hosts.splice(hosts.indexOf(second), 1);

    // The scan: not one secret anywhere in the cache folder, in any encoding lmdb or msgpack would keep it.
    const files = filesUnder(join(dataDir, 'cache'));
    expect(files.length).toBeGreaterThan(0);
    const blobs = files.map((file) => [file, readFileSync(file).toString('latin1')] as const);
    const hits: string[] = [];
    for (const [what, secret] of secrets) {
      for (const [file, blob] of blobs) if (secret && blob.includes(Buffer.from(secret, 'utf8').toString('latin1'))) hits.push(`${what} in ${file}`);
    }
    expect(hits).toEqual([]);
    expect(secrets.length).toBeGreaterThan(20);
  });
});
