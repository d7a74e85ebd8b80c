// Page object for the agent view (renderer/TESTIDS.md, "Agent").
import { expect, type Locator, type Page } from '@playwright/test';
import type { AppSession } from '../support/app';
import { LogViewerPage } from './logs';

export type AgentTab = 'members' | 'servers' | 'self' | 'health' | 'host' | 'schedulers' | 'join' | 'profiling' | 'monitor';

export class AgentPage {
  constructor(readonly page: Page) {}

  async open(app: AppSession, tab: AgentTab = 'members'): Promise<void> {
    await app.goto(`#/agent?tab=${tab}`);
    await expect(this.page.getByTestId('agent-view')).toBeVisible();
  }
  async tab(name: AgentTab): Promise<Locator> {
    await this.page.getByTestId(`agent-tab-${name}`).click();
    return this.page.getByTestId(`agent-${name}`);
  }
  member(name: string): Locator {
    return this.page.getByTestId(`member-row-${name}`);
  }
  get monitorViewer(): LogViewerPage {
    return new LogViewerPage(this.page.getByTestId('agent-monitor').getByTestId('log-viewer'));
  }
}

/** Calls a simulator admin route (sim/cluster/agent/README.md, Control). */
export async function simAdmin(app: AppSession, route: string, body: unknown): Promise<void> {
  const res = await fetch(`${app.sim.url}/_sim/agent/${route}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  if (!res.ok) throw new Error(`sim admin ${route} answered ${res.status}: ${await res.text()}`);
}
