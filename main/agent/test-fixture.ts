// Test fixture: the simulator over real HTTP on 127.0.0.1, a real ConnectionService over a SettingsStore in a temp
// dir with a MemoryVault, and the agent service; `call` validates params with the method's schema first, as the
// router does (host/testing/schema-caller), so tests exercise the path a renderer call takes.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BridgeError, StreamBatch } from '../contract';
import type { AgentMethods } from '../contract/agent';
import { ConnectionService } from '../connections/connection-service';
import { SettingsStore } from '../connections/settings-store';
import { MemoryVault } from '../connections/token-vault';
import type { Logger } from '../host/logger';
import { NoticeBoard } from '../host/notices';
import { schemaCaller } from '../host/testing/schema-caller';
import { SecretScrubber } from '../redaction/secret-scrubber';
import { startSimulator, type Simulator } from '../../sim/index';
import { agentSchemas, createAgentService, type AgentService } from './index';

export type SimToken = 'management' | 'readOnly' | 'operator';

export const SEED = 7;

export interface AgentFixture {
  sim: Simulator;
  service: AgentService;
  connections: ConnectionService;
  dir: string;
  downloadsDir: string;
  /** A cluster connection using one of the simulator's tokens (created once per kind). */
  connection(kind?: SimToken): Promise<string>;
  call<M extends keyof AgentMethods>(method: M, params: AgentMethods[M]['params']): Promise<AgentMethods[M]['result']>;
  /** Calls a method that must fail; returns the error as the renderer would receive it. */
  fail(method: keyof AgentMethods, params: unknown): Promise<BridgeError>;
  /** Subscribes to the `transfers` stream of one transfer and collects its batches. */
  watchTransfer(transferId: string): { batches: StreamBatch<unknown>[]; close(): void };
  /** POSTs a simulator admin switch (`/_sim/agent/...`). */
  admin(path: string, body: unknown): Promise<void>;
  close(): Promise<void>;
}

export async function startAgentFixture(options: { chooseSavePath?: (name: string) => Promise<string | null> } = {}): Promise<AgentFixture> {
  const sim = await startSimulator({ seed: SEED });
  const dir = mkdtempSync(join(tmpdir(), 'qd-agent-'));
  const downloadsDir = join(dir, 'downloads');
  const ignore = () => undefined;
  const log: Logger = { debug: ignore, info: ignore, warn: ignore, error: ignore, file: join(dir, 'log') };
  const connections = new ConnectionService(SettingsStore.open(dir, new NoticeBoard()), new MemoryVault(new SecretScrubber(), 'tests'), log);
  const service = createAgentService({ connections, log, downloadsDir, chooseSavePath: options.chooseSavePath });
  const tokens: Record<SimToken, string> = { management: sim.clusterToken, readOnly: sim.clusterReadOnlyToken, operator: sim.cluster.tokens.operator };
  const ids = new Map<SimToken, string>();

  const { call, fail } = schemaCaller<AgentMethods>(agentSchemas, service.handlers);

  return {
    sim,
    service,
    connections,
    dir,
    downloadsDir,
    async connection(kind = 'management') {
      let id = ids.get(kind);
      if (!id) {
        const created = await connections.create({ kind: 'cluster', name: `sim ${kind}`, address: sim.url, namespace: 'default', token: tokens[kind] });
        id = created.profile.id;
        ids.set(kind, id);
      }
      return id;
    },
    call,
    fail,
    watchTransfer(transferId) {
      const batches: StreamBatch<unknown>[] = [];
      const source = service.streams.transfers({ transferId }, (batch) => batches.push(batch), `sub-${transferId}`);
      return { batches, close: () => source.close() };
    },
    async admin(path, body) {
      const response = await fetch(`${sim.url}${path}`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
      if (!response.ok) throw new Error(`admin ${path} failed: ${response.status} ${await response.text()}`);
    },
    async close() {
      await service.close();
      await sim.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
