// Every method the renderer may call, as `domain.action`, with its params and result.
// Later domains add their own interface here and merge it into MethodMap.
import type { AppInfo, AppSettings, Notice } from './app';
import type {
  ClusterSettings,
  ConnectionList,
  ConnectionSummary,
  ConnectionTestReport,
  EnvImportResult,
  TokenStatus,
  WorkspaceSettings,
} from './connections';
import type { ClusterMethods } from './cluster';
import type { WorkspaceMethods } from './workspace';
import type { AgentMethods } from './agent';
import type { CacheMethods } from './cache';

type Empty = Record<string, never>;

/** Connection settings as a form sends them: TLS fields may be left out. */
export type DraftSettings = (Omit<ClusterSettings, 'tls'> & { tls?: Partial<ClusterSettings['tls']> }) | WorkspaceSettings;

/** What a form sends to create a connection; the optional token goes straight to the keychain. */
export type ConnectionDraft = { name: string; token?: string } & DraftSettings;

/** Fields that may change on an existing connection; `kind` never changes. */
export type ConnectionPatch = {
  name?: string;
  address?: string;
  region?: string;
  namespace?: string;
  tls?: Partial<ClusterSettings['tls']>;
  baseUrl?: string;
  organization?: string;
};

export interface AppMethods {
  'app.info': { params: Empty; result: AppInfo };
  'app.notices': { params: Empty; result: Notice[] };
  'app.dismissNotice': { params: { id: string }; result: void };
  /** Opens an http(s) URL in the OS browser (desktop) or answers it for the page to open (web). */
  'app.openExternal': { params: { url: string }; result: { opened: boolean } };
}

export interface SettingsMethods {
  'settings.get': { params: Empty; result: AppSettings };
  'settings.update': { params: Partial<AppSettings>; result: AppSettings };
}

export interface ConnectionMethods {
  'connections.list': { params: Empty; result: ConnectionList };
  'connections.create': { params: ConnectionDraft; result: ConnectionSummary };
  'connections.update': { params: { id: string; patch: ConnectionPatch }; result: ConnectionSummary };
  'connections.duplicate': { params: { id: string; name?: string }; result: ConnectionSummary };
  'connections.remove': { params: { id: string }; result: void };
  'connections.setActive': { params: { id: string | null }; result: ConnectionList };
  'connections.test': { params: { id: string }; result: ConnectionTestReport };
  /** Tests unsaved settings from a form; the token, if given, is used once and not stored. */
  'connections.testDraft': { params: { settings: DraftSettings; token?: string }; result: ConnectionTestReport };
  'connections.importFromEnv': { params: Empty; result: EnvImportResult };
}

/** Tokens go in and never come out: there is no method that returns one. */
export interface TokenMethods {
  'tokens.set': { params: { connectionId: string; token: string }; result: TokenStatus };
  'tokens.clear': { params: { connectionId: string }; result: TokenStatus };
  'tokens.status': { params: { connectionId: string }; result: TokenStatus };
}

export interface DemoMethods {
  /** Starts the in-process simulator (if needed) and adds the Demo cluster and Demo organization. */
  'demo.start': { params: Empty; result: ConnectionList };
}

export interface MethodMap extends AppMethods, SettingsMethods, ConnectionMethods, TokenMethods, DemoMethods, ClusterMethods, WorkspaceMethods, AgentMethods, CacheMethods {}

export type MethodName = keyof MethodMap;
export type MethodParams<M extends MethodName> = MethodMap[M]['params'];
export type MethodResult<M extends MethodName> = MethodMap[M]['result'];
