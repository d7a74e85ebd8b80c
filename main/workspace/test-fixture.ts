// Test fixture: the simulator over real HTTP on 127.0.0.1, a real ConnectionService over a SettingsStore in a
// temp dir with a MemoryVault, and the workspace service; `call` validates params with the method's schema
// first, as the router does (host/testing/schema-caller), so tests exercise the same path a renderer call takes.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BridgeError, WorkspaceMethods } from '../contract';
import { ConnectionService } from '../connections/connection-service';
import { SettingsStore } from '../connections/settings-store';
import { MemoryVault } from '../connections/token-vault';
import type { Logger } from '../host/logger';
import { NoticeBoard } from '../host/notices';
import { schemaCaller } from '../host/testing/schema-caller';
import { DatasetRegistry } from '../lists/dataset-registry';
import { SecretScrubber } from '../redaction/secret-scrubber';
import { startSimulator, type Simulator, type SimulatorOptions } from '../../sim/index';
import { createWorkspaceService, workspaceSchemas, type WorkspaceService } from './index';

export type SimToken = 'user' | 'otherUser' | 'organization' | 'team' | 'readOnly';

export interface LogLine {
  level: string;
  message: string;
  extra?: Record<string, unknown>;
}

export interface Fixture {
  sim: Simulator;
  service: WorkspaceService;
  connections: ConnectionService;
  datasets: DatasetRegistry;
  log: Logger;
  logLines: LogLine[];
  dir: string;
  /** A workspace connection using one of the simulator's tokens (created once per kind). */
  connection(kind?: SimToken): Promise<string>;
  call<M extends keyof WorkspaceMethods>(method: M, params: WorkspaceMethods[M]['params']): Promise<WorkspaceMethods[M]['result']>;
  /** Calls a method that must fail; returns the error as the renderer would receive it. */
  fail<M extends keyof WorkspaceMethods>(method: M, params: unknown): Promise<BridgeError>;
  wsId(name: string): string;
  close(): Promise<void>;
}

export async function startFixture(options: SimulatorOptions & { chooseSavePath?: (name: string) => Promise<string | null> } = {}): Promise<Fixture> {
  const { chooseSavePath, ...simOptions } = options;
  const sim = await startSimulator({ seed: 7, ...simOptions });
  const dir = mkdtempSync(join(tmpdir(), 'qd-workspace-'));
  const logLines: LogLine[] = [];
  const record = (level: string) => (message: string, extra?: Record<string, unknown>) => void logLines.push({ level, message, extra });
  const log: Logger = { debug: record('debug'), info: record('info'), warn: record('warn'), error: record('error'), file: join(dir, 'log') };
  const connections = new ConnectionService(SettingsStore.open(dir, new NoticeBoard()), new MemoryVault(new SecretScrubber(), 'tests'), log);
  const datasets = new DatasetRegistry();
  const service = createWorkspaceService({ connections, datasets, log, downloadsDir: join(dir, 'downloads'), chooseSavePath });
  const ids = new Map<SimToken, string>();
  const tokens = sim.workspace.tokens as Record<SimToken, string>;

  const { call, fail } = schemaCaller<WorkspaceMethods>(workspaceSchemas, service.handlers);

  return {
    sim,
    service,
    connections,
    datasets,
    log,
    logLines,
    dir,
    async connection(kind = 'user') {
      let id = ids.get(kind);
      if (!id) {
        const created = await connections.create({ kind: 'workspace', name: `sim ${kind}`, baseUrl: sim.url, organization: sim.organization, token: tokens[kind] });
        id = created.profile.id;
        ids.set(kind, id);
      }
      return id;
    },
    call,
    fail,
    wsId(name) {
      const found = sim.workspace.store.workspaceNamed(name);
      if (!found) throw new Error(`fixture workspace ${name} missing`);
      return found.id;
    },
    async close() {
      await service.close();
      await sim.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
