// What the palette offers: every view, every other connection to switch to, and the app actions.
import { describe, expect, it } from 'vitest';
import type { ConnectionSummary } from '../../../../main/contract';
import { VIEWS } from '@/router/views';
import { buildCommands } from './commands';

function summary(id: string, name: string, kind: 'cluster' | 'workspace'): ConnectionSummary {
  const base = { id, name, createdAt: '', updatedAt: '' };
  const profile =
    kind === 'cluster'
      ? { ...base, kind, address: 'https://c', namespace: 'default', tls: { skipVerify: false } }
      : { ...base, kind, baseUrl: 'https://w', organization: 'acme' };
  return { profile, hasToken: true, health: 'unknown' };
}

const connections = [summary('a', 'prod', 'cluster'), summary('b', 'acme', 'workspace')];

describe('buildCommands', () => {
  it('offers every view', () => {
    const ids = buildCommands({ views: VIEWS, connections, activeId: null, demoAvailable: false }).map((c) => c.id);
    for (const view of VIEWS) expect(ids).toContain(`view:${view.name}`);
  });

  it('offers switching to every connection but the active one', () => {
    const commands = buildCommands({ views: VIEWS, connections, activeId: 'a', demoAvailable: false });
    const switches = commands.filter((c) => c.action.type === 'switch');
    expect(switches.map((c) => c.title)).toEqual(['Switch to acme']);
  });

  it('offers the demo only when the host can run it', () => {
    const without = buildCommands({ views: VIEWS, connections, activeId: null, demoAvailable: false });
    const withDemo = buildCommands({ views: VIEWS, connections, activeId: null, demoAvailable: true });
    expect(without.some((c) => c.action.type === 'open-demo')).toBe(false);
    expect(withDemo.some((c) => c.action.type === 'open-demo')).toBe(true);
  });

  it('always offers adding a connection and toggling the theme', () => {
    const types = buildCommands({ views: VIEWS, connections: [], activeId: null, demoAvailable: false }).map((c) => c.action.type);
    expect(types).toContain('add-connection');
    expect(types).toContain('toggle-theme');
  });

  it('gives every command a unique id (used as the list key and test id)', () => {
    const ids = buildCommands({ views: VIEWS, connections, activeId: null, demoAvailable: true }).map((c) => c.id);
    expect(new Set(ids).size).toBe(ids.length);
  });
});
