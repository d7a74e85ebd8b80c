// The actions both the keyboard shortcuts and the command palette trigger, defined once.
import { useRouter } from 'vue-router';
import type { ShortcutAction } from '@/keyboard/shortcuts';
import type { ViewName } from '@/router/views';
import { useConnectionsStore } from '@/stores/connections';
import { useTheme } from './useTheme';
import { helpOpen, openPalette, paletteOpen, toggleHelp } from './overlays';
import { openCreateConnection } from '@/views/connections/editor';

export function useAppActions() {
  const router = useRouter();
  const connections = useConnectionsStore();
  const theme = useTheme();

  function closeOverlays(): void {
    paletteOpen.value = false;
    helpOpen.value = false;
  }

  async function navigate(view: ViewName): Promise<void> {
    closeOverlays();
    await router.push({ name: view });
  }

  async function switchConnection(id: string): Promise<void> {
    closeOverlays();
    await connections.setActive(id);
  }

  function addConnection(): void {
    closeOverlays();
    openCreateConnection();
  }

  async function openDemo(): Promise<void> {
    closeOverlays();
    await connections.startDemo();
  }

  function runShortcut(action: ShortcutAction): void {
    switch (action.type) {
      case 'navigate':
        void navigate(action.view);
        break;
      case 'palette':
        openPalette();
        break;
      case 'help':
        toggleHelp();
        break;
      case 'connection':
        void connections.cycle(action.step);
        break;
      case 'theme':
        void theme.toggle();
        break;
    }
  }

  return { navigate, switchConnection, addConnection, openDemo, toggleTheme: theme.toggle, runShortcut };
}
