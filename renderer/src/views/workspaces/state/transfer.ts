// Progress of one download or upload: pick the transfer id, subscribe to `transfers`, then call the host
// (main/workspace/transfers.ts replays the latest progress to a late subscriber, so no step is missed).
import { computed, onBeforeUnmount, ref } from 'vue';
import type { TransferProgress } from '../../../../../main/contract';
import { subscribe } from '@/bridge';

export function newTransferId(prefix: 'upload' | 'download'): string {
  return `${prefix}-${crypto.randomUUID()}`;
}

/** Percent of bytes moved, or null while the total is unknown. */
export function percentOf(progress: TransferProgress | null): number | null {
  if (!progress || progress.total === null || progress.total === 0) return progress?.phase === 'done' ? 100 : null;
  return Math.min(100, Math.round((progress.bytes / progress.total) * 100));
}

const PHASE_TEXT: Record<TransferProgress['phase'], string> = {
  locking: 'Locking the workspace…',
  creating: 'Creating the state version…',
  uploading: 'Uploading…',
  downloading: 'Downloading…',
  finalizing: 'Waiting for the service to finalize it…',
  unlocking: 'Unlocking the workspace…',
  done: 'Done.',
  failed: 'Failed.',
};

export function phaseText(progress: TransferProgress | null): string {
  return progress ? PHASE_TEXT[progress.phase] : 'Starting…';
}

export function useTransfer() {
  const progress = ref<TransferProgress | null>(null);
  let stop: (() => void) | null = null;

  function end(): void {
    stop?.();
    stop = null;
  }

  function begin(prefix: 'upload' | 'download'): string {
    end();
    const transferId = newTransferId(prefix);
    progress.value = null;
    stop = subscribe('transfers', { transferId }, (batch) => {
      const last = batch.items.at(-1);
      if (last) progress.value = last;
    });
    return transferId;
  }

  onBeforeUnmount(end);
  return { progress, percent: computed(() => percentOf(progress.value)), text: computed(() => phaseText(progress.value)), begin, end };
}
