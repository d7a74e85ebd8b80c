// The workspace service: every projects.*, workspaces.*, variables.* and stateVersions.* method over one
// WorkspaceClient per organization connection, the held workspace list, and the `transfers` progress stream.
import type { ConnectionService } from '../connections/connection-service';
import type { Logger } from '../host/logger';
import type { DatasetRestorer } from '../cache/dataset-snapshots';
import type { DatasetRegistry } from '../lists/dataset-registry';
import type { StreamFactory } from '../streams/subscription-registry';
import { lockHandlers } from './locks';
import { Organizations } from './organizations';
import { projectHandlers } from './projects';
import { stateVersionHandlers } from './state-versions';
import { TransferHub } from './transfers';
import type { WorkspaceHandlers } from './types';
import { variableHandlers } from './variables';
import { WorkspaceList } from './workspace-list';
import { WORKSPACES_RESOURCE } from './rows';
import { workspaceHandlers } from './workspaces';

export { workspaceSchemas } from './schemas';
export type { WorkspaceHandlers } from './types';

export interface WorkspaceServiceDeps {
  connections: ConnectionService;
  datasets: DatasetRegistry;
  log: Logger;
  /** Where downloads go when the shell cannot ask (browser mode). */
  downloadsDir: string;
  /** Desktop: a save dialog; null means the person cancelled. */
  chooseSavePath?: (suggestedName: string) => Promise<string | null>;
  /** The host's one `transfers` hub, shared with agent profile captures; without it the service keeps its own. */
  transfers?: TransferHub;
  /** The offline cache's last known rows for the workspace list (issue 7). */
  offline?: DatasetRestorer;
}

export interface WorkspaceService {
  handlers: WorkspaceHandlers;
  streams: { transfers: StreamFactory };
  close(): Promise<void>;
}

export function createWorkspaceService(deps: WorkspaceServiceDeps): WorkspaceService {
  const { datasets, log } = deps;
  const list = new WorkspaceList(datasets, log, deps.offline);
  const ownHub = deps.transfers ? null : new TransferHub();
  const transfers = deps.transfers ?? ownHub!;
  const organizations = new Organizations(deps.connections, (connectionId) => {
    // A changed or removed connection: its client is gone, and so is the list it filled.
    list.forget(connectionId);
    datasets.forget(connectionId);
    datasets.notify(connectionId, WORKSPACES_RESOURCE);
  });
  const shared = { organizations, list, log };
  const handlers: WorkspaceHandlers = {
    ...projectHandlers(shared),
    ...workspaceHandlers(shared),
    ...lockHandlers(shared),
    ...variableHandlers(shared),
    ...stateVersionHandlers({ ...shared, transfers, downloadsDir: deps.downloadsDir, chooseSavePath: deps.chooseSavePath }),
  };
  return {
    handlers,
    streams: { transfers: transfers.stream },
    async close() {
      list.close();
      organizations.close();
      ownHub?.close();
    },
  };
}
