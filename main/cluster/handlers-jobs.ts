// jobs.* handlers: the windowed list, detail reads (Fetched, source live) and the actions, each of which refreshes
// the row it changed so the list shows the result without waiting for the event stream.
import type { ClusterMethods, Fetched } from '../contract';
import { HostError } from '../host/host-error';
import type { ClusterRuntime } from './cluster-runtime';
import { queryJobsByExpression } from './job-expression';
import { allocRow, jobKey } from './rows';

export type ClusterHandler<M extends keyof ClusterMethods> = (params: ClusterMethods[M]['params']) => Promise<ClusterMethods[M]['result']>;
export type HandlerGroup<K extends keyof ClusterMethods> = { [M in K]: ClusterHandler<M> };
export type RuntimeOf = (connectionId: string) => ClusterRuntime;

type JobMethod = Extract<keyof ClusterMethods, `jobs.${string}`>;

/** The offline cache comes later; everything answered now is fresh from the server. */
export function fetched<T>(value: T): Fetched<T> {
  return { value, asOf: new Date().toISOString(), source: 'live' };
}

export function jobHandlers(runtimeOf: RuntimeOf): HandlerGroup<JobMethod> {
  /** The runtime and the namespace a job lives in: the one named, else the connection's own. */
  const target = (params: { connectionId: string; namespace?: string }) => {
    const runtime = runtimeOf(params.connectionId);
    return { runtime, client: runtime.client, namespace: params.namespace ?? runtime.client.namespace };
  };

  return {
    'jobs.query': async ({ connectionId, expression, ...query }) => {
      const runtime = runtimeOf(connectionId);
      runtime.ensure('jobs');
      if (expression?.trim()) return queryJobsByExpression(runtime, expression.trim(), query);
      return runtime.data.jobs().query(query);
    },
    'jobs.read': async (params) => {
      const { client, namespace } = target(params);
      return fetched((await client.readJob(params.jobId, { namespace })).value);
    },
    'jobs.summary': async (params) => {
      const { client, namespace } = target(params);
      return fetched((await client.jobSummary(params.jobId, { namespace })).value);
    },
    'jobs.versions': async (params) => {
      const { client, namespace } = target(params);
      return fetched((await client.jobVersions(params.jobId, { namespace, diffs: params.diffs })).value);
    },
    'jobs.allocations': async (params) => {
      const { runtime, client, namespace } = target(params);
      const list = await client.jobAllocations(params.jobId, { namespace, all: params.all });
      return fetched(list.value.map((stub) => allocRow(stub, runtime.data.nodeName(stub.NodeID))));
    },
    'jobs.evaluations': async (params) => {
      const { client, namespace } = target(params);
      return fetched((await client.jobEvaluations(params.jobId, { namespace })).value);
    },
    'jobs.deployments': async (params) => {
      const { client, namespace } = target(params);
      return fetched((await client.jobDeployments(params.jobId, { namespace, all: params.all })).value);
    },
    'jobs.scaleStatus': async (params) => {
      const { client, namespace } = target(params);
      return fetched((await client.jobScaleStatus(params.jobId, { namespace })).value);
    },
    'jobs.parse': async (params) => {
      const { client, namespace } = target(params);
      return client.parseJob({ hcl: params.text, canonicalize: params.canonicalize, namespace });
    },
    'jobs.plan': async (params) => {
      const { client } = target(params);
      return client.planJob(params.job.ID, params.job, { diff: params.diff, policyOverride: params.policyOverride, namespace: params.namespace ?? params.job.Namespace });
    },
    'jobs.register': async (params) => {
      const { runtime, client } = target(params);
      const namespace = params.namespace ?? params.job.Namespace ?? client.namespace;
      const result = await client.registerJob(params.job, {
        // Check-and-set: register only if the job is still at the index the editor started from (0 = must be new).
        enforceIndex: params.enforceIndex ? (params.jobModifyIndex ?? 0) : undefined,
        policyOverride: params.policyOverride,
        namespace,
      });
      await runtime.refresher.refresh(namespace, params.job.ID);
      return result;
    },
    'jobs.dispatch': async (params) => {
      const { runtime, client, namespace } = target(params);
      const result = await client.dispatchJob(params.jobId, { payload: params.payloadBase64, meta: params.meta, idempotencyToken: params.idempotencyToken, namespace });
      await Promise.all([runtime.refresher.refresh(namespace, result.DispatchedJobID), runtime.refresher.refresh(namespace, params.jobId)]);
      return result;
    },
    'jobs.revert': async (params) => {
      const { runtime, client, namespace } = target(params);
      const result = await client.revertJob(params.jobId, { version: params.version, enforcePriorVersion: params.enforcePriorVersion, namespace });
      await runtime.refresher.refresh(namespace, params.jobId);
      return result;
    },
    'jobs.setStable': async (params) => {
      const { runtime, client, namespace } = target(params);
      const result = await client.setJobStability(params.jobId, params.version, params.stable, { namespace });
      await runtime.refresher.refresh(namespace, params.jobId);
      return result;
    },
    'jobs.evaluate': async (params) => {
      const { client, namespace } = target(params);
      return client.evaluateJob(params.jobId, { forceReschedule: params.forceReschedule, namespace });
    },
    'jobs.forcePeriodic': async (params) => {
      const { runtime, client, namespace } = target(params);
      const result = await client.forcePeriodic(params.jobId, { namespace });
      await runtime.refresher.refresh(namespace, params.jobId); // the child arrives with its JobRegistered event
      return result;
    },
    'jobs.stop': async (params) => {
      // Purging cannot be undone: the person types the job ID (design.md, Security invariant 4).
      if (params.purge && params.confirm !== params.jobId) {
        throw new HostError('invalid_input', `Type the job ID to confirm purging: purge removes job "${params.jobId}" and its history at once, and cannot be undone.`, {
          details: [{ path: 'confirm', message: `must be "${params.jobId}"` }],
        });
      }
      const { runtime, client, namespace } = target(params);
      const result = await client.stopJob(params.jobId, { purge: params.purge, namespace });
      if (params.purge) runtime.data.removeRows('jobs', [jobKey(namespace, params.jobId)]);
      else await runtime.refresher.refresh(namespace, params.jobId);
      return result;
    },
    'jobs.scale': async (params) => {
      const { runtime, client, namespace } = target(params);
      const result = await client.scaleTaskGroup(params.jobId, { group: params.group, count: params.count, message: params.message, namespace });
      await runtime.refresher.refresh(namespace, params.jobId);
      return result;
    },
  };
}
