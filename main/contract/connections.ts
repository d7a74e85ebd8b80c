// Connection profiles: clusters and workspace-service organizations. Tokens are never part of these shapes.

export type ConnectionKind = 'cluster' | 'workspace';

export interface ClusterTls {
  /** Path of a PEM CA bundle to trust in addition to the system roots. */
  caFile?: string;
  /** Client certificate and key for mutual TLS. */
  clientCertFile?: string;
  clientKeyFile?: string;
  /** Accepts any server certificate. Shown with a warning wherever the connection appears. */
  skipVerify: boolean;
}

export interface ClusterSettings {
  kind: 'cluster';
  /** Base address such as `https://cluster.example:4646`; `/v1` is added by the client. */
  address: string;
  region?: string;
  namespace: string;
  tls: ClusterTls;
}

export interface WorkspaceSettings {
  kind: 'workspace';
  /** Base URL such as `https://app.example.io`; `/api/v2` is added by the client. */
  baseUrl: string;
  organization: string;
}

export type ConnectionSettings = ClusterSettings | WorkspaceSettings;

export type ConnectionProfile = ConnectionSettings & {
  id: string;
  name: string;
  /** Set on the embedded demo connections, which point at the in-process simulator. */
  demo?: boolean;
  createdAt: string;
  updatedAt: string;
};

export type ConnectionHealth = 'unknown' | 'ok' | 'unreachable' | 'unauthorized' | 'tls' | 'error';

export interface ConnectionSummary {
  profile: ConnectionProfile;
  hasToken: boolean;
  health: ConnectionHealth;
  /** ISO time of the last health check, if any. */
  checkedAt?: string;
  /** Short human text for the last check's outcome. */
  healthMessage?: string;
}

export interface ConnectionList {
  connections: ConnectionSummary[];
  activeId: string | null;
}

export interface ConnectionCheck {
  name: 'reachable' | 'tls' | 'token' | 'version';
  ok: boolean | null;
  message: string;
}

export interface ConnectionTestReport {
  reachable: boolean;
  /** null when TLS was not used (plain http). */
  tlsOk: boolean | null;
  /** null when it could not be determined (server unreachable, or no token set). */
  tokenAccepted: boolean | null;
  serverVersion?: string;
  latencyMs?: number;
  health: ConnectionHealth;
  summary: string;
  checks: ConnectionCheck[];
}

export type TokenStorage = 'keychain' | 'memory';

export interface TokenStatus {
  connectionId: string;
  hasToken: boolean;
  storage: TokenStorage;
}

export interface EnvImportResult {
  /** False when CLUSTER_ADDR is not set in the host's environment. */
  found: boolean;
  connection?: ConnectionSummary;
  /** Which CLUSTER_* variables were read (names only, never values). */
  variables: string[];
}
