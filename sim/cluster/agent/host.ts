// `/v1/agent/host`: operating system data of this agent, another server or a client node.
// The environment shows what the real agent does: known sensitive variables (and any name containing TOKEN or
// SECRET) as `<redacted>`, while other sensitive data stays in plain text (cluster-api.md, Agent: "other
// sensitive data may remain"), so the console must redact on its own.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { send } from '../../http-kit';
import { createRng, type Rng } from '../../rng';
import { derivedRng } from './seeded';
import { resolveTarget, requireAcl, targetName, type AgentContext, type Target } from './context';
import { CodedError, invalidMethod } from './http-errors';

const REDACTED_KEYS = new Set(['CONSUL_TOKEN', 'CONSUL_HTTP_TOKEN', 'VAULT_TOKEN', 'CLUSTER_TOKEN', 'AWS_ACCESS_KEY_ID', 'AWS_SECRET_ACCESS_KEY', 'AWS_SESSION_TOKEN', 'GOOGLE_APPLICATION_CREDENTIALS']);

export function hostRoute(ctx: AgentContext, req: IncomingMessage, res: ServerResponse, url: URL): void {
  if (req.method !== 'GET') throw invalidMethod();
  requireAcl(ctx, req, 'agent:read');
  // Without ACLs the agent still refuses host data unless enable_debug is set.
  if (!ctx.state.aclsEnabled && ctx.state.enableDebug !== true) throw new CodedError(403, 'Permission denied');
  const target = resolveTarget(ctx, url, { both: 'Can only forward to either client node or server', unknownServerStatus: 500 });
  const agentId = target.kind === 'server' ? target.member.Name : target.node.ID;
  send(res, 200, { AgentID: agentId, HostData: hostData(ctx.seed, target) });
}

/** The plain-text secrets the host environment leaks, exported so tests of the console can look for them. */
export function hostPlainSecrets(seed: number): { DB_PASSWORD: string; DATABASE_URL: string } {
  const rng = createRng((seed ^ 0x40575eed) >>> 0);
  const password = rng.idBody(20);
  return { DB_PASSWORD: password, DATABASE_URL: `postgres://app:${password}@db.internal:5432/app` };
}

function hostData(seed: number, target: Target): Record<string, unknown> {
  const name = targetName(target);
  const address = target.kind === 'server' ? target.member.Addr : target.node.Address;
  const rng = derivedRng(seed, 'host', name);
  const hostname = name.split('.')[0];
  return {
    OS: 'Linux 6.1.0-25-amd64 #1 SMP PREEMPT_DYNAMIC Debian 6.1.106-3 (2024-08-26) x86_64',
    Network: [
      { interface: 'lo', address: '127.0.0.1/8', mac: '', flags: 'up|loopback|running' },
      { interface: 'eth0', address: `${address}/24`, mac: macAddress(rng), flags: 'up|broadcast|multicast|running' },
      { interface: 'docker0', address: '172.17.0.1/16', mac: macAddress(rng), flags: 'up|broadcast|multicast' },
    ],
    ResolvConf: 'domain internal\nsearch internal service.consul\nnameserver 10.0.0.2\noptions timeout:2 attempts:3\n',
    Hosts: `127.0.0.1\tlocalhost\n::1\tlocalhost ip6-localhost ip6-loopback\n${address}\t${hostname}.internal ${hostname}\n`,
    Environment: environment(seed, rng, hostname),
    Disk: {
      '/': { DiskMB: 40_960, UsedMB: rng.int(8_000, 20_000) },
      '/opt/cluster/data': { DiskMB: 204_800, UsedMB: rng.int(10_000, 90_000) },
    },
  };
}

function environment(seed: number, rng: Rng, hostname: string): Record<string, string> {
  const raw: Record<string, string> = {
    PATH: '/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin',
    HOME: '/root',
    HOSTNAME: hostname,
    LANG: 'C.UTF-8',
    INVOCATION_ID: rng.hex(32),
    JOURNAL_STREAM: `8:${rng.int(10_000, 99_999)}`,
    VAULT_ADDR: 'https://vault.service.consul:8200',
    VAULT_TOKEN: `hvs.${rng.idBody(24)}`,
    CLUSTER_TOKEN: rng.uuid(),
    CONSUL_HTTP_TOKEN: rng.uuid(),
    AWS_ACCESS_KEY_ID: `AKIA${rng.idBody(16).toUpperCase()}`,
    AWS_SECRET_ACCESS_KEY: rng.idBody(40),
    GITHUB_TOKEN: `ghp_${rng.idBody(36)}`,
    ...hostPlainSecrets(seed),
  };
  const env: Record<string, string> = {};
  for (const [key, value] of Object.entries(raw)) {
    const upper = key.toUpperCase();
    env[key] = REDACTED_KEYS.has(upper) || upper.includes('TOKEN') || upper.includes('SECRET') ? '<redacted>' : value;
  }
  return env;
}

function macAddress(rng: Rng): string {
  return ['02', ...Array.from({ length: 5 }, () => rng.hex(2))].join(':');
}
