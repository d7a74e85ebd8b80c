// Nodes: list (prefix-checked), read (SecretID redacted), allocations, evaluate, drain, purge and eligibility
// (cluster-api.md, Nodes and Node scheduling). Nodes are cluster-wide, so no namespace is sent.
import { HostError } from '../../host/host-error';
import { segment, type BlockingOptions, type Indexed } from './client';
import { checkIdPrefix, checkInteger } from './input';
import { AllocationCalls } from './allocations';
import type { Allocation, Node, NodeEvalResponse, NodeListStub } from '../../contract/cluster-models';
import { redactClusterPayload } from './redact';
import { allocationSchema, decode, decodeList, nodeEvalResponseSchema, nodeListStubSchema, nodeSchema } from './schemas';

type NodeReadOptions = Omit<BlockingOptions, 'namespace'>;

export interface DrainRequest {
  /** Nanoseconds until remaining allocations are force-stopped; also the time batch jobs get to finish. */
  deadlineNs: number;
  ignoreSystemJobs?: boolean;
}

export type NodeEligibility = 'eligible' | 'ineligible';

export const nodeTarget = (nodeId: string): string => `node ${nodeId.slice(0, 8)}`;

export class NodeCalls extends AllocationCalls {
  /** Node list entries; `prefix` must be an even number of hex characters. */
  async listNodes(options: NodeReadOptions & { prefix?: string } = {}): Promise<Indexed<NodeListStub[]>> {
    const prefix = checkIdPrefix(options.prefix, 'node');
    return this.read({ endpoint: 'listNodes', method: 'GET', path: '/v1/nodes', query: { prefix }, namespace: false, blocking: options }, (value) =>
      redactClusterPayload(decodeList<NodeListStub>(nodeListStubSchema, value, 'the node list')),
    );
  }

  /** The full node; its SecretID never leaves the client (design.md, invariant 2). */
  async readNode(nodeId: string, options: NodeReadOptions = {}): Promise<Indexed<Node>> {
    return this.read({ endpoint: 'readNode', method: 'GET', path: `/v1/node/${segment(nodeId, 'node ID')}`, namespace: false, target: nodeTarget(nodeId), blocking: options }, (value) =>
      redactClusterPayload(decode<Node>(nodeSchema, value, `node ${nodeId}`)),
    );
  }

  /** Allocations placed on the node, each with its Job (redacted). */
  async nodeAllocations(nodeId: string, options: NodeReadOptions = {}): Promise<Indexed<Allocation[]>> {
    return this.read(
      { endpoint: 'nodeAllocations', method: 'GET', path: `/v1/node/${segment(nodeId, 'node ID')}/allocations`, namespace: false, target: nodeTarget(nodeId), blocking: options },
      (value) => redactClusterPayload(decodeList<Allocation>(allocationSchema, value, `the allocations of node ${nodeId}`)),
    );
  }

  /** Creates evaluations for every job with work on the node. */
  async evaluateNode(nodeId: string): Promise<NodeEvalResponse> {
    const answer = await this.send({ endpoint: 'evaluateNode', method: 'POST', path: `/v1/node/${segment(nodeId, 'node ID')}/evaluate`, namespace: false, target: nodeTarget(nodeId) });
    return decode<NodeEvalResponse>(nodeEvalResponseSchema, answer.value, `the evaluation of node ${nodeId}`);
  }

  /**
   * Starts a drain with `spec`, or stops one with `null` (cluster-api.md, Node scheduling): a missing DrainSpec
   * disables the drain, and `markEligible` then lets the node take new work again.
   */
  async drainNode(nodeId: string, spec: DrainRequest | null, options: { markEligible?: boolean } = {}): Promise<NodeEvalResponse> {
    if (spec) checkInteger(spec.deadlineNs, 'drain deadline (ns)', -1); // -1 is the server's "force now"; 0 means no deadline
    const answer = await this.send({
      endpoint: 'drainNode',
      method: 'POST',
      path: `/v1/node/${segment(nodeId, 'node ID')}/drain`,
      namespace: false,
      target: nodeTarget(nodeId),
      body: { DrainSpec: spec ? { Deadline: spec.deadlineNs, IgnoreSystemJobs: spec.ignoreSystemJobs ?? false } : null, MarkEligible: options.markEligible ?? false },
    });
    return decode<NodeEvalResponse>(nodeEvalResponseSchema, answer.value, `the drain of node ${nodeId}`);
  }

  /** Removes the node from the cluster; a live node re-registers on its next heartbeat. */
  async purgeNode(nodeId: string): Promise<NodeEvalResponse> {
    const answer = await this.send({ endpoint: 'purgeNode', method: 'POST', path: `/v1/node/${segment(nodeId, 'node ID')}/purge`, namespace: false, target: nodeTarget(nodeId) });
    return decode<NodeEvalResponse>(nodeEvalResponseSchema, answer.value, `the purge of node ${nodeId}`);
  }

  async setNodeEligibility(nodeId: string, eligibility: NodeEligibility): Promise<NodeEvalResponse> {
    if (eligibility !== 'eligible' && eligibility !== 'ineligible') {
      throw new HostError('invalid_input', `Eligibility must be "eligible" or "ineligible", not "${String(eligibility)}".`, { details: [{ path: 'eligibility', message: 'eligible or ineligible' }] });
    }
    const answer = await this.send({
      endpoint: 'setNodeEligibility',
      method: 'POST',
      path: `/v1/node/${segment(nodeId, 'node ID')}/eligibility`,
      namespace: false,
      target: nodeTarget(nodeId),
      body: { Eligibility: eligibility },
    });
    return decode<NodeEvalResponse>(nodeEvalResponseSchema, answer.value, `the eligibility change of node ${nodeId}`);
  }
}
