// Checks of agent input the spec constrains, made before anything is sent (cluster-api.md, Agent: `address` is
// `ip:port`; profiling `seconds` and `debug`). Shared by the client and the method schemas in main/agent.
import { HostError } from '../../host/host-error';

export const PROFILE_KINDS = ['cmdline', 'profile', 'trace', 'goroutine', 'heap', 'allocs', 'threadcreate', 'block', 'mutex'] as const;
export const SCHEDULER_NAMES = ['service', 'batch', 'system', 'sysbatch', '_core'] as const;

/** The agent holds the connection for the whole recording; five minutes bounds a typo. */
export const MAX_PROFILE_SECONDS = 300;
/** The spec's default duration of a profile or trace (cluster-api.md, Limits). */
export const DEFAULT_PROFILE_SECONDS = 3;

function validPort(raw: string): boolean {
  const port = Number(raw);
  return /^\d{1,5}$/.test(raw) && port >= 1 && port <= 65535;
}

/** `10.0.0.11:4647` or `[fd00::1]:4647`; host names are refused because the spec asks for an IP. */
export function isIpPort(value: string): boolean {
  const v4 = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3}):(\d+)$/.exec(value);
  if (v4) return v4.slice(1, 5).every((octet) => Number(octet) <= 255 && !/^0\d/.test(octet)) && validPort(v4[5]);
  const v6 = /^\[([0-9a-fA-F:.]+)\]:(\d+)$/.exec(value);
  return v6 !== null && v6[1].includes(':') && validPort(v6[2]);
}

export const IP_PORT_RULE = 'must be ip:port, e.g. 10.0.0.11:4647 or [fd00::1]:4647 (port 1-65535)';

/** Refuses the whole list when one address is malformed, naming each bad one. */
export function checkAddresses(addresses: readonly string[], what: string): void {
  if (addresses.length === 0) throw new HostError('invalid_input', `Name at least one ${what} address (ip:port).`, { details: [{ path: 'addresses', message: 'is empty' }] });
  const bad = addresses.filter((address) => !isIpPort(address));
  if (bad.length > 0) {
    throw new HostError('invalid_input', `Not sent: ${bad.map((a) => JSON.stringify(a)).join(', ')} ${bad.length === 1 ? 'is' : 'are'} not ip:port. Write each ${what} address as ip:port, e.g. 10.0.0.11:4647.`, {
      details: bad.map((address) => ({ path: 'addresses', message: `${address}: ${IP_PORT_RULE}` })),
    });
  }
}
