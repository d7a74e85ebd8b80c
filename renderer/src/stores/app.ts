// App-level facts (mode, version, keychain) and the notices the host raised, e.g. "no OS keychain".
import { defineStore } from 'pinia';
import { ref } from 'vue';
import type { AppInfo, Notice } from '../../../main/contract';
import { call } from '@/bridge';
import { feedback } from '@/composables/feedback';

export const useAppStore = defineStore('app', () => {
  const info = ref<AppInfo | null>(null);
  const notices = ref<Notice[]>([]);
  const loadError = ref<unknown>(null);

  async function load(): Promise<void> {
    loadError.value = null;
    try {
      const [nextInfo, nextNotices] = await Promise.all([call('app.info', {}), call('app.notices', {})]);
      info.value = nextInfo;
      notices.value = nextNotices;
    } catch (error) {
      loadError.value = error;
      feedback.error('Loading app information', error);
    }
  }

  async function refreshNotices(): Promise<void> {
    try {
      notices.value = await call('app.notices', {});
    } catch (error) {
      feedback.error('Loading notices', error);
    }
  }

  async function dismiss(id: string): Promise<void> {
    const before = notices.value;
    // Hide at once; put it back if the host refuses, so the notice is not silently lost.
    notices.value = before.filter((n) => n.id !== id);
    try {
      await call('app.dismissNotice', { id });
    } catch (error) {
      notices.value = before;
      feedback.error('Dismissing the notice', error);
    }
  }

  return { info, notices, loadError, load, refreshNotices, dismiss };
});
