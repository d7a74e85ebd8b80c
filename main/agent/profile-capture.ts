// Saves a profiling capture (cluster-api.md, Agent: /v1/agent/pprof/*) to a file the person chose, or to the
// downloads folder, written beside the target and renamed at the end so a failed capture never leaves a half file.
// Progress goes to the contract's `transfers` stream: elapsed recording time while the agent records, then bytes.
import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, rename, unlink } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import type { AgentMethods, ProfileCapture, ProfileProgress } from '../contract/agent';
import type { AgentClient } from '../clients/cluster-api/agent-client';
import { DEFAULT_PROFILE_SECONDS } from '../clients/cluster-api/agent-input';
import { freePath } from '../host/free-path';
import { HostError } from '../host/host-error';
import type { Logger } from '../host/logger';
import type { TransferHub } from '../workspace/transfers';

/** How often elapsed recording time is reported; the hub folds byte updates in between. */
const TICK_MS = 250;

export interface CaptureDeps {
  transfers: TransferHub;
  downloadsDir: string;
  chooseSavePath?: (suggestedName: string) => Promise<string | null>;
  log: Logger;
}

type ProfileParams = AgentMethods['agent.profile']['params'];

const LABELS: Record<ProfileParams['kind'], string> = {
  cmdline: 'command line',
  profile: 'CPU profile',
  trace: 'execution trace',
  goroutine: 'goroutine profile',
  heap: 'heap profile',
  allocs: 'allocations profile',
  threadcreate: 'thread creation profile',
  block: 'blocking profile',
  mutex: 'mutex profile',
};

/** `go tool pprof` reads gzip protobuf; debug > 0 and cmdline are text; a trace is Go's own format. */
function extensionOf(kind: ProfileParams['kind'], debug: number | undefined): string {
  if (kind === 'cmdline' || (debug ?? 0) > 0) return '.txt';
  if (kind === 'trace') return '.trace';
  return '.pb.gz';
}

export function suggestedName(params: ProfileParams, now = new Date()): string {
  const who = params.serverId ?? (params.nodeId ? `node-${params.nodeId.slice(0, 8)}` : 'agent');
  const stamp = now.toISOString().replace(/[:.]/g, '-').replace(/Z$/, '');
  const safe = `${params.kind}-${who}-${stamp}`.replace(/[^\w.-]+/g, '_');
  return `${safe}${extensionOf(params.kind, params.debug)}`;
}

export async function captureProfileToFile(deps: CaptureDeps, client: AgentClient, params: ProfileParams): Promise<ProfileCapture> {
  const { kind, transferId } = params;
  const timed = kind === 'profile' || kind === 'trace';
  const durationMs = timed ? (params.seconds ?? DEFAULT_PROFILE_SECONDS) * 1000 : 0;
  const label = LABELS[kind];
  let started = Date.now();
  let bytes = 0;
  const report = (phase: ProfileProgress['phase'], message: string, total: number | null = null): void => {
    const elapsedMs = Math.min(Date.now() - started, durationMs);
    const progress: ProfileProgress = { transferId, phase, bytes, total, kind: 'profile', elapsedMs, durationMs, message };
    deps.transfers.report(progress);
  };
  const recording = (): string =>
    bytes > 0 || !timed ? `Receiving the ${label}: ${bytes} bytes` : `Recording the ${label}: ${Math.floor(Math.min(Date.now() - started, durationMs) / 1000)} s of ${durationMs / 1000} s`;

  let temp: string | null = null;
  let ticker: NodeJS.Timeout | undefined;
  try {
    const suggested = suggestedName(params);
    let target: string | null;
    if (deps.chooseSavePath) {
      target = await deps.chooseSavePath(suggested);
    } else {
      await mkdir(deps.downloadsDir, { recursive: true });
      target = await freePath(deps.downloadsDir, suggested);
    }
    if (target === null) throw new HostError('invalid_input', `The ${label} was not captured: no file was chosen.`);
    // 0600: a command line or heap can hold secrets passed to the agent.
    temp = join(dirname(target), `.${basename(target)}.${randomUUID()}.part`);
    const file = createWriteStream(temp, { flags: 'wx', mode: 0o600 });
    started = Date.now();
    report('downloading', recording());
    ticker = setInterval(() => report('downloading', recording()), TICK_MS);
    ticker.unref?.();
    const result = await client.profile(kind, { seconds: params.seconds, debug: params.debug, nodeId: params.nodeId, serverId: params.serverId }, file, (total) => {
      bytes = total;
      report('downloading', recording());
    });
    clearInterval(ticker);
    await rename(temp, target);
    temp = null;
    report('done', `Saved the ${label} (${result.bytes} bytes) to ${basename(target)}`, result.bytes);
    deps.log.info('agent profile saved', { kind, bytes: result.bytes, path: target });
    return { path: target, bytes: result.bytes, contentType: result.contentType };
  } catch (error) {
    clearInterval(ticker);
    if (temp) await unlink(temp).catch(() => undefined);
    report('failed', error instanceof HostError ? error.message : `The ${label} capture failed.`);
    throw error;
  }
}
