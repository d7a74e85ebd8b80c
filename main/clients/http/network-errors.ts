// Turns socket- and TLS-level failures into bridge errors a person can act on.
import { HostError } from '../../host/host-error';

const UNREACHABLE = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH', 'ECONNRESET', 'EPIPE', 'ECONNABORTED', 'EADDRNOTAVAIL']);

const TLS_CODES = new Set([
  'DEPTH_ZERO_SELF_SIGNED_CERT',
  'SELF_SIGNED_CERT_IN_CHAIN',
  'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
  'UNABLE_TO_GET_ISSUER_CERT_LOCALLY',
  'UNABLE_TO_GET_ISSUER_CERT',
  'CERT_HAS_EXPIRED',
  'CERT_NOT_YET_VALID',
  'ERR_TLS_CERT_ALTNAME_INVALID',
  'HOSTNAME_MISMATCH',
  'EPROTO',
]);

export function isTlsErrorCode(code: string | undefined): boolean {
  return !!code && (TLS_CODES.has(code) || code.startsWith('ERR_TLS') || code.startsWith('ERR_SSL') || code.startsWith('CERT_'));
}

const TLS_ADVICE: Record<string, string> = {
  DEPTH_ZERO_SELF_SIGNED_CERT: 'the server uses a self-signed certificate. Set its CA file in the connection, or (for a lab cluster only) skip verification',
  SELF_SIGNED_CERT_IN_CHAIN: 'the certificate chain ends in a CA that is not trusted. Set the CA file in the connection',
  UNABLE_TO_VERIFY_LEAF_SIGNATURE: 'the server certificate was issued by an unknown CA. Set the CA file in the connection',
  UNABLE_TO_GET_ISSUER_CERT_LOCALLY: 'the server certificate was issued by an unknown CA. Set the CA file in the connection',
  CERT_HAS_EXPIRED: 'the server certificate has expired. Ask the cluster operators to renew it',
  ERR_TLS_CERT_ALTNAME_INVALID: 'the certificate does not name this host. Use the address the certificate was issued for',
};

/** `what` names the target, e.g. "https://cluster.example:4646". */
export function classifyNetworkError(error: unknown, what: string): HostError {
  if (error instanceof HostError) return error;
  const err = error as NodeJS.ErrnoException & { reason?: string };
  const code = err?.code;
  if (code === 'ETIMEDOUT' || err?.name === 'TimeoutError') {
    return new HostError('timeout', `No answer from ${what} in time. The server may be overloaded or a firewall may drop the traffic; try again.`, { cause: error });
  }
  if (isTlsErrorCode(code)) {
    const advice = TLS_ADVICE[code!] ?? `the TLS handshake failed (${code}). Check the CA file, client certificate and key`;
    return new HostError('tls', `TLS problem with ${what}: ${advice}.`, { detail: code, cause: error });
  }
  if (code && UNREACHABLE.has(code)) {
    const why = code === 'ECONNREFUSED' ? 'the connection was refused' : code === 'ENOTFOUND' || code === 'EAI_AGAIN' ? 'the host name does not resolve' : `the network failed (${code})`;
    return new HostError('unreachable', `Cannot reach ${what}: ${why}. Check the address, that the server is running, and your VPN.`, { detail: code, cause: error });
  }
  if (err?.name === 'AbortError') return new HostError('timeout', `The request to ${what} was cancelled.`, { cause: error });
  return new HostError('unreachable', `Cannot reach ${what}: ${err?.message ?? 'unknown network error'}.`, { detail: code, cause: error });
}
