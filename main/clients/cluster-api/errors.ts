// Turns cluster answers into HostErrors a person can act on: the status maps to a bridge code, and a 403 names the
// ACL permission the endpoint needs, taken from the spec (cluster-api.md, Endpoints and Authentication).
import { HostError } from '../../host/host-error';
import type { HttpResponse } from '../http/transport';

export interface EndpointInfo {
  /** What the person tried, phrased to follow "needed to". */
  action: string;
  /** The permission the spec lists; alternatives are joined with "or". */
  acl: string;
}

/** Every endpoint this client calls, with the permission it needs (cluster-api.md, Endpoints). */
export const CLUSTER_ENDPOINTS = {
  listJobs: { action: 'list jobs', acl: 'namespace:list-jobs' },
  registerJob: { action: 'register a job', acl: 'namespace:submit-job' },
  parseJob: { action: 'parse a job definition', acl: 'namespace:parse-job' },
  readJob: { action: 'read a job', acl: 'namespace:read-job' },
  jobVersions: { action: "read a job's versions", acl: 'namespace:read-job' },
  jobAllocations: { action: "list a job's allocations", acl: 'namespace:read-job' },
  jobEvaluations: { action: "list a job's evaluations", acl: 'namespace:read-job' },
  jobDeployments: { action: "list a job's deployments", acl: 'namespace:read-job' },
  latestDeployment: { action: "read a job's latest deployment", acl: 'namespace:read-job' },
  jobSummary: { action: "read a job's summary", acl: 'namespace:read-job' },
  updateJob: { action: 'update a job', acl: 'namespace:submit-job' },
  dispatchJob: { action: 'dispatch a job', acl: 'namespace:dispatch-job' },
  revertJob: { action: 'revert a job', acl: 'namespace:submit-job' },
  setJobStability: { action: "mark a job version's stability", acl: 'namespace:submit-job' },
  evaluateJob: { action: 'force a job evaluation', acl: 'namespace:read-job' },
  planJob: { action: 'plan a job', acl: 'namespace:submit-job' },
  forcePeriodic: { action: 'force a periodic launch', acl: 'namespace:submit-job' },
  stopJob: { action: 'stop a job', acl: 'namespace:submit-job' },
  jobScaleStatus: { action: "read a job's scale status", acl: 'namespace:read-job-scaling or namespace:read-job' },
  scaleTaskGroup: { action: 'scale a job', acl: 'namespace:scale-job or namespace:submit-job' },
  listAllocations: { action: 'list allocations', acl: 'namespace:read-job' },
  readAllocation: { action: 'read an allocation', acl: 'namespace:read-job' },
  stopAllocation: { action: 'stop an allocation', acl: 'namespace:alloc-lifecycle' },
  signalAllocation: { action: 'signal an allocation', acl: 'namespace:alloc-lifecycle' },
  restartAllocation: { action: 'restart an allocation', acl: 'namespace:alloc-lifecycle' },
  listNodes: { action: 'list nodes', acl: 'node:read' },
  readNode: { action: 'read a node', acl: 'node:read' },
  nodeAllocations: { action: "list a node's allocations", acl: 'node:read and namespace:read-job' },
  evaluateNode: { action: 'evaluate a node', acl: 'node:write' },
  drainNode: { action: 'drain a node', acl: 'node:write' },
  purgeNode: { action: 'purge a node', acl: 'node:write' },
  setNodeEligibility: { action: "change a node's eligibility", acl: 'node:write' },
  eventStream: { action: 'open the event stream', acl: 'management' },
} as const satisfies Record<string, EndpointInfo>;

export type ClusterEndpoint = keyof typeof CLUSTER_ENDPOINTS;

/** Names the permission an event-stream request needs: all topics need management (cluster-api.md, Event stream). */
export function eventStreamAcl(topics: readonly string[], namespace: string): string {
  const byTopic: Record<string, string> = { Allocation: 'namespace:read-job', Job: 'namespace:read-job', Evaluation: 'namespace:read-job', Deployment: 'namespace:read-job', Service: 'namespace:read-job', Node: 'node:read' };
  if (topics.length === 0) return 'management';
  const needed = new Set<string>();
  for (const topic of topics) needed.add(byTopic[topic.split(':')[0]] ?? 'management');
  if (namespace === '*' && !needed.has('management')) needed.add('a policy covering all namespaces');
  return [...needed].join(' and ');
}

/** What this call is about, for messages: e.g. `{ action: 'scale a job', target: 'job "web"' }`. */
export interface CallContext {
  endpoint: ClusterEndpoint;
  /** Overrides the table's permission, e.g. when `PolicyOverride` adds `namespace:policy-override`. */
  acl?: string;
  target?: string;
  namespace?: string;
  /** Origin of the cluster, never with credentials. */
  cluster: string;
}

