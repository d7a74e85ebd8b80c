// The one rule for links leaving the app: http(s) only, no credentials (design.md, invariant 3).
import { HostError } from './host-error';

export function assertExternalUrl(raw: string): string {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new HostError('invalid_input', `"${raw.slice(0, 100)}" is not a valid link.`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new HostError('invalid_input', `Only http and https links can be opened; refused a ${url.protocol} link.`);
  }
  if (url.username || url.password) throw new HostError('invalid_input', 'Links with an embedded user name or password are not opened.');
  return url.toString();
}
