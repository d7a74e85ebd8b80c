// Reads a stretch of a task log once (follow=false, origin=start): the backwards fetch behind "load earlier".
// It rides the same `logs.alloc` stream as the live view and resolves with the text once the read has ended.
import type { AllocLogParams } from '../../../../main/contract';
import { subscribe } from '@/bridge';

export function readTaskLogFrom(params: Omit<AllocLogParams, 'follow' | 'origin' | 'offset'>, from: number): Promise<string> {
  return new Promise((resolve, reject) => {
    let text = '';
    let done = false;
    let stop: (() => void) | null = null;
    const finish = (error?: Error): void => {
      if (done) return;
      done = true;
      // The batch callback may run before subscribe() returned its stop function.
      queueMicrotask(() => stop?.());
      if (error) reject(error);
      else resolve(text);
    };
    stop = subscribe('logs.alloc', { ...params, follow: false, origin: 'start', offset: from }, (batch) => {
      for (const chunk of batch.items) text += chunk.text;
      if (batch.status === 'ended') finish();
      else if (batch.status === 'offline') finish(new Error(batch.message ?? 'the log stream went offline'));
    });
    if (done) stop();
  });
}
