// A keep-alive socket the server closed while the client was busy fails with ECONNRESET before any answer. Reads
// are sent again (the workspace list fill lost whole pages to this on a loaded machine); writes never are.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { ApiCore } from './client';

let server: http.Server | null = null;
afterEach(() => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())));

/** A server that resets the connection of the first `resets` requests, then answers `{ data: [] }`. */
async function resettingServer(resets: number): Promise<{ url: string; seen: () => number }> {
  let seen = 0;
  server = http.createServer((request, response) => {
    seen++;
    if (seen <= resets) {
      request.socket.resetAndDestroy();
      return;
    }
    response.writeHead(200, { 'Content-Type': 'application/vnd.api+json' });
    response.end(JSON.stringify({ data: [] }));
  });
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server!.address() as AddressInfo).port}`, seen: () => seen };
}

const core = (baseUrl: string) => new ApiCore({ baseUrl, organization: 'demo-org', token: async () => 'token-for-test' });

describe('connection resets', () => {
  it('sends a GET again after a reset and returns the answer', async () => {
    const { url, seen } = await resettingServer(1);
    const answer = await core(url).request({ method: 'GET', path: '/organizations/demo-org/projects', what: 'Listing projects' });
    expect(answer.json).toEqual({ data: [] });
    expect(seen()).toBe(2);
  });

  it('gives up on a GET after two resets in a row, saying the network failed', async () => {
    const { url, seen } = await resettingServer(10);
    await expect(core(url).request({ method: 'GET', path: '/organizations/demo-org/projects', what: 'Listing projects' })).rejects.toMatchObject({ code: 'unreachable' });
    expect(seen()).toBe(3);
  });

  it('never sends a write twice', async () => {
    const { url, seen } = await resettingServer(1);
    await expect(core(url).request({ method: 'POST', path: '/workspaces/ws-1/actions/lock', body: { reason: '' }, what: 'Locking' })).rejects.toMatchObject({ code: 'unreachable' });
    expect(seen()).toBe(1);
  });
});
