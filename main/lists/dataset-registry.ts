// The datasets of every connection, and the change notices that tell open views to re-query their window.
import type { ListChange, StreamBatch } from '../contract';
import type { StreamFactory } from '../streams/subscription-registry';
import { ListDataset, type DatasetShape } from './list-dataset';

type Listener = (change: ListChange) => void;

/** Batches notices per subscriber so a burst of 1,000 events/s becomes a few messages a second. */
const CHANGE_BATCH_MS = 100;

export class DatasetRegistry {
  private readonly datasets = new Map<string, ListDataset<unknown>>();
  private readonly listeners = new Map<string, Set<Listener>>();
  /** Sees every change of every connection (the offline cache snapshots datasets from here). */
  private readonly observers = new Set<(connectionId: string, resource: string) => void>();

  private key(connectionId: string, resource: string): string {
    return `${connectionId}\u0000${resource}`;
  }

  /** The dataset for (connection, resource), created empty on first use. */
  dataset<Row>(connectionId: string, resource: string, shape: DatasetShape<Row>): ListDataset<Row> {
    const key = this.key(connectionId, resource);
    let dataset = this.datasets.get(key) as ListDataset<Row> | undefined;
    if (!dataset) {
      dataset = new ListDataset(shape);
      this.datasets.set(key, dataset as ListDataset<unknown>);
    }
    return dataset;
  }

  existing<Row>(connectionId: string, resource: string): ListDataset<Row> | undefined {
    return this.datasets.get(this.key(connectionId, resource)) as ListDataset<Row> | undefined;
  }

  /** Drops every dataset of a connection (removed, or its settings changed). */
  forget(connectionId: string): void {
    for (const key of [...this.datasets.keys()]) if (key.startsWith(`${connectionId}\u0000`)) this.datasets.delete(key);
  }

  notify(connectionId: string, resource: string, ids?: string[]): void {
    const dataset = this.datasets.get(this.key(connectionId, resource));
    const change: ListChange = { connectionId, resource, version: dataset?.version ?? 0, ...(ids ? { ids } : {}) };
    for (const listener of this.listeners.get(connectionId) ?? []) listener(change);
    for (const observer of this.observers) observer(connectionId, resource);
  }

  observe(observer: (connectionId: string, resource: string) => void): () => void {
    this.observers.add(observer);
    return () => this.observers.delete(observer);
  }

  listen(connectionId: string, listener: Listener): () => void {
    let set = this.listeners.get(connectionId);
    if (!set) this.listeners.set(connectionId, (set = new Set()));
    set.add(listener);
    return () => set!.delete(listener);
  }

  /**
   * The `lists.changes` stream: change notices for one connection, coalesced per resource within a short window.
   * `status` reports the live state of that connection's upstream, supplied by `liveStatus`.
   */
  changesStream(liveStatus: (connectionId: string) => { status: StreamBatch<unknown>['status']; message?: string; subscribe(onStatus: () => void): () => void }): StreamFactory {
    return (params, emit, subscriptionId) => {
      const { connectionId } = params as { connectionId: string };
      const pending = new Map<string, ListChange>();
      let timer: NodeJS.Timeout | null = null;
      const live = liveStatus(connectionId);
      const flush = () => {
        timer = null;
        const items = [...pending.values()];
        pending.clear();
        emit({ subscriptionId, status: live.status, items, dropped: 0, malformed: 0, ...(live.message ? { message: live.message } : {}) });
      };
      const stopChanges = this.listen(connectionId, (change) => {
        const previous = pending.get(change.resource);
        const ids = previous?.ids && change.ids ? [...new Set([...previous.ids, ...change.ids])].slice(0, 500) : undefined;
        pending.set(change.resource, { ...change, ...(ids ? { ids } : {}) });
        timer ??= setTimeout(flush, CHANGE_BATCH_MS);
      });
      const stopStatus = live.subscribe(() => {
        if (!timer) timer = setTimeout(flush, 0);
      });
      emit({ subscriptionId, status: live.status, items: [], dropped: 0, malformed: 0 });
      return {
        close: () => {
          stopChanges();
          stopStatus();
          if (timer) clearTimeout(timer);
        },
      };
    };
  }
}
