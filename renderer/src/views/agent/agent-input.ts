// Form rules of the agent view, checked before anything is sent: server addresses (`ip:port`, as the agent's
// servers endpoint demands), join addresses (host or ip, port optional) and the scheduler worker count.

export interface Parsed<T> {
  value: T;
  /** One message per bad entry; empty when the input is fine. */
  errors: string[];
}

/** Splits a list typed one per line or separated by commas or spaces. */
export function splitList(text: string): string[] {
  return text
    .split(/[\s,]+/)
    .map((part) => part.trim())
    .filter((part) => part !== '');
}

const IPV4 = /^(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(\.(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}$/;
const IPV6 = /^[0-9a-fA-F:.]+$/;
const HOST = /^(?=.{1,253}$)[A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?(\.[A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*$/;

function validPort(port: string): boolean {
  if (!/^\d{1,5}$/.test(port)) return false;
  const n = Number(port);
  return n >= 1 && n <= 65535;
}

/** `ip:port` or `[ipv6]:port`, port 1–65535 (cluster-api.md, Agent: update servers). */
export function serverAddressProblem(address: string): string | null {
  const v6 = /^\[([^\]]+)\]:(.*)$/.exec(address);
  if (v6) {
    if (!IPV6.test(v6[1]) || !v6[1].includes(':')) return `${address}: “${v6[1]}” is not an IPv6 address`;
    return validPort(v6[2]) ? null : `${address}: the port must be a number from 1 to 65535`;
  }
  const colon = address.lastIndexOf(':');
  if (colon === -1) return `${address}: add the port, as ip:port (for example 10.0.0.5:4647)`;
  const ip = address.slice(0, colon);
  if (!IPV4.test(ip)) return `${address}: “${ip}” is not an IP address; the agent takes ip:port, not host names`;
  return validPort(address.slice(colon + 1)) ? null : `${address}: the port must be a number from 1 to 65535`;
}

export function parseServerAddresses(text: string): Parsed<string[]> {
  const value = [...new Set(splitList(text))];
  const errors = value.map(serverAddressProblem).filter((e): e is string => e !== null);
  if (value.length === 0) errors.push('Enter at least one server address (ip:port). An empty list would leave the client with no servers.');
  return { value, errors };
}

/** Join takes gossip addresses: a host or ip, with an optional port (the gossip port 4648 when left out). */
export function joinAddressProblem(address: string): string | null {
  const v6 = /^\[([^\]]+)\](?::(.*))?$/.exec(address);
  if (v6) return v6[2] === undefined || validPort(v6[2]) ? null : `${address}: the port must be a number from 1 to 65535`;
  const parts = address.split(':');
  if (parts.length > 2) return `${address}: write IPv6 addresses in brackets, as [::1]:4648`;
  if (!IPV4.test(parts[0]) && !HOST.test(parts[0])) return `${address}: “${parts[0]}” is neither an IP address nor a host name`;
  if (parts.length === 2 && !validPort(parts[1])) return `${address}: the port must be a number from 1 to 65535`;
  return null;
}

export function parseJoinAddresses(text: string): Parsed<string[]> {
  const value = [...new Set(splitList(text))];
  const errors = value.map(joinAddressProblem).filter((e): e is string => e !== null);
  if (value.length === 0) errors.push('Enter at least one address to join.');
  return { value, errors };
}

/** Scheduler workers: a whole number from 0 (pause scheduling on this server) up to 1024. */
export function schedulerCountProblem(value: number | null): string | null {
  if (value === null || !Number.isFinite(value)) return 'Enter the number of scheduler workers.';
  if (!Number.isInteger(value) || value < 0) return 'The number of scheduler workers is a whole number, 0 or more.';
  if (value > 1024) return 'At most 1024 scheduler workers; a server runs one per CPU core by default.';
  return null;
}
