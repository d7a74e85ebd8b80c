// Runs "Import from environment" for a page, keeping its outcome (or failure) for display in place.
import { ref } from 'vue';
import type { EnvImportResult } from '../../../../main/contract';
import { describeError } from '@/bridge';
import { useConnectionsStore } from '@/stores/connections';

export function useEnvImport() {
  const connections = useConnectionsStore();
  const result = ref<EnvImportResult | null>(null);
  const error = ref<string | null>(null);
  const importing = ref(false);

  async function run(): Promise<void> {
    importing.value = true;
    error.value = null;
    result.value = null;
    try {
      result.value = await connections.importFromEnv();
    } catch (failure) {
      error.value = `Import from environment failed: ${describeError(failure)}`;
    } finally {
      importing.value = false;
    }
  }

  function clear(): void {
    result.value = null;
    error.value = null;
  }

  return { result, error, importing, run, clear };
}
