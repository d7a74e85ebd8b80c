// How a node's state reads: status, eligibility and drain each get a tone, so a draining or down node stands out.
import type { Tone } from '@/views/allocations/format';

export function nodeStatusTone(status: string): Tone {
  if (status === 'ready') return 'success';
  if (status === 'initializing') return 'info';
  if (status === 'down' || status === 'disconnected') return 'error';
  return 'warning';
}

export function eligibilityTone(eligibility: string): Tone {
  return eligibility === 'eligible' ? 'default' : 'warning';
}
