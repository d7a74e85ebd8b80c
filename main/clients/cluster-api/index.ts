// The cluster API client: construct `ClusterClient` per connection; models keep the API's own field names.
export { ClusterClient, type EventStreamOptions } from './cluster-client';
export { DEFAULT_RETRY, type BlockingOptions, type ClusterClientOptions, type Indexed, type Page, type ReadOptions, type RetryPolicy } from './client';
export { CLUSTER_ENDPOINTS, type ClusterEndpoint } from './errors';
export { MAX_DISPATCH_PAYLOAD_BYTES } from './input';
export type { ListJobsOptions, ParseJobInput } from './jobs';
export type { DispatchJobInput, RegisterJobOptions, RevertJobInput, ScaleTaskGroupInput } from './job-commands';
export type { DrainRequest, NodeEligibility } from './nodes';
export type * from '../../contract/cluster-models';
