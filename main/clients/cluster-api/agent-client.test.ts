// AgentClient answers the simulator does not produce: health's 500 as an `{error}` document or plain text, a
// server-only health answer, GET-only retries inherited from the core, and errors that name the agent permission.
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { HostError } from '../../host/host-error';
import { AgentClient } from './agent-client';

type Reply = { status: number; body: string; type?: string };

let server: Server;
let client: AgentClient;
let replies: Reply[] = [];
const seen: { method: string; url: string; token: string | undefined }[] = [];

beforeAll(async () => {
  server = createServer((req: IncomingMessage, res) => {
    seen.push({ method: req.method ?? '', url: req.url ?? '', token: req.headers['x-cluster-token'] as string | undefined });
    const reply = replies.shift() ?? { status: 599, body: 'no reply queued' };
    res.writeHead(reply.status, { 'Content-Type': reply.type ?? 'text/plain; charset=utf-8' });
    res.end(reply.body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  client = new AgentClient({ address: `http://127.0.0.1:${port}`, namespace: 'default', tls: {}, token: async () => 'secret-token-1234', retry: { baseDelayMs: 1, maxDelayMs: 2 } });
});

afterEach(() => {
  replies = [];
  seen.length = 0;
});

afterAll(async () => {
  client.close();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

async function failure(promise: Promise<unknown>): Promise<HostError> {
  const error = await promise.then(() => null, (e: unknown) => e);
  expect(error).toBeInstanceOf(HostError);
  return error as HostError;
}

describe('health', () => {
  it('returns a 500 `{error}` answer as unhealthy data, asked once (never retried)', async () => {
    replies = [{ status: 500, body: '{"error":"No cluster leader"}', type: 'application/json' }];
    expect(await client.health()).toEqual({ unhealthy: true, message: 'No cluster leader' });
    expect(seen).toHaveLength(1);
    expect(seen[0]).toMatchObject({ method: 'GET', token: 'secret-token-1234' });
    expect(seen[0].url).not.toContain('namespace=');
  });

  it('returns a plain-text 500 as the message', async () => {
    replies = [{ status: 500, body: 'rpc error: no leader\n' }];
    expect(await client.health()).toEqual({ unhealthy: true, message: 'rpc error: no leader' });
  });

  it('accepts a server-only answer without a client part', async () => {
    replies = [{ status: 200, body: '{"server":{"message":"ok","ok":true}}', type: 'application/json' }];
    expect(await client.health()).toEqual({ server: { message: 'ok', ok: true }, unhealthy: false });
  });

  it('maps an unknown token to unauthorized, not to unhealthy', async () => {
    replies = [{ status: 403, body: 'ACL token not found' }];
    const error = await failure(client.health());
    expect(error.code).toBe('unauthorized');
    expect(error.message).toContain('Replace the token');
  });
});

describe('errors and retries', () => {
  it('names the permission of the agent endpoint in a 403', async () => {
    replies = [{ status: 403, body: 'Permission denied' }];
    const error = await failure(client.members());
    expect(error.code).toBe('forbidden');
    expect(error.message).toBe('Permission denied: this token lacks node:read (needed to list the gossip members). Ask a cluster administrator to grant it, or use a token that has it.');
  });

  it('retries a GET after a 5xx, as the core does', async () => {
    replies = [
      { status: 503, body: 'no leader' },
      { status: 200, body: '["10.0.0.11:4647"]', type: 'application/json' },
    ];
    expect(await client.servers()).toEqual(['10.0.0.11:4647']);
    expect(seen).toHaveLength(2);
  });

  it('never retries a write: a replace that failed is reported once', async () => {
    replies = [{ status: 503, body: 'no leader' }];
    const error = await failure(client.setServers(['10.0.0.11:4647']));
    expect(error.message).toContain("Could not replace the client's server list: the agent failed with 503: no leader");
    expect(seen).toHaveLength(1);
    expect(seen[0].url).toContain('address=10.0.0.11%3A4647');
  });

  it('says which agent read got a non-JSON answer, without the core endpoint name', async () => {
    replies = [{ status: 200, body: '<html>proxy login</html>', type: 'text/html' }];
    const error = await failure(client.self());
    expect(error.code).toBe('internal');
    expect(error.message).toContain("Could not read the agent's configuration: the answer is not JSON");
    expect(error.message).not.toContain('eventStream');
  });

  it('refuses an answer of the wrong shape', async () => {
    replies = [{ status: 200, body: '{"enabled_schedulers":["_core"],"num_schedulers":"2","server_id":"s1"}', type: 'application/json' }];
    const error = await failure(client.schedulerConfig());
    expect(error.message).toContain('unexpected shape');
    expect(error.message).toContain('num_schedulers');
  });
});
