// State content fetched by main: into memory (for the diff) or to a file the person chose, written atomically
// with progress. The capability URLs are used inside the client and never reach the renderer (design.md, invariant 2).
import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, rename, unlink } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { Transform, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { WorkspaceClient } from '../clients/workspace-api';
import { freePath } from '../host/free-path';
import { HostError } from '../host/host-error';
import type { TransferHub } from './transfers';

/** States larger than this are not diffed in memory; the person can download them instead. */
const MAX_DIFF_BYTES = 256 * 1024 * 1024;

/** Downloads a version's JSON state, or its raw state when it has no JSON form (engine < 1.3), into memory. */
export async function stateBytes(client: WorkspaceClient, stateVersionId: string): Promise<Buffer> {
  const urls = await client.stateVersions.stateVersionUrls(stateVersionId);
  if (!urls.jsonDownload && !urls.rawDownload) {
    throw new HostError('not_found', `State version ${stateVersionId} has no content to compare: it is pending, discarded, or its backing data was deleted. Pick a finalized version.`);
  }
  const chunks: Buffer[] = [];
  let size = 0;
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      size += chunk.length;
      if (size > MAX_DIFF_BYTES) return done(new HostError('invalid_input', `State version ${stateVersionId} is larger than ${MAX_DIFF_BYTES / 1024 / 1024} MiB; download it to compare it with other tools.`));
      chunks.push(chunk);
      done();
    },
  });
  await client.stateVersions.download(stateVersionId, urls.jsonDownload ? 'json' : 'raw', sink);
  return Buffer.concat(chunks);
}

export interface DownloadDeps {
  transfers: TransferHub;
  downloadsDir: string;
  chooseSavePath?: (suggestedName: string) => Promise<string | null>;
}

export async function downloadStateToFile(
  deps: DownloadDeps,
  client: WorkspaceClient,
  params: { stateVersionId: string; format: 'raw' | 'json'; transferId: string },
): Promise<{ path: string; bytes: number }> {
  const { stateVersionId, format, transferId } = params;
  const progress = deps.transfers.reporter(transferId);
  let temp: string | null = null;
  try {
    const version = await client.stateVersions.show(stateVersionId);
    const suggested = `${stateVersionId}-serial-${version.attributes.serial}${format === 'raw' ? '.tfstate' : '.json'}`;
    let target: string | null;
    if (deps.chooseSavePath) {
      target = await deps.chooseSavePath(suggested);
    } else {
      await mkdir(deps.downloadsDir, { recursive: true });
      target = await freePath(deps.downloadsDir, suggested);
    }
    if (target === null) throw new HostError('invalid_input', 'Download cancelled: no file was chosen.');
    // Written beside the target and renamed at the end, so a failed download never leaves a half file under
    // the chosen name. 0600: state holds secrets in clear text.
    temp = join(dirname(target), `.${basename(target)}.${randomUUID()}.part`);
    const total = format === 'raw' && Number.isInteger(version.attributes.size) ? version.attributes.size : null;
    let bytes = 0;
    progress('downloading', 0, total);
    const counter = new Transform({
      transform(chunk: Buffer, _encoding, done) {
        bytes += chunk.length;
        progress('downloading', bytes, total);
        done(null, chunk);
      },
    });
    const written = pipeline(counter, createWriteStream(temp, { flags: 'wx', mode: 0o600 }));
    try {
      await client.stateVersions.download(stateVersionId, format, counter);
    } catch (error) {
      counter.destroy(error as Error);
      await written.catch(() => undefined);
      throw error;
    }
    await written;
    await rename(temp, target);
    temp = null;
    progress('done', bytes, bytes);
    return { path: target, bytes };
  } catch (error) {
    if (temp) await unlink(temp).catch(() => undefined);
    progress('failed', 0, null, error instanceof HostError ? error.message : 'The download failed.');
    throw error;
  }
}
