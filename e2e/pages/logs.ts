// Page object for the task-log tabs and the shared log viewer (renderer/TESTIDS.md, "Logs").
import { expect, type Locator, type Page } from '@playwright/test';
import type { AppSession } from '../support/app';

export interface RunningTask {
  allocId: string;
  task: string;
}

/** Running allocations with their task names, read through the app's own bridge. */
export async function runningTasks(app: AppSession, count: number): Promise<RunningTask[]> {
  const connectionId = app.ids.cluster!;
  const query = () =>
    app.invoke<{ rows: Array<{ ID: string }> }>('allocations.query', {
      connectionId,
      namespace: '*',
      facets: { ClientStatus: ['running'] },
      offset: 0,
      limit: count * 4,
    });
  // The dataset fills in main after the connection opens: wait for its first rows.
  await expect.poll(async () => (await query()).rows.length, { timeout: 30_000 }).toBeGreaterThanOrEqual(count);
  const window = await query();
  const found: RunningTask[] = [];
  for (const row of window.rows) {
    const alloc = await app.invoke<{ value: { TaskStates: Record<string, unknown> | null } }>('allocations.read', { connectionId, allocId: row.ID });
    const task = Object.keys(alloc.value.TaskStates ?? {}).sort()[0];
    if (task) found.push({ allocId: row.ID, task });
    if (found.length === count) break;
  }
  return found;
}

export class LogViewerPage {
  constructor(readonly root: Locator) {}

  get status(): Locator {
    return this.root.getByTestId('log-status');
  }
  get rows(): Locator {
    return this.root.locator('.xterm-rows');
  }
  async lineCount(): Promise<number> {
    return Number(await this.root.getAttribute('data-lines'));
  }
  async expectLive(): Promise<void> {
    await expect(this.status).toHaveAttribute('data-status', 'live');
  }
  /** Waits until the viewer holds more than `n` lines. */
  async expectMoreLinesThan(n: number): Promise<void> {
    await expect.poll(() => this.lineCount(), { timeout: 20_000 }).toBeGreaterThan(n);
  }
}

export class LogsPage {
  constructor(readonly page: Page) {}

  async open(app: AppSession, task: RunningTask, type: 'stdout' | 'stderr' = 'stdout'): Promise<void> {
    await app.goto(`#/logs/${task.allocId}?task=${encodeURIComponent(task.task)}&type=${type}`);
  }
  tab(task: RunningTask): Locator {
    return this.page.getByTestId(`logs-tab-${task.allocId.slice(0, 8)}-${task.task}`);
  }
  /** The visible task-log panel (hidden tabs stay mounted). */
  get panel(): Locator {
    return this.page.locator('[data-testid="task-log"]:visible');
  }
  get viewer(): LogViewerPage {
    return new LogViewerPage(this.panel.getByTestId('log-viewer'));
  }
}
