// Notices the host wants a person to see (keychain missing, settings set aside, cache entries dropped...).
import { randomUUID } from 'node:crypto';
import type { Notice } from '../contract';

export class NoticeBoard {
  private readonly notices: Notice[] = [];

  add(level: Notice['level'], title: string, message: string): Notice {
    const notice: Notice = { id: randomUUID(), level, title, message, createdAt: new Date().toISOString() };
    this.notices.push(notice);
    if (this.notices.length > 50) this.notices.shift(); // bounded: a flapping cause must not grow this forever
    return notice;
  }

  list(): Notice[] {
    return [...this.notices];
  }

  dismiss(id: string): void {
    const index = this.notices.findIndex((notice) => notice.id === id);
    if (index >= 0) this.notices.splice(index, 1);
  }
}
