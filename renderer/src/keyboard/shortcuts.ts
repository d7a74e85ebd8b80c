// The one shortcut table: the global key handler dispatches from it and the help overlay lists it.
import type { ViewName } from '@/router/views';

export type ShortcutAction =
  | { type: 'navigate'; view: ViewName }
  | { type: 'palette' }
  | { type: 'help' }
  | { type: 'connection'; step: 1 | -1 }
  | { type: 'theme' };

export interface Shortcut {
  id: string;
  /** A sequence of strokes as `strokeOf` names them: `g` then `j`, or a single `mod+k` (Ctrl, or Cmd on macOS). */
  keys: readonly string[];
  description: string;
  group: 'General' | 'Go to' | 'Connections';
  action: ShortcutAction;
  /** Also fires while typing in a field (only for chords with a modifier, which type nothing). */
  inInputs?: boolean;
}

const go = (key: string, view: ViewName, title: string): Shortcut => ({
  id: `go.${view}`,
  keys: ['g', key],
  description: `Go to ${title}`,
  group: 'Go to',
  action: { type: 'navigate', view },
});

export const SHORTCUTS: readonly Shortcut[] = [
  { id: 'palette', keys: ['mod+k'], description: 'Open the command palette', group: 'General', action: { type: 'palette' }, inInputs: true },
  { id: 'help', keys: ['?'], description: 'Show these keyboard shortcuts', group: 'General', action: { type: 'help' } },
  { id: 'theme', keys: ['t'], description: 'Toggle light and dark theme', group: 'General', action: { type: 'theme' } },
  go('c', 'connections', 'Connections'),
  go('w', 'workspaces', 'Workspaces'),
  go('p', 'projects', 'Projects'),
  go('j', 'jobs', 'Jobs'),
  go('a', 'allocations', 'Allocations'),
  go('n', 'nodes', 'Nodes'),
  go('e', 'events', 'Events'),
  go('s', 'agent', 'Agent'),
  { id: 'connection.previous', keys: ['['], description: 'Switch to the previous connection', group: 'Connections', action: { type: 'connection', step: -1 } },
  { id: 'connection.next', keys: [']'], description: 'Switch to the next connection', group: 'Connections', action: { type: 'connection', step: 1 } },
];

/** How a stroke is written in the help overlay: `mod` shows as Ctrl (or ⌘ on macOS). */
export function displayStroke(stroke: string, mac: boolean): string {
  return stroke
    .split('+')
    .map((part) => (part === 'mod' ? (mac ? '⌘' : 'Ctrl') : part === 'alt' ? (mac ? '⌥' : 'Alt') : part.length === 1 ? part.toUpperCase() : part))
    .join(mac ? '' : '+');
}
