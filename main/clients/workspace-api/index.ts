// Public surface of the workspace API client (workspace-api.md). Main's services import from here only.
export { WorkspaceClient } from './workspace-client';
export { API_PREFIX, MEDIA_TYPE, type TokenKind, type WorkspaceClientOptions, type ClientStats } from './client';
export { codeForStatus } from './errors';
export { IncludedLookup, relationshipId, type Page, type PageLinks, type PaginationMeta, type Relationship, type Resource, type ResourceIdentifier } from './jsonapi';
export { fetchAllPages, MAX_PAGE_SIZE, type AllPages, type FetchAllOptions, type PageOptions } from './pagination';
export { TokenBucket, sharedBucket, retryDelayMs, systemClock, type Clock, type TokenBucketOptions } from './rate-limiter';
export { checkProjectInput, isAutoDestroyDuration, type ProjectPage } from './projects';
export { withoutSensitiveValue } from './variables';
export { ORGANIZATION_TOKEN_REFUSED, type DownloadResult, type StateVersionListQuery } from './state-versions';
export type { WorkspaceDocument, WorkspaceRef } from './workspaces';
export type { UnlockOptions } from './locks';
export type { TagRef } from './relationships';
export type * from '../../contract/workspace-models';
