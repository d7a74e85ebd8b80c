// Message and notification APIs usable from stores (Tiny RDM style). FeedbackInstaller.vue registers naive-ui's
// APIs once the providers exist; until then (and in unit tests) messages go to the console.
import type { MessageApi, NotificationApi } from 'naive-ui';
import { describeError } from '@/bridge';

interface FeedbackApis {
  message: MessageApi;
  notification: NotificationApi;
}

let apis: FeedbackApis | null = null;

export function installFeedback(next: FeedbackApis | null): void {
  apis = next;
}

export const feedback = {
  success(text: string): void {
    if (apis) apis.message.success(text);
    else console.info(text);
  },
  info(text: string): void {
    if (apis) apis.message.info(text);
    else console.info(text);
  },
  warning(text: string): void {
    if (apis) apis.message.warning(text, { duration: 6000 });
    else console.warn(text);
  },
  /** An action failed: a notification that stays until read, titled with what was being done. */
  error(action: string, error: unknown): void {
    const content = describeError(error);
    if (apis) apis.notification.error({ title: `${action} failed`, content, duration: 10000, keepAliveOnHover: true });
    else console.error(`${action} failed: ${content}`);
  },
};
