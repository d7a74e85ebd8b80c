// Which app-wide overlays are open. Module-level state: the palette, the shortcuts and the sidebar all toggle them.
import { ref } from 'vue';

export const paletteOpen = ref(false);
export const helpOpen = ref(false);

export function openPalette(): void {
  helpOpen.value = false;
  paletteOpen.value = true;
}

export function toggleHelp(): void {
  paletteOpen.value = false;
  helpOpen.value = !helpOpen.value;
}
