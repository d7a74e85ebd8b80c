// Reads a cluster connection from the environment, as the cluster's own CLI does (CLUSTER_ADDR, CLUSTER_TOKEN, ...).
import type { ConnectionDraft } from '../contract';
import { HostError } from '../host/host-error';
import { connectionDraft } from '../host/schemas/connections';
import { formatIssues } from '../host/router';

export const CLUSTER_ENV = ['CLUSTER_ADDR', 'CLUSTER_TOKEN', 'CLUSTER_REGION', 'CLUSTER_NAMESPACE', 'CLUSTER_CACERT', 'CLUSTER_CLIENT_CERT', 'CLUSTER_CLIENT_KEY'] as const;

const FIELD_TO_VARIABLE: Record<string, string> = {
  address: 'CLUSTER_ADDR',
  token: 'CLUSTER_TOKEN',
  region: 'CLUSTER_REGION',
  namespace: 'CLUSTER_NAMESPACE',
  'tls.caFile': 'CLUSTER_CACERT',
  'tls.clientCertFile': 'CLUSTER_CLIENT_CERT',
  'tls.clientKeyFile': 'CLUSTER_CLIENT_KEY',
};

export interface EnvDraft {
  draft: ConnectionDraft;
  variables: string[];
}

/** Returns null when CLUSTER_ADDR is unset; throws invalid_input naming the variable (never a token's value). */
export function clusterDraftFromEnv(env: NodeJS.ProcessEnv): EnvDraft | null {
  const address = env.CLUSTER_ADDR?.trim();
  if (!address) return null;
  const variables = CLUSTER_ENV.filter((name) => env[name] !== undefined && env[name] !== '');
  let host = address;
  try {
    host = new URL(address).host;
  } catch {
    // validated below with a proper message
  }
  const candidate = {
    kind: 'cluster',
    name: `From environment (${host})`,
    address,
    namespace: env.CLUSTER_NAMESPACE?.trim() || 'default',
    ...(env.CLUSTER_REGION ? { region: env.CLUSTER_REGION.trim() } : {}),
    ...(env.CLUSTER_TOKEN ? { token: env.CLUSTER_TOKEN.trim() } : {}),
    tls: {
      skipVerify: false,
      ...(env.CLUSTER_CACERT ? { caFile: env.CLUSTER_CACERT } : {}),
      ...(env.CLUSTER_CLIENT_CERT ? { clientCertFile: env.CLUSTER_CLIENT_CERT } : {}),
      ...(env.CLUSTER_CLIENT_KEY ? { clientKeyFile: env.CLUSTER_CLIENT_KEY } : {}),
    },
  };
  const parsed = connectionDraft.safeParse(candidate);
  if (!parsed.success) {
    const details = formatIssues(parsed.error.issues).map((issue) => ({ ...issue, path: FIELD_TO_VARIABLE[issue.path] ?? issue.path }));
    throw new HostError('invalid_input', `The environment has an unusable value: ${details[0].path} ${details[0].message}. Fix the variable and import again.`, { details });
  }
  return { draft: parsed.data as ConnectionDraft, variables };
}
