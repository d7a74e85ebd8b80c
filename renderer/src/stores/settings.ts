// Preferences persisted by the host (settings.get / settings.update): theme and sidebar state.
import { defineStore } from 'pinia';
import { ref } from 'vue';
import type { AppSettings, ThemePreference } from '../../../main/contract';
import { call } from '@/bridge';
import { feedback } from '@/composables/feedback';

export const THEME_PREFERENCES: readonly ThemePreference[] = ['system', 'light', 'dark'];

export const useSettingsStore = defineStore('settings', () => {
  const theme = ref<ThemePreference>('system');
  const sidebarCollapsed = ref(false);
  const loaded = ref(false);

  function apply(settings: AppSettings): void {
    theme.value = settings.theme;
    sidebarCollapsed.value = settings.sidebarCollapsed;
    loaded.value = true;
  }

  async function load(): Promise<void> {
    try {
      apply(await call('settings.get', {}));
    } catch (error) {
      feedback.error('Loading settings', error);
    }
  }

  /** Applies at once (the UI must not lag behind a click), then persists; reverts if the host refuses. */
  async function update(patch: Partial<AppSettings>): Promise<void> {
    const before: AppSettings = { theme: theme.value, sidebarCollapsed: sidebarCollapsed.value };
    apply({ ...before, ...patch });
    try {
      apply(await call('settings.update', patch));
    } catch (error) {
      apply(before);
      feedback.error('Saving settings', error);
    }
  }

  function setTheme(next: ThemePreference): Promise<void> {
    return update({ theme: next });
  }

  function setSidebarCollapsed(next: boolean): Promise<void> {
    return update({ sidebarCollapsed: next });
  }

  return { theme, sidebarCollapsed, loaded, load, setTheme, setSidebarCollapsed };
});
