// The open object of a detail page held in a store (an allocation, a node): the last answer, loading and failure,
// where only the newest read may write (a slow answer for an earlier id never replaces a later one) and a quiet
// live refresh keeps the page as it is, also when it fails (the freshness tag says the answer is the last known).
import { ref, shallowRef } from 'vue';
import type { Fetched } from '../../../main/contract';

export function useDetailRead<T>(idOf: (value: T) => string) {
  const current = shallowRef<Fetched<T> | null>(null);
  const loading = ref(false);
  const loadError = ref<unknown>(null);
  let latest = 0;

  /** Starts a read; the answer says whether a newer read started since (what this one got must then be dropped). */
  function begin(): () => boolean {
    const mine = ++latest;
    return () => mine !== latest;
  }

  /** Reads the object `id` with `fetch`; `quiet` keeps the page as it is (no spinner, no error over a shown object). */
  async function load(id: string, fetch: () => Promise<Fetched<T>>, quiet = false, stale = begin()): Promise<void> {
    if (!quiet) {
      loading.value = true;
      if (current.value && idOf(current.value.value) !== id) current.value = null;
    }
    try {
      const answer = await fetch();
      if (stale()) return;
      current.value = answer;
      loadError.value = null;
    } catch (error) {
      if (stale()) return;
      if (!quiet || !current.value) loadError.value = error;
    } finally {
      if (!stale()) loading.value = false;
    }
  }

  return { current, loading, loadError, begin, load };
}
