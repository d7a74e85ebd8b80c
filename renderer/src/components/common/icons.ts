// A few inline SVG icons (no icon package is installed). Each is a component usable inside NIcon.
import { h, type FunctionalComponent } from 'vue';

function icon(paths: string[], name: string): FunctionalComponent {
  const component: FunctionalComponent = () =>
    h(
      'svg',
      { xmlns: 'http://www.w3.org/2000/svg', viewBox: '0 0 24 24', fill: 'none', stroke: 'currentColor', 'stroke-width': 2, 'stroke-linecap': 'round', 'stroke-linejoin': 'round' },
      paths.map((d) => h('path', { d })),
    );
  component.displayName = name;
  return component;
}

/** Three linked nodes: a cluster of machines. */
export const ClusterIcon = icon(['M12 3l7 4v10l-7 4-7-4V7z', 'M12 12l7-5', 'M12 12v9', 'M12 12L5 7'], 'ClusterIcon');
/** Stacked layers: an organization's workspaces. */
export const WorkspaceIcon = icon(['M12 3l9 5-9 5-9-5z', 'M3 13l9 5 9-5', 'M3 17.5l9 5 9-5'], 'WorkspaceIcon');
export const PlugIcon = icon(['M9 2v6', 'M15 2v6', 'M6 8h12v4a6 6 0 0 1-12 0z', 'M12 18v4'], 'PlugIcon');
export const FolderIcon = icon(['M3 6h6l2 2h10v11H3z'], 'FolderIcon');
export const BriefcaseIcon = icon(['M3 7h18v13H3z', 'M8 7V4h8v3', 'M3 13h18'], 'BriefcaseIcon');
export const ListIcon = icon(['M8 6h13', 'M8 12h13', 'M8 18h13', 'M3 6h.01', 'M3 12h.01', 'M3 18h.01'], 'ListIcon');
export const BoxIcon = icon(['M21 8l-9-5-9 5 9 5z', 'M3 8v8l9 5 9-5V8', 'M12 13v8'], 'BoxIcon');
export const ServerIcon = icon(['M3 4h18v6H3z', 'M3 14h18v6H3z', 'M7 7h.01', 'M7 17h.01'], 'ServerIcon');
export const PulseIcon = icon(['M3 12h4l3-8 4 16 3-8h4'], 'PulseIcon');
export const TerminalIcon = icon(['M4 17l6-5-6-5', 'M12 19h8'], 'TerminalIcon');
export const SearchIcon = icon(['M11 18a7 7 0 1 0 0-14 7 7 0 0 0 0 14z', 'M21 21l-5-5'], 'SearchIcon');
export const KeyboardIcon = icon(['M2 6h20v12H2z', 'M6 10h.01', 'M10 10h.01', 'M14 10h.01', 'M18 10h.01', 'M7 14h10'], 'KeyboardIcon');
export const SunIcon = icon(['M12 17a5 5 0 1 0 0-10 5 5 0 0 0 0 10z', 'M12 1v2', 'M12 21v2', 'M4.2 4.2l1.4 1.4', 'M18.4 18.4l1.4 1.4', 'M1 12h2', 'M21 12h2', 'M4.2 19.8l1.4-1.4', 'M18.4 5.6l1.4-1.4'], 'SunIcon');
export const MoonIcon = icon(['M21 12.8A9 9 0 1 1 11.2 3a7 7 0 0 0 9.8 9.8z'], 'MoonIcon');
export const WarningIcon = icon(['M12 3l10 18H2z', 'M12 10v4', 'M12 18h.01'], 'WarningIcon');
export const CheckIcon = icon(['M5 12l5 5L20 7'], 'CheckIcon');
export const CrossIcon = icon(['M6 6l12 12', 'M18 6L6 18'], 'CrossIcon');
export const DashIcon = icon(['M6 12h12'], 'DashIcon');
export const KeyIcon = icon(['M15 7a4 4 0 1 1-3.9 5H3v3h3v3h3v-3h2.1A4 4 0 0 1 15 7z'], 'KeyIcon');
