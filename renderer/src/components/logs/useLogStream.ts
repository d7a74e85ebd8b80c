// Connects a log stream (`logs.agent` or `logs.alloc`) to a LogViewer: feeds its chunks in, and keeps the status,
// reason, dropped and malformed counts the viewer shows. One subscription at a time; stop() on unmount.
import { computed, onBeforeUnmount, ref, type Ref } from 'vue';
import type { LogChunk, StreamBatch, StreamStatus } from '../../../../main/contract';

export interface LogSink {
  append(text: string, receivedAt?: number): void;
  flush(): void;
}

export type StartLogStream = (onBatch: (batch: StreamBatch<LogChunk>) => void) => () => void;

export function useLogStream(sink: Readonly<Ref<LogSink | null>>, hooks: { onChunk?: (chunk: LogChunk) => void } = {}) {
  const status = ref<StreamStatus | 'idle'>('idle');
  const message = ref('');
  const dropped = ref(0);
  const malformed = ref(0);
  let stop: (() => void) | null = null;

  function onBatch(batch: StreamBatch<LogChunk>): void {
    status.value = batch.status;
    message.value = batch.message ?? '';
    dropped.value += batch.dropped;
    malformed.value += batch.malformed;
    const now = Date.now();
    for (const chunk of batch.items) {
      hooks.onChunk?.(chunk);
      sink.value?.append(chunk.text, now);
    }
    if (batch.status === 'ended') sink.value?.flush();
  }

  function start(open: StartLogStream): void {
    close();
    status.value = 'connecting';
    message.value = '';
    dropped.value = 0;
    malformed.value = 0;
    try {
      stop = open(onBatch);
    } catch (error) {
      status.value = 'offline';
      message.value = error instanceof Error ? error.message : String(error);
    }
  }

  function close(): void {
    stop?.();
    stop = null;
  }

  /** The LogViewer's stream props in one object: `<LogViewer v-bind="stream.viewerState.value" …>`. */
  const viewerState = computed(() => ({ status: status.value, statusMessage: message.value, dropped: dropped.value, malformed: malformed.value }));

  onBeforeUnmount(close);
  return { status, message, dropped, malformed, viewerState, start, close };
}
