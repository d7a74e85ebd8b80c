// Open task-log tabs: one per (connection, allocation, task), in the order they were opened, and the active one.
// The logs view mirrors the active tab in its route (/logs/:allocId?task=&type=), so links open or focus a tab.
import { defineStore } from 'pinia';
import { computed, ref } from 'vue';

export type LogType = 'stdout' | 'stderr';

export interface LogTab {
  id: string;
  connectionId: string;
  allocId: string;
  /** Empty until the allocation's tasks are known (a link without `task` picks the first). */
  task: string;
  type: LogType;
}

/** At most this many tabs stay open; opening one more closes the oldest (each holds a live stream). */
export const MAX_LOG_TABS = 8;

let nextId = 1;

export const useLogsStore = defineStore('logs', () => {
  const tabs = ref<LogTab[]>([]);
  const activeId = ref<string | null>(null);
  const active = computed(() => tabs.value.find((t) => t.id === activeId.value) ?? null);

  function find(connectionId: string, allocId: string, task: string): LogTab | undefined {
    return tabs.value.find((t) => t.connectionId === connectionId && t.allocId === allocId && (t.task === task || task === '' || t.task === ''));
  }

  /** Focuses the tab for this allocation and task, opening it when there is none. */
  function open(connectionId: string, allocId: string, task = '', type: LogType = 'stdout'): LogTab {
    const existing = find(connectionId, allocId, task);
    if (existing) {
      if (task !== '' && existing.task === '') existing.task = task;
      if (task !== '' || existing.task === '') existing.type = type;
      activeId.value = existing.id;
      return existing;
    }
    const tab: LogTab = { id: `log-${nextId++}`, connectionId, allocId, task, type };
    tabs.value = [...tabs.value, tab].slice(-MAX_LOG_TABS);
    activeId.value = tab.id;
    return tab;
  }

  function update(id: string, patch: Partial<Pick<LogTab, 'task' | 'type'>>): void {
    const tab = tabs.value.find((t) => t.id === id);
    if (tab) Object.assign(tab, patch);
  }

  function close(id: string): void {
    const index = tabs.value.findIndex((t) => t.id === id);
    if (index === -1) return;
    tabs.value = tabs.value.filter((t) => t.id !== id);
    if (activeId.value === id) activeId.value = tabs.value[Math.min(index, tabs.value.length - 1)]?.id ?? null;
  }

  function activate(id: string): void {
    if (tabs.value.some((t) => t.id === id)) activeId.value = id;
  }

  return { tabs, activeId, active, open, update, close, activate };
});
