// The request core against a scripted HTTP server on 127.0.0.1: retry policy, 429 handling, status mapping,
// shape checks, redaction and checks made before sending. The simulator tests cover the endpoints end to end.
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { HostError } from '../../host/host-error';
import { ClusterClient } from './index';

interface Seen {
  method: string;
  url: URL;
  headers: IncomingMessage['headers'];
  body: string;
}
type Reply = { status: number; body?: unknown; headers?: Record<string, string> };

let server: Server;
let base: string;
let seen: Seen[];
let replies: Reply[];

beforeEach(async () => {
  seen = [];
  replies = [];
  server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    seen.push({ method: req.method ?? '', url: new URL(req.url ?? '/', 'http://x'), headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
    const reply = replies.length > 1 ? replies.shift()! : (replies[0] ?? { status: 200, body: [] });
    const text = typeof reply.body === 'string' ? reply.body : JSON.stringify(reply.body ?? null);
    res.writeHead(reply.status, { 'Content-Type': 'application/json', ...reply.headers });
    res.end(text);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterEach(async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

const TOKEN = 'secret-token-0123456789';
const fastRetry = { baseDelayMs: 1, maxDelayMs: 5, random: () => 0.5 };

function client(token: string | null = TOKEN, namespace = 'default'): ClusterClient {
  return new ClusterClient({ address: base, namespace, region: 'eu', tls: {}, token: async () => token, retry: fastRetry });
}

async function failure(promise: Promise<unknown>): Promise<HostError> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(HostError);
    return error as HostError;
  }
  throw new Error('expected the call to fail');
}

const stub = { ID: 'web', Name: 'web', Type: 'service', Priority: 50, Status: 'running', CreateIndex: 10, ModifyIndex: 12, JobModifyIndex: 11, JobSummary: null };

describe('request core', () => {
  it('sends the token header, namespace and region on every request and reads X-Cluster-Index', async () => {
    replies = [{ status: 200, body: [stub], headers: { 'X-Cluster-Index': '42' } }];
    const page = await client().listJobs({ namespace: '*' });
    expect(page.index).toBe(42);
    expect(page.value[0].ID).toBe('web');
    expect(seen[0].headers['x-cluster-token']).toBe(TOKEN);
    expect(seen[0].url.searchParams.get('namespace')).toBe('*');
    expect(seen[0].url.searchParams.get('region')).toBe('eu');
  });

  it('sends no token header when the keychain has none', async () => {
    await client(null).listJobs();
    expect(seen[0].headers['x-cluster-token']).toBeUndefined();
  });

  it('retries a GET after 5xx and succeeds', async () => {
    replies = [{ status: 503, body: 'no leader' }, { status: 502, body: 'bad gateway' }, { status: 200, body: [stub] }];
    const page = await client().listJobs();
    expect(page.value).toHaveLength(1);
    expect(seen).toHaveLength(3);
  });

  it('gives up on a GET after the retry budget with internal and the status', async () => {
    replies = [{ status: 500, body: 'rpc error: no cluster leader' }];
    const error = await failure(client().readJob('web'));
    expect(error.code).toBe('internal');
    expect(error.status).toBe(500);
    expect(error.detail).toBe('rpc error: no cluster leader');
    expect(seen).toHaveLength(4); // the first try and three retries
  });

  it('never retries a POST after 5xx', async () => {
    replies = [{ status: 503, body: 'unavailable' }];
    const error = await failure(client().forcePeriodic('nightly'));
    expect(error.code).toBe('internal');
    expect(seen).toHaveLength(1);
  });

  it('honours Retry-After on 429 for a GET, then fails with rate_limited', async () => {
    replies = [{ status: 429, body: 'Too many requests', headers: { 'Retry-After': '0' } }];
    const error = await failure(client().listNodes());
    expect(error.code).toBe('rate_limited');
    expect(error.status).toBe(429);
    expect(seen).toHaveLength(4);
  });

  it('does not wait for a Retry-After longer than the policy allows and says when to retry', async () => {
    replies = [{ status: 429, body: 'slow down', headers: { 'Retry-After': '120' } }];
    const error = await failure(client().listNodes());
    expect(error.code).toBe('rate_limited');
    expect(error.message).toContain('120 s');
    expect(seen).toHaveLength(1);
  });

  it('does not retry a write after 429', async () => {
    replies = [{ status: 429, body: 'slow down', headers: { 'Retry-After': '0' } }];
    const error = await failure(client().stopJob('web'));
    expect(error.code).toBe('rate_limited');
    expect(seen).toHaveLength(1);
  });

  it('retries a GET when the server is unreachable, and reports unreachable', async () => {
    const dead = new ClusterClient({ address: 'http://127.0.0.1:1', namespace: 'default', tls: {}, token: async () => TOKEN, retry: fastRetry });
    const error = await failure(dead.listJobs());
    expect(error.code).toBe('unreachable');
    expect(error.message).not.toContain(TOKEN);
  });

  it.each([
    [400, 'invalid_input'],
    [401, 'unauthorized'],
    [404, 'not_found'],
    [409, 'conflict'],
  ] as const)('maps %i to %s with the server text as detail', async (status, code) => {
    replies = [{ status, body: `  problem number ${status}\n` }];
    const error = await failure(client().readJob('web'));
    expect(error.code).toBe(code);
    expect(error.status).toBe(status);
    expect(error.detail).toBe(`problem number ${status}`);
  });

  it('names the missing permission on 403', async () => {
    replies = [{ status: 403, body: 'Permission denied' }];
    const error = await failure(client().scaleTaskGroup('web', { group: 'api', count: 3, message: 'more' }));
    expect(error.code).toBe('forbidden');
    expect(error.message).toContain('namespace:submit-job');
    expect(error.message).toContain('needed to scale a job');
  });

  it('adds namespace:policy-override to the permission when PolicyOverride is set', async () => {
    replies = [{ status: 403, body: 'Permission denied' }];
    const error = await failure(client().registerJob({ ID: 'web' } as never, { policyOverride: true }));
    expect(error.message).toContain('namespace:submit-job and namespace:policy-override');
  });

  it('treats 403 "ACL token not found" as unauthorized: a new token is needed, not a policy', async () => {
    replies = [{ status: 403, body: 'ACL token not found' }];
    const error = await failure(client().listJobs());
    expect(error.code).toBe('unauthorized');
  });

  it('cuts an echoed token out of the detail', async () => {
    replies = [{ status: 400, body: `bad header X-Cluster-Token: ${TOKEN}` }];
    const error = await failure(client().readJob('web'));
    expect(error.detail).not.toContain(TOKEN);
    expect(error.message).not.toContain(TOKEN);
  });
});

describe('checks before sending', () => {
  it('rejects an odd or non-hex ID prefix without a request', async () => {
    for (const prefix of ['abc', 'zz', 'a1b']) {
      const error = await failure(client().listAllocations({ prefix }));
      expect(error.code).toBe('invalid_input');
    }
    await failure(client().listNodes({ prefix: '1' }));
    expect(seen).toHaveLength(0);
  });

  it('accepts an even hex prefix, dashes included', async () => {
    await client().listAllocations({ prefix: 'ab12cd34-ef' });
    expect(seen[0].url.searchParams.get('prefix')).toBe('ab12cd34-ef');
  });

  it('rejects a dispatch payload over 16384 decoded bytes, and accepts exactly 16384', async () => {
    const tooBig = Buffer.alloc(16_385, 1).toString('base64');
    const error = await failure(client().dispatchJob('batch', { payload: tooBig }));
    expect(error.code).toBe('invalid_input');
    expect(error.message).toContain('16385 bytes');
    expect(seen).toHaveLength(0);
    replies = [{ status: 200, body: { Index: 5, JobCreateIndex: 5, EvalCreateIndex: 5, EvalID: 'e', DispatchedJobID: 'batch/dispatch-1' } }];
    const done = await client().dispatchJob('batch', { payload: Buffer.alloc(16_384, 1).toString('base64') });
    expect(done.DispatchedJobID).toBe('batch/dispatch-1');
  });

  it('rejects a payload that is not Base64', async () => {
    const error = await failure(client().dispatchJob('batch', { payload: 'not base64!' }));
    expect(error.code).toBe('invalid_input');
    expect(seen).toHaveLength(0);
  });

  it('requires exactly one of message or error when scaling', async () => {
    const error = await failure(client().scaleTaskGroup('web', { group: 'api', count: 2 }));
    expect(error.code).toBe('invalid_input');
    expect(seen).toHaveLength(0);
  });
});

describe('answers', () => {
  it('reports a wrong shape with the path and the issue', async () => {
    replies = [{ status: 200, body: [stub, { ...stub, ModifyIndex: '12' }] }];
    const error = await failure(client().listJobs());
    expect(error.code).toBe('internal');
    expect(error.message).toContain('unexpected shape for the job list: [1].ModifyIndex');
  });

  it('accepts nanosecond times beyond 2^53 as integers', async () => {
    const alloc = { ID: 'a', EvalID: 'e', Name: 'web.api[0]', NodeID: 'n', JobID: 'web', TaskGroup: 'api', DesiredStatus: 'run', ClientStatus: 'running', TaskStates: null, CreateIndex: 1, ModifyIndex: 2, CreateTime: 1_700_000_000_000_000_000, ModifyTime: 1_700_000_000_000_000_000 };
    replies = [{ status: 200, body: [alloc] }];
    const { value } = await client().listAllocations();
    expect(value[0].CreateTime).toBe(1_700_000_000_000_000_000);
  });

  it('keeps unknown fields', async () => {
    replies = [{ status: 200, body: [{ ...stub, NewerField: { x: 1 } }] }];
    const { value } = await client().listJobs();
    expect(value[0].NewerField).toEqual({ x: 1 });
  });

  it('normalises both shapes of job versions and redacts secrets in jobs and diffs', async () => {
    const job = { ...stub, Namespace: 'default', Version: 1, TaskGroups: [], SecretsToken: 'st-1', MeshToken: 'mt-1' };
    replies = [{ status: 200, body: [job] }];
    const older = await client().jobVersions('web');
    expect(older.value.Diffs).toBeNull();
    expect(older.value.Versions[0].SecretsToken).toBe('<redacted>');
    const diff = { Type: 'Edited', ID: 'web', Fields: [{ Type: 'Edited', Name: 'MeshToken', Old: 'mt-0', New: 'mt-1' }], Objects: null, TaskGroups: null };
    replies = [{ status: 200, body: { Versions: [job], Diffs: [diff], Index: 3 } }];
    const newer = await client().jobVersions('web', { diffs: true });
    expect(newer.value.Versions[0].MeshToken).toBe('<redacted>');
    expect(JSON.stringify(newer.value.Diffs)).not.toContain('mt-0');
    expect(seen[1].url.searchParams.get('diffs')).toBe('true');
  });

  it('follows next_token across pages and stops when the token repeats', async () => {
    replies = [
      { status: 200, body: [stub], headers: { 'X-Cluster-NextToken': 'b' } },
      { status: 200, body: [{ ...stub, ID: 'b' }], headers: { 'X-Cluster-NextToken': 'c' } },
      { status: 200, body: [{ ...stub, ID: 'c' }] },
    ];
    const ids: string[] = [];
    for await (const page of client().listJobPages({ perPage: 1 })) ids.push(...page.value.map((job) => job.ID));
    expect(ids).toEqual(['web', 'b', 'c']);
    expect(seen.map((s) => s.url.searchParams.get('next_token'))).toEqual([null, 'b', 'c']);
    expect(seen.every((s) => s.url.searchParams.get('per_page') === '1')).toBe(true);

    seen = [];
    replies = [
      { status: 200, body: [stub], headers: { 'X-Cluster-NextToken': 'x' } },
      { status: 200, body: [stub], headers: { 'X-Cluster-NextToken': 'x' } },
    ];
    const looping = (async () => {
      for await (const page of client().listJobPages({ perPage: 1 })) void page;
    })();
    expect((await failure(looping)).message).toContain('same page token twice');
  });

  it('sends blocking parameters and a timeout longer than the wait', async () => {
    replies = [{ status: 200, body: [], headers: { 'X-Cluster-Index': '8' } }];
    await client().listNodes({ index: 7, waitMs: 2_000 });
    expect(seen[0].url.searchParams.get('index')).toBe('7');
    expect(seen[0].url.searchParams.get('wait')).toBe('2s');
  });

  it('answers null for a job without deployments', async () => {
    replies = [{ status: 200, body: null }];
    const { value } = await client().latestDeployment('web');
    expect(value).toBeNull();
  });
});

describe('round trips', () => {
  it('drops the <redacted> placeholder instead of sending it back as the job token', async () => {
    replies = [{ status: 200, body: { EvalID: 'e', EvalCreateIndex: 3, JobModifyIndex: 3 } }];
    await client().updateJob('web', { ID: 'web', SecretsToken: '<redacted>', MeshToken: '<redacted>', Meta: { a: 'b' } } as never);
    const sent = JSON.parse(seen[0].body) as { Job: Record<string, unknown> };
    expect(sent.Job).not.toHaveProperty('SecretsToken');
    expect(sent.Job).not.toHaveProperty('MeshToken');
    expect(sent.Job.Meta).toEqual({ a: 'b' });
  });

  it('refuses an update whose definition names another job', async () => {
    const error = await failure(client().updateJob('web', { ID: 'api' } as never));
    expect(error.code).toBe('invalid_input');
    expect(seen).toHaveLength(0);
  });
});
