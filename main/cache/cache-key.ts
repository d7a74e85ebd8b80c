// Cache keys: one lmdb key space for all connections, `<connectionId>\u001f<resourceKey>`, so a connection's
// entries form one contiguous range (cheap per-connection clear and stats) without a sub-database per connection.
// Not NUL: lmdb-js's ordered-binary key encoding reads a NUL inside a string key as an array separator, so such a
// key came back from getKeys()/getRange() as an array and reopening a filled cache failed (format 1).
import { HostError } from '../host/host-error';

const SEPARATOR = '\u001f';
/** lmdb keys are limited to ~1,978 bytes; stay well under so ids and long query strings both fit. */
const MAX_KEY_BYTES = 1024;

export function cacheKey(connectionId: string, resourceKey: string): string {
  if (!connectionId || connectionId.includes(SEPARATOR)) {
    throw new HostError('invalid_input', `Cache key rejected: the connection id "${connectionId}" is empty or contains a control character.`);
  }
  if (!resourceKey) throw new HostError('invalid_input', `Cache key rejected: the resource key for connection ${connectionId} is empty.`);
  const key = `${connectionId}${SEPARATOR}${resourceKey}`;
  if (Buffer.byteLength(key) > MAX_KEY_BYTES) {
    throw new HostError('invalid_input', `Cache key rejected: "${resourceKey.slice(0, 80)}…" is longer than ${MAX_KEY_BYTES} bytes. Use a shorter resource key.`);
  }
  return key;
}

/** The connection id a stored key belongs to (everything before the first separator). */
export function connectionOf(key: string): string {
  const at = key.indexOf(SEPARATOR);
  return at < 0 ? key : key.slice(0, at);
}

export function resourceOf(key: string): string {
  const at = key.indexOf(SEPARATOR);
  return at < 0 ? '' : key.slice(at + 1);
}

/** [start, end) range covering every key of one connection: the separator, then the character right after it. */
export function connectionRange(connectionId: string): { start: string; end: string } {
  return { start: `${connectionId}${SEPARATOR}`, end: `${connectionId}\u0020` };
}
