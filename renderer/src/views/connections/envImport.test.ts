// "Import from environment" explains itself: what was read, or that CLUSTER_ADDR must be set.
import { expect, it } from 'vitest';
import type { ConnectionSummary } from '../../../../main/contract';
import { explainEnvImport } from './envImport';

const connection: ConnectionSummary = {
  profile: { id: 'e', name: 'env-cluster', kind: 'cluster', address: 'https://c', namespace: 'default', tls: { skipVerify: false }, createdAt: '', updatedAt: '' },
  hasToken: true,
  health: 'unknown',
};

it('names the imported connection and the variables read', () => {
  const out = explainEnvImport({ found: true, connection, variables: ['CLUSTER_ADDR', 'CLUSTER_TOKEN', 'CLUSTER_NAMESPACE'] });
  expect(out.ok).toBe(true);
  expect(out.title).toContain('env-cluster');
  expect(out.message).toContain('CLUSTER_ADDR, CLUSTER_TOKEN and CLUSTER_NAMESPACE');
  expect(out.message).toContain('keychain');
});

it('tells the operator to set CLUSTER_ADDR when nothing was found', () => {
  const out = explainEnvImport({ found: false, variables: [] });
  expect(out.ok).toBe(false);
  expect(out.title).toContain('CLUSTER_ADDR');
  expect(out.message).toMatch(/Set CLUSTER_ADDR/);
});

it('mentions variables that were set without CLUSTER_ADDR', () => {
  const out = explainEnvImport({ found: false, variables: ['CLUSTER_TOKEN'] });
  expect(out.message).toContain('CLUSTER_TOKEN is set');
});