const MAX_DETAIL = 500;

/** The server's error text, trimmed and bounded; the token, if echoed back, is cut out (design.md, invariant 1). */
export function detailOf(body: Buffer, token: string | null): string {
  let text = body.toString('utf8').trim();
  // The cluster answers errors as plain text; JSON bodies (`{error}`, JSON:API `errors`) come from proxies and the simulator's fault injection.
  if (text.startsWith('{')) {
    try {
      const json = JSON.parse(text) as { error?: unknown; message?: unknown; errors?: { detail?: unknown; title?: unknown }[] };
      const first = Array.isArray(json.errors) ? json.errors[0] : undefined;
      const picked = first?.detail ?? first?.title ?? json.error ?? json.message;
      if (typeof picked === 'string' && picked.trim()) text = picked.trim();
    } catch {
      // not JSON after all: keep the text
    }
  }
  if (token && token.length > 0) text = text.split(token).join('[redacted]');
  text = text.replace(/(X-Cluster-Token["']?\s*[:=]\s*["']?)[^\s"',]+/gi, '$1[redacted]');
  return text.length > MAX_DETAIL ? `${text.slice(0, MAX_DETAIL)}…` : text;
}

function capitalised(action: string): string {
  return action.charAt(0).toUpperCase() + action.slice(1);
}

function failed(ctx: CallContext): string {
  const info = CLUSTER_ENDPOINTS[ctx.endpoint];
  return `Could not ${info.action}${ctx.target ? ` (${ctx.target})` : ''}`;
}

function withDetail(detail: string): string {
  return detail ? `: ${detail.replace(/[.\s]+$/, '')}` : '';
}

/** Maps a non-2xx answer to a HostError; `retryAfterMs` is set for 429s so the message can say when to retry. */
export function errorForStatus(response: HttpResponse, ctx: CallContext, token: string | null, retryAfterMs?: number): HostError {
  const status = response.status;
  const detail = detailOf(response.body, token);
  const extra = { status, detail: detail || undefined };
  const info = CLUSTER_ENDPOINTS[ctx.endpoint];
  const acl = ctx.acl ?? info.acl;
  switch (true) {
    case status === 400:
      return new HostError('invalid_input', `${failed(ctx)}: the cluster rejected the request (400)${withDetail(detail)}. Correct the input and try again.`, extra);
    case status === 401:
      return new HostError('unauthorized', `${failed(ctx)}: ${ctx.cluster} did not accept the token (401). Replace the token in this connection.`, extra);
    case status === 403 && /token not found|invalid token|token.*expired/i.test(detail):
      // The cluster answers 403 (not 401) for an unknown or expired token; that needs a new token, not a new policy.
      return new HostError('unauthorized', `${failed(ctx)}: ${ctx.cluster} does not know this token (403${withDetail(detail)}). Replace the token in this connection.`, extra);
    case status === 403:
      return new HostError(
        'forbidden',
        `Permission denied: this token lacks ${acl} (needed to ${info.action}${ctx.namespace && acl.includes('namespace:') ? ` in namespace "${ctx.namespace}"` : ''}). Ask a cluster administrator to grant it, or use a token that has it.`,
        extra,
      );
    case status === 404:
      return new HostError('not_found', `${failed(ctx)}: not found (404)${withDetail(detail)}. It may have been stopped and purged, or it lives in another namespace${ctx.namespace ? ` than "${ctx.namespace}"` : ''}; refresh the list.`, extra);
    case status === 409:
      return new HostError('conflict', `${failed(ctx)}: it changed on the cluster meanwhile (409)${withDetail(detail)}. Refresh and try again.`, extra);
    case status === 429: {
      const wait = retryAfterMs !== undefined ? ` Try again in ${Math.max(1, Math.ceil(retryAfterMs / 1000))} s.` : ' Wait a moment and try again.';
      return new HostError('rate_limited', `${capitalised(info.action)} was refused: ${ctx.cluster} is limiting requests (429)${withDetail(detail)}.${wait} Fewer open views of this cluster also help.`, extra);
    }
    case status >= 500:
      return new HostError('internal', `${failed(ctx)}: the cluster failed with ${status}${withDetail(detail)}. It may be electing a leader or overloaded; try again shortly.`, extra);
    default:
      return new HostError('internal', `${failed(ctx)}: unexpected answer ${status} from ${ctx.cluster}${withDetail(detail)}.`, extra);
  }
}
