// The effective theme: the saved preference, where "system" follows the OS (prefers-color-scheme).
import { computed } from 'vue';
import { usePreferredDark } from '@vueuse/core';
import { darkTheme, type GlobalTheme } from 'naive-ui';
import { useSettingsStore } from '@/stores/settings';

export function useTheme() {
  const settings = useSettingsStore();
  const osPrefersDark = usePreferredDark();

  const isDark = computed(() => settings.theme === 'dark' || (settings.theme === 'system' && osPrefersDark.value));
  const naiveTheme = computed<GlobalTheme | null>(() => (isDark.value ? darkTheme : null));

  /** Flips what is shown now; the choice is saved as an explicit light/dark preference. */
  function toggle(): Promise<void> {
    return settings.setTheme(isDark.value ? 'light' : 'dark');
  }

  return { isDark, naiveTheme, toggle };
}
