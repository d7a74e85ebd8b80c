// What the live indicator says for a `lists.changes` status (design.md, Live data; issue 4 §5): three states a
// person reads at a glance (live, reconnecting, offline), each with a sentence on what it means for the data.
import type { StreamStatus } from '../../../../main/contract';

export type LiveState = 'live' | 'reconnecting' | 'offline';

export interface LiveLabel {
  state: LiveState;
  label: string;
  /** The tooltip: what the state means for what is on screen, plus the host's reason when it gave one. */
  explanation: string;
}

export function liveLabel(status: StreamStatus, message?: string): LiveLabel {
  const why = message ? ` ${message.replace(/\.?$/, '.')}` : '';
  switch (status) {
    case 'live':
      return { state: 'live', label: 'Live', explanation: 'Views update by themselves from the cluster’s event stream.' };
    case 'connecting':
    case 'reconnecting':
      return {
        state: 'reconnecting',
        label: status === 'connecting' ? 'Connecting' : 'Reconnecting',
        explanation: `Waiting for the cluster’s event stream; lists show what was last received and catch up once it is back.${why}`,
      };
    default:
      return {
        state: 'offline',
        label: 'Offline',
        explanation: `The cluster is not reachable: data on screen is the last known and actions are disabled.${why}`,
      };
  }
}
