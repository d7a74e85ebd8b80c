// Allocations: list (prefix-checked), read, and the lifecycle actions stop, signal and restart
// (cluster-api.md, Allocations). Single allocations are addressed by full UUID, which is cluster-wide.
import { HostError } from '../../host/host-error';
import { segment, type BlockingOptions, type Indexed } from './client';
import { checkIdPrefix } from './input';
import { JobCommands } from './job-commands';
import type { AllocListStub, AllocStopResponse, Allocation } from '../../contract/cluster-models';
import { redactClusterPayload } from './redact';
import { allocationSchema, allocListStubSchema, allocStopResponseSchema, decode, decodeList } from './schemas';

export const allocTarget = (allocId: string): string => `allocation ${allocId.slice(0, 8)}`;

/** `:alloc_id` must be the full UUID (cluster-api.md, GET /v1/allocation/:alloc_id); a short ID would just 404. */
function fullAllocId(allocId: string): string {
  const id = segment(allocId, 'allocation ID');
  if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(allocId)) {
    throw new HostError('invalid_input', `"${allocId}" is not a full allocation ID. Use the whole UUID, or find it by prefix in the allocation list.`, { details: [{ path: 'allocId', message: 'full UUID' }] });
  }
  return id;
}

// A single allocation is found by its UUID wherever it lives, so no namespace is sent unless the caller names one.
export class AllocationCalls extends JobCommands {
  /** Allocations of the namespace (`*` for all); `prefix` must be an even number of hex characters. */
  async listAllocations(options: BlockingOptions & { prefix?: string } = {}): Promise<Indexed<AllocListStub[]>> {
    const prefix = checkIdPrefix(options.prefix, 'allocation');
    return this.read(
      { endpoint: 'listAllocations', method: 'GET', path: '/v1/allocations', query: { prefix }, namespace: options.namespace, blocking: options },
      (value) => redactClusterPayload(decodeList<AllocListStub>(allocListStubSchema, value, 'the allocation list')),
    );
  }

  /** The full allocation, including its Job (redacted). */
  async readAllocation(allocId: string, options: BlockingOptions = {}): Promise<Indexed<Allocation>> {
    return this.read(
      { endpoint: 'readAllocation', method: 'GET', path: `/v1/allocation/${fullAllocId(allocId)}`, namespace: options.namespace ?? false, target: allocTarget(allocId), blocking: options },
      (value) => redactClusterPayload(decode<Allocation>(allocationSchema, value, `allocation ${allocId}`)),
    );
  }

  /** Stops the allocation; the scheduler places a replacement. */
  async stopAllocation(allocId: string, options: { namespace?: string } = {}): Promise<AllocStopResponse> {
    const answer = await this.send({ endpoint: 'stopAllocation', method: 'POST', path: `/v1/allocation/${fullAllocId(allocId)}/stop`, namespace: options.namespace ?? false, target: allocTarget(allocId) });
    return decode<AllocStopResponse>(allocStopResponseSchema, answer.value, `the stop of allocation ${allocId}`);
  }

  /** Sends a signal to one task, or to every task when `task` is absent. */
  async signalAllocation(allocId: string, input: { signal: string; task?: string; namespace?: string }): Promise<void> {
    if (!/^SIG[A-Z0-9]+$/.test(input.signal ?? '')) {
      throw new HostError('invalid_input', `"${input.signal}" is not a signal name. Use a name such as SIGHUP or SIGUSR1.`, { details: [{ path: 'signal', message: 'signal name like SIGHUP' }] });
    }
    const body: Record<string, unknown> = { Signal: input.signal };
    if (input.task) body.Task = input.task;
    await this.send({ endpoint: 'signalAllocation', method: 'POST', path: `/v1/client/allocation/${fullAllocId(allocId)}/signal`, namespace: input.namespace ?? false, target: allocTarget(allocId), body });
  }

  /** Restarts one task, or all tasks, in place. */
  async restartAllocation(allocId: string, input: { task?: string; namespace?: string } = {}): Promise<void> {
    const body: Record<string, unknown> = {};
    if (input.task) body.Task = input.task;
    await this.send({ endpoint: 'restartAllocation', method: 'POST', path: `/v1/client/allocation/${fullAllocId(allocId)}/restart`, namespace: input.namespace ?? false, target: allocTarget(allocId), body });
  }
}
