// Runs one job action from a dialog: busy while it runs, the failure kept for the dialog to show in place, a
// success message and the dialog closed when it worked. Actions are never retried here (writes can act twice).
import { ref, watch } from 'vue';
import { feedback } from '@/composables/feedback';

/**
 * With `opened` (the dialog's `show`), every opening starts clean: `prepare` resets the form, then the last
 * failure and busy state are cleared, so a dialog never shows the error of an earlier attempt.
 */
export function useJobAction(opened?: () => boolean, prepare?: () => void) {
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

  if (opened) {
    watch(opened, (open) => {
      if (!open) return;
      prepare?.();
      reset();
    });
  }

  return { busy, error, run, reset };
}
