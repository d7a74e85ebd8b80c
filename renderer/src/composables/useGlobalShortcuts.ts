// Listens for the shortcut table's keys on the window and runs their actions.
import { useEventListener } from '@vueuse/core';
import { SHORTCUTS } from '@/keyboard/shortcuts';
import { isTypingTarget, ShortcutMatcher, strokeOf } from '@/keyboard/matcher';
import { paletteOpen } from './overlays';
import { useAppActions } from './useAppActions';

export function useGlobalShortcuts(): void {
  const { runShortcut } = useAppActions();
  const matcher = new ShortcutMatcher(SHORTCUTS);

  useEventListener(window, 'keydown', (event: KeyboardEvent) => {
    if (event.defaultPrevented || event.isComposing) return;
    const stroke = strokeOf(event);
    if (!stroke) return;
    // The open palette owns the keyboard (arrows, Enter, Esc); only its own chord reaches the table.
    if (paletteOpen.value && stroke !== 'mod+k') return;
    const outcome = matcher.press(stroke, event.timeStamp, isTypingTarget(event.target));
    if (outcome.pending) {
      event.preventDefault();
      return;
    }
    if (!outcome.shortcut) return;
    event.preventDefault();
    runShortcut(outcome.shortcut.action);
  });
}
