import { beforeEach, describe, expect, it } from 'vitest';
import { createPinia, setActivePinia } from 'pinia';
import { MAX_LOG_TABS, useLogsStore } from './logs';

describe('log tabs', () => {
  beforeEach(() => setActivePinia(createPinia()));

  it('opens a tab per allocation and task and focuses an existing one instead of duplicating it', () => {
    const logs = useLogsStore();
    const web = logs.open('c1', 'a1', 'web');
    logs.open('c1', 'a1', 'sidecar');
    expect(logs.tabs).toHaveLength(2);
    logs.open('c1', 'a1', 'web', 'stderr');
    expect(logs.tabs).toHaveLength(2);
    expect(logs.activeId).toBe(web.id);
    expect(logs.active?.type).toBe('stderr');
  });

  it('lets a link without a task reuse the allocation’s tab', () => {
    const logs = useLogsStore();
    const tab = logs.open('c1', 'a1', 'web');
    expect(logs.open('c1', 'a1').id).toBe(tab.id);
    expect(logs.active?.task).toBe('web');
  });

  it('keeps tabs of the same allocation on different connections apart', () => {
    const logs = useLogsStore();
    logs.open('c1', 'a1', 'web');
    logs.open('c2', 'a1', 'web');
    expect(logs.tabs).toHaveLength(2);
  });

  it('closes the oldest tab past the limit, and focuses a neighbour when the active tab closes', () => {
    const logs = useLogsStore();
    for (let i = 0; i <= MAX_LOG_TABS; i++) logs.open('c1', `a${i}`, 'web');
    expect(logs.tabs).toHaveLength(MAX_LOG_TABS);
    expect(logs.tabs[0].allocId).toBe('a1');
    const last = logs.tabs.at(-1)!;
    logs.close(last.id);
    expect(logs.activeId).toBe(logs.tabs.at(-1)!.id);
  });
});
