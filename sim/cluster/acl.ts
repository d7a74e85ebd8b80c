// ACL tokens and policies. Policy syntax is "not shown" in cluster-api.md; capabilities follow Nomad's
// namespace policies (read/write/scale expand to capability sets) plus node/agent read-write levels.
import type { IncomingMessage } from 'node:http';
import type { Authorization } from '../types';
import type { Rng } from '../rng';

export interface Policy {
  /** Namespace glob ('*' or a name) -> capabilities. */
  namespaces: Record<string, Set<string>>;
  node?: 'read' | 'write';
  agent?: 'read' | 'write';
}

export interface Token {
  Name: string;
  AccessorID: string;
  SecretID: string;
  management: boolean;
  policy: Policy;
}

const READ = ['list-jobs', 'parse-job', 'read-job', 'read-job-scaling', 'list-scaling-policies', 'read-scaling-policy', 'csi-list-volume', 'csi-read-volume'];
const WRITE = [...READ, 'submit-job', 'dispatch-job', 'read-logs', 'read-fs', 'alloc-exec', 'alloc-lifecycle', 'scale-job', 'csi-write-volume', 'csi-mount-volume', 'submit-recommendation'];

export const namespacePolicy = {
  read: () => new Set(READ),
  write: () => new Set(WRITE),
  scale: () => new Set(['list-scaling-policies', 'read-scaling-policy', 'read-job-scaling', 'scale-job']),
};

export type AuthResult = { ok: true; token: Token | null } | { ok: false; status: number; message: string };

export class Acl {
  readonly bySecret = new Map<string, Token>();
  readonly secrets: Record<string, string> = {};

  constructor(rng: Rng) {
    const add = (key: string, name: string, management: boolean, policy: Policy): void => {
      const token: Token = { Name: name, AccessorID: rng.uuid(), SecretID: rng.uuid(), management, policy };
      this.bySecret.set(token.SecretID, token);
      this.secrets[key] = token.SecretID;
    };
    add('management', 'Bootstrap Token', true, { namespaces: {} });
    add('readOnly', 'read-only operator', false, { namespaces: { '*': namespacePolicy.read() }, node: 'read' });
    add('operator', 'on-call operator', false, { namespaces: { '*': namespacePolicy.write() }, node: 'write', agent: 'read' });
    add('defaultReader', 'default-namespace reader', false, { namespaces: { default: namespacePolicy.read() }, node: 'read' });
    add('noNode', 'jobs-only reader', false, { namespaces: { '*': namespacePolicy.read() } });
    add('scaler', 'autoscaler', false, { namespaces: { '*': namespacePolicy.scale() } });
  }

  /** Resolves X-Cluster-Token; no header means the anonymous token, which holds no capabilities here. */
  resolve(req: IncomingMessage): AuthResult {
    const header = req.headers['x-cluster-token'];
    const secret = Array.isArray(header) ? header[0] : header;
    if (secret === undefined || secret === '') return { ok: true, token: null };
    const token = this.bySecret.get(secret);
    if (!token) return { ok: false, status: 403, message: 'ACL token not found' };
    return { ok: true, token };
  }

  /** Capabilities of `namespace`: an exact policy wins over the '*' glob, as in Nomad's policy matching. */
  private capabilities(token: Token, namespace: string): Set<string> {
    return token.policy.namespaces[namespace] ?? token.policy.namespaces['*'] ?? new Set();
  }

  /** `permission` is `namespace:<cap>`, `node:read|write`, `agent:read|write` or `management`. */
  allows(token: Token | null, permission: string, namespace = 'default'): boolean {
    if (!token) return false;
    if (token.management) return true;
    const [scope, level] = permission.split(':');
    if (scope === 'namespace') return this.capabilities(token, namespace).has(level);
    if (scope === 'node' || scope === 'agent') {
      const held = token.policy[scope];
      return held === 'write' || (held === 'read' && level === 'read');
    }
    return false;
  }

  /** True when the token's policy applies to every namespace (needed for `namespace=*` on the event stream). */
  allNamespaces(token: Token | null, capability = 'read-job'): boolean {
    return Boolean(token && (token.management || token.policy.namespaces['*']?.has(capability)));
  }

  /** Namespaces among `known` in which the token holds `capability` (what `namespace=*` lists). */
  namespacesWith(token: Token | null, capability: string, known: Iterable<string>): string[] {
    return [...known].filter((ns) => this.allows(token, `namespace:${capability}`, ns));
  }

  authorize(req: IncomingMessage, permission: string | null, namespace?: string): Authorization {
    if (permission === null) return { ok: true };
    const resolved = this.resolve(req);
    if (!resolved.ok) return resolved;
    return this.allows(resolved.token, permission, namespace) ? { ok: true } : { ok: false, status: 403, message: 'Permission denied', missing: permission };
  }
}
