// Small display helpers for state versions: sizes, statuses and the file facts shown before an upload.
import type { StateVersion, StateVersionStatus } from '../../../../../main/contract';

export function formatBytes(bytes: number | null | undefined): string {
  if (bytes === null || bytes === undefined || !Number.isFinite(bytes)) return '—';
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KiB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MiB`;
}

export const STATUS_LABEL: Record<StateVersionStatus, string> = {
  pending: 'pending',
  finalized: 'finalized',
  uploaded: 'finalized',
  discarded: 'discarded',
  backing_data_soft_deleted: 'soft-deleted',
  backing_data_permanently_deleted: 'permanently deleted',
};

export function statusType(status: StateVersionStatus): 'success' | 'warning' | 'error' | 'default' | 'info' {
  if (status === 'finalized' || status === 'uploaded') return 'success';
  if (status === 'pending') return 'info';
  if (status === 'backing_data_soft_deleted') return 'warning';
  if (status === 'backing_data_permanently_deleted') return 'error';
  return 'default';
}

/** Whether the version's content can be read (download, diff, outputs). */
export function hasContent(version: StateVersion): boolean {
  return version.attributes.status === 'finalized' || version.attributes.status === 'uploaded';
}

/** Still waiting for the service's asynchronous extraction of resources, modules, providers and outputs. */
export function isProcessing(version: StateVersion): boolean {
  return hasContent(version) && !version.attributes['resources-processed'];
}

export interface StateFileFacts {
  serial: number;
  lineage: string;
  engineVersion: string | null;
  resources: number;
}

/**
 * Serial and lineage read from a chosen file, to show before uploading. The host reads them again and computes
 * the MD5 itself; this only lets the person see what they picked and catches the wrong kind of file early.
 */
export function readStateFacts(text: string, fileName: string): StateFileFacts {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new Error(`${fileName} is not JSON, so it is not a state file. Choose the raw state file (.tfstate).`);
  }
  const state = (parsed && typeof parsed === 'object' ? parsed : {}) as Record<string, unknown>;
  if ('format_version' in state && 'values' in state) throw new Error(`${fileName} is JSON state (the output of "show -json"), not raw state. Choose the raw state file (.tfstate).`);
  if (!Number.isInteger(state.serial) || typeof state.lineage !== 'string' || state.lineage === '') {
    throw new Error(`${fileName} is not a raw state file: it has no integer "serial" and "lineage". Choose the raw state file (.tfstate).`);
  }
  return {
    serial: state.serial as number,
    lineage: state.lineage,
    engineVersion: typeof state.terraform_version === 'string' ? state.terraform_version : null,
    resources: Array.isArray(state.resources) ? state.resources.length : 0,
  };
}

/** `provider["registry.terraform.io/hashicorp/aws"]` → `hashicorp/aws`: the registry host adds nothing on screen. */
export function shortProvider(address: string): string {
  const inner = /\["([^"]+)"\]/.exec(address)?.[1] ?? address;
  return inner.replace(/^registry\.[^/]+\//, '');
}
