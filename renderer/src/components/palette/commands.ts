// What the command palette offers: views to open, connections to switch to, and app actions. Pure data, so the
// list can be tested; CommandPalette.vue runs the chosen action.
import type { ConnectionSummary } from '../../../../main/contract';
import { A_KIND, KIND_LABEL, type ViewEntry, type ViewName } from '@/router/views';
import type { Matchable } from './match';

export type PaletteAction =
  | { type: 'navigate'; view: ViewName }
  | { type: 'switch'; connectionId: string }
  | { type: 'add-connection' }
  | { type: 'import-env' }
  | { type: 'toggle-theme' }
  | { type: 'open-demo' }
  | { type: 'help' };

export interface PaletteCommand extends Matchable {
  id: string;
  group: 'Views' | 'Connections' | 'Actions';
  hint?: string;
  action: PaletteAction;
}

export interface PaletteSources {
  views: readonly ViewEntry[];
  connections: readonly ConnectionSummary[];
  activeId: string | null;
  demoAvailable: boolean;
}

export function buildCommands(sources: PaletteSources): PaletteCommand[] {
  const views: PaletteCommand[] = sources.views.map((view) => ({
    id: `view:${view.name}`,
    title: view.title,
    group: 'Views',
    keywords: `go open view ${view.keywords}${view.needs ? ` ${KIND_LABEL[view.needs]}` : ''}`,
    hint: view.needs ? `needs ${A_KIND[view.needs]}` : undefined,
    action: { type: 'navigate', view: view.name },
  }));

  const connections: PaletteCommand[] = sources.connections
    .filter((c) => c.profile.id !== sources.activeId)
    .map((c) => ({
      id: `connection:${c.profile.id}`,
      title: `Switch to ${c.profile.name}`,
      group: 'Connections',
      keywords:
        c.profile.kind === 'cluster'
          ? `connection cluster ${c.profile.address} ${c.profile.region ?? ''} ${c.profile.namespace}`
          : `connection organization workspace ${c.profile.organization} ${c.profile.baseUrl}`,
      hint: KIND_LABEL[c.profile.kind],
      action: { type: 'switch', connectionId: c.profile.id },
    }));

  const actions: PaletteCommand[] = [
    { id: 'action:add-connection', title: 'Add connection', group: 'Actions', keywords: 'new cluster organization create', action: { type: 'add-connection' } },
    { id: 'action:import-env', title: 'Import connection from environment', group: 'Actions', keywords: 'CLUSTER_ADDR env variables', action: { type: 'import-env' } },
    { id: 'action:toggle-theme', title: 'Toggle theme', group: 'Actions', keywords: 'dark light mode appearance', action: { type: 'toggle-theme' } },
    { id: 'action:help', title: 'Keyboard shortcuts', group: 'Actions', keywords: 'help keys', action: { type: 'help' } },
  ];
  if (sources.demoAvailable) {
    actions.splice(1, 0, { id: 'action:open-demo', title: 'Open the demo', group: 'Actions', keywords: 'simulator sample try', action: { type: 'open-demo' } });
  }

  return [...views, ...connections, ...actions];
}
