// The cluster client for the local agent's endpoints (cluster-api.md, Agent). It extends the request core, so the
// token header, region, GET-only retries and network errors are the core's; agent answers are checked with zod,
// secrets in `self` and host data are redacted here, and status errors name the agent permission (agent-errors.ts).
import { Transform, type Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { AgentHealth, AgentHost, AgentJoinResult, AgentMembers, AgentSchedulers, AgentSelf, ProfileKind, SchedulerConfig } from '../../contract/agent';
import { HostError } from '../../host/host-error';
import { classifyNetworkError } from '../http/network-errors';
import { ClusterCore, segment, type Answer, type Call } from './client';
import { detailOf, type ClusterEndpoint } from './errors';
import { agentErrorForStatus, asAgentError, type AgentCallContext, type AgentEndpoint } from './agent-errors';
import { checkAddresses, DEFAULT_PROFILE_SECONDS } from './agent-input';
import { redactAgentDocument } from './agent-redact';
import * as s from './agent-schemas';
import { decode } from './schemas';

/** The spec's caveat on host data (cluster-api.md, Agent: GET /v1/agent/host). */
export const HOST_DATA_WARNING = 'Known sensitive environment variables are redacted by the agent, but other sensitive data may remain. Quarterdeck also hides values it recognises as credentials; treat the rest as sensitive all the same.';

/**
 * The core's error table only knows its own endpoints; agent calls borrow this key and every status error is
 * rebuilt by asAgentError, so the borrowed wording never reaches a person.
 */
const CORE_ENDPOINT: ClusterEndpoint = 'eventStream';
/** Time allowed for the agent to start answering after the recording time (forwarding, writing the profile). */
const PROFILE_MARGIN_MS = 30_000;
/** Time allowed to stream the answer body once it starts; profiles are small, but a stalled socket must end. */
const PROFILE_BODY_MS = 120_000;

type AgentCall = Omit<Call, 'endpoint' | 'namespace' | 'target'> & { timeoutMs?: number };

export interface AgentTargetOptions {
  nodeId?: string;
  serverId?: string;
}

export interface ProfileOptions extends AgentTargetOptions {
  seconds?: number;
  debug?: number;
  signal?: AbortSignal;
}

export interface ProfileResult {
  bytes: number;
  contentType: string;
}

function targetOf(options: AgentTargetOptions): string | undefined {
  if (options.nodeId) return `node ${options.nodeId}`;
  if (options.serverId) return `server ${options.serverId}`;
  return undefined;
}

export class AgentClient extends ClusterCore {
  /** A per-call socket timeout: a profile holds the answer for `seconds` before the first byte. */
  protected override async buildRequest(call: Call) {
    const built = await super.buildRequest(call);
    const timeoutMs = (call as Call & { timeoutMs?: number }).timeoutMs;
    if (timeoutMs !== undefined) built.request.timeoutMs = timeoutMs;
    return built;
  }

  private ctx(endpoint: AgentEndpoint, target?: string): AgentCallContext {
    return { endpoint, target, cluster: this.label };
  }

  /** Agent paths take no namespace; the core's `target` names the request for network errors. */
  private async call(endpoint: AgentEndpoint, call: AgentCall, target?: string): Promise<Answer> {
    try {
      return await this.send({ ...call, endpoint: CORE_ENDPOINT, namespace: false, target: `${call.method} ${call.path}` });
    } catch (error) {
      throw asAgentError(error, this.ctx(endpoint, target));
    }
  }

  async members(): Promise<AgentMembers> {
    const answer = await this.call('agentMembers', { method: 'GET', path: '/v1/agent/members' });
    const value = decode<AgentMembers>(s.agentMembersSchema, answer.value, 'the gossip members');
    return { ...value, Members: (value.Members ?? []).map((m) => ({ ...m, Tags: m.Tags ?? {} })) };
  }

  async servers(): Promise<string[]> {
    const answer = await this.call('agentServers', { method: 'GET', path: '/v1/agent/servers' });
    return decode<string[] | null>(s.agentServersSchema, answer.value, "the client's server list") ?? [];
  }

  async setServers(addresses: string[]): Promise<void> {
    checkAddresses(addresses, 'server');
    await this.call('agentSetServers', { method: 'POST', path: '/v1/agent/servers', query: { address: addresses } });
  }

  async self(): Promise<AgentSelf> {
    const answer = await this.call('agentSelf', { method: 'GET', path: '/v1/agent/self' });
    return redactAgentDocument(decode<AgentSelf>(s.agentSelfSchema, answer.value, "the agent's self document"));
  }

  /** Join failures come back in the body with status 200, and only when nothing joined (cluster-api.md, Agent). */
  async join(addresses: string[]): Promise<AgentJoinResult> {
    checkAddresses(addresses, 'server');
    const answer = await this.call('agentJoin', { method: 'POST', path: '/v1/agent/join', query: { address: addresses } }, addresses.join(', '));
    return decode<AgentJoinResult>(s.agentJoinSchema, answer.value, 'the join result');
  }

  async forceLeave(node: string, prune: boolean): Promise<void> {
    segment(node, 'member name');
    await this.call('agentForceLeave', { method: 'POST', path: '/v1/agent/force-leave', query: { node, prune: prune || undefined } }, `member "${node}"`);
  }

  /**
   * The agent answers 500 when unhealthy (cluster-api.md, Errors); that is the answer, not a failure, so it is
   * returned as data and never retried. Sent once through the transport, with the core's headers and timeout.
   */
  async health(): Promise<AgentHealth> {
    const ctx = this.ctx('agentHealth');
    const { request, token } = await this.buildRequest({ endpoint: CORE_ENDPOINT, method: 'GET', path: '/v1/agent/health', namespace: false });
    const response = await this.transport.request(request);
    const text = response.body.toString('utf8');
    if (response.status >= 200 && response.status < 300) {
      let json: unknown;
      try {
        json = JSON.parse(text);
      } catch {
        throw new HostError('internal', `Could not check the agent's health: the answer is not JSON. Check that the address points at the cluster API, not a proxy page.`, { status: response.status });
      }
      const value = decode<Omit<AgentHealth, 'unhealthy'>>(s.agentHealthSchema, json, "the agent's health");
      const failing = [value.client, value.server].filter((check) => check && !check.ok);
      return { ...value, unhealthy: failing.length > 0, ...(failing.length ? { message: failing.map((c) => c!.message).join('; ') } : {}) };
    }
    if (response.status === 500) return unhealthyAnswer(text, detailOf(response.body, token));
    throw agentErrorForStatus(response.status, detailOf(response.body, token), ctx);
  }

  async host(options: AgentTargetOptions = {}): Promise<AgentHost> {
    const query = { node_id: options.nodeId || undefined, server_id: options.serverId || undefined };
    const answer = await this.call('agentHost', { method: 'GET', path: '/v1/agent/host', query }, targetOf(options));
    const value = redactAgentDocument(decode<Omit<AgentHost, 'warning'>>(s.agentHostSchema, answer.value, 'the host data'));
    const data = value.HostData;
    return { ...value, HostData: { ...data, Network: data.Network ?? [], Environment: data.Environment ?? {}, Disk: data.Disk ?? {} }, warning: HOST_DATA_WARNING };
  }

  async schedulers(): Promise<AgentSchedulers> {
    const answer = await this.call('agentSchedulers', { method: 'GET', path: '/v1/agent/schedulers' });
    const value = decode<AgentSchedulers>(s.agentSchedulersSchema, answer.value, 'the scheduler workers');
    return { ...value, schedulers: (value.schedulers ?? []).map((w) => ({ ...w, enabled_schedulers: w.enabled_schedulers ?? [] })) };
  }

  async schedulerConfig(): Promise<SchedulerConfig> {
    const answer = await this.call('agentSchedulerConfig', { method: 'GET', path: '/v1/agent/schedulers/config' });
    return schedulerConfigOf(answer.value);
  }

  async setSchedulerConfig(config: { enabled_schedulers: string[]; num_schedulers: number }): Promise<SchedulerConfig> {
    const body = { enabled_schedulers: config.enabled_schedulers, num_schedulers: config.num_schedulers };
    const answer = await this.call('agentSetSchedulerConfig', { method: 'PUT', path: '/v1/agent/schedulers/config', body });
    return schedulerConfigOf(answer.value);
  }

  /**
   * Streams a pprof capture into `sink`. `profile` and `trace` record for `seconds` before answering, so the socket
   * waits that long plus a margin; no retry, since a retry would record again. `onBytes` reports the running total.
   */
  async profile(kind: ProfileKind, options: ProfileOptions, sink: Writable, onBytes?: (bytes: number) => void): Promise<ProfileResult> {
    const timed = kind === 'profile' || kind === 'trace';
    const seconds = options.seconds ?? DEFAULT_PROFILE_SECONDS;
    const headerMs = (timed ? seconds * 1000 : 0) + PROFILE_MARGIN_MS;
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(new HostError('timeout', 'timed out')), headerMs + PROFILE_BODY_MS);
    const onAbort = () => controller.abort(options.signal?.reason);
    options.signal?.addEventListener('abort', onAbort, { once: true });
    const target = targetOf(options);
    try {
      const query = {
        seconds: timed ? seconds : undefined,
        debug: options.debug,
        node_id: options.nodeId || undefined,
        server_id: options.serverId || undefined,
      };
      const call: Call & { timeoutMs: number } = {
        endpoint: CORE_ENDPOINT,
        method: 'GET',
        path: `/v1/agent/pprof/${segment(kind, 'profile name')}`,
        query,
        namespace: false,
        target: `${kind} profile`,
        signal: controller.signal,
        timeoutMs: headerMs,
      };
      const stream = await this.openStreaming(call).catch((error: unknown) => {
        throw asAgentError(error, this.ctx('agentProfile', target));
      });
      const contentType = String(stream.headers['content-type'] ?? 'application/octet-stream');
      let bytes = 0;
      const counter = new Transform({
        transform(chunk: Buffer, _encoding, done) {
          bytes += chunk.length;
          onBytes?.(bytes);
          done(null, chunk);
        },
      });
      try {
        await pipeline(stream.body, counter, sink);
      } catch (error) {
        if (controller.signal.aborted && controller.signal.reason instanceof HostError) {
          throw new HostError('timeout', `The ${kind} capture from ${this.label} did not finish in time; the agent may be overloaded. Try again, or with fewer seconds.`, { cause: error });
        }
        throw error instanceof HostError ? error : classifyNetworkError(error, this.label);
      }
      return { bytes, contentType };
    } finally {
      clearTimeout(timer);
      options.signal?.removeEventListener('abort', onAbort);
    }
  }
}

function schedulerConfigOf(value: unknown): SchedulerConfig {
  const config = decode<SchedulerConfig>(s.schedulerConfigSchema, value, "the schedulers' configuration");
  return { ...config, enabled_schedulers: config.enabled_schedulers ?? [] };
}

/** The 500 body is the `{client, server}` document (as text) or an error message; either way it is the answer. */
function unhealthyAnswer(text: string, detail: string): AgentHealth {
  try {
    const parsed = s.agentHealthSchema.safeParse(JSON.parse(text));
    if (parsed.success && (parsed.data.client || parsed.data.server)) {
      const { client, server } = parsed.data;
      const failing = [client && !client.ok ? `client: ${client.message}` : null, server && !server.ok ? `server: ${server.message}` : null].filter(Boolean);
      return { ...(client ? { client } : {}), ...(server ? { server } : {}), unhealthy: true, message: failing.join('; ') || 'The agent reports itself unhealthy.' };
    }
  } catch {
    // not JSON: the text itself is the message
  }
  return { unhealthy: true, message: detail || 'The agent reports itself unhealthy (500) without saying why.' };
}
