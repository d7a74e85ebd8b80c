// Runs one job action from a dialog: busy while it runs, the failure kept for the dialog to show in place, a
// success message and the dialog closed when it worked. Actions are never retried here (writes can act twice).
import { ref } from 'vue';
import { feedback } from '@/composables/feedback';

export function useJobAction() {
  const busy = ref(false);
  const error = ref<unknown>(null);

  /** Runs `action`; on success shows `success(result)` and returns true. */
  async function run<T>(action: () => Promise<T>, success: (result: T) => string): Promise<boolean> {
    busy.value = true;
    error.value = null;
    try {
      const result = await action();
      feedback.success(success(result));
      return true;
    } catch (failure) {
      error.value = failure;
      return false;
    } finally {
      busy.value = false;
    }
  }

  function reset(): void {
    error.value = null;
    busy.value = false;
  }

  return { busy, error, run, reset };
}
