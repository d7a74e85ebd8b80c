// The live indicator of one cluster connection (live / reconnecting / offline, with why), as the `lists.changes`
// stream reports it. It outlives the connection's clients, which are rebuilt when its settings or token change.
import type { StreamStatus } from '../contract';

export class LiveStatus {
  status: StreamStatus = 'connecting';
  message: string | undefined;
  private readonly listeners = new Set<() => void>();

  set(status: StreamStatus, message?: string): void {
    if (status === this.status && message === this.message) return;
    this.status = status;
    this.message = message;
    for (const listener of [...this.listeners]) listener();
  }

  subscribe(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  get watched(): boolean {
    return this.listeners.size > 0;
  }
}
