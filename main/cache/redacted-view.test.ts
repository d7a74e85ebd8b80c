// The cache's copy-on-write redaction must give exactly redactPayload's result, while sharing clean parts.
import { describe, expect, it } from 'vitest';
import { REDACTED, redactPayload, redactedView } from '../redaction/redact-payload';

const sample = {
  ID: 'web',
  SecretsToken: 'e1f2-secret',
  TaskGroups: [{ Name: 'g', Tasks: [{ Config: { image: 'nginx', vault_token: 'hvs.abc', auth: { password: 'p' } } }] }],
  Meta: null,
  Datacenters: ['dc1'],
  Stop: false,
  MeshToken: '',
};

describe('redactedView', () => {
  it('equals redactPayload on nested secrets, empty and boolean values', () => {
    expect(redactedView(sample)).toEqual(redactPayload(sample));
    expect(redactedView(sample).SecretsToken).toBe(REDACTED);
    expect(redactedView(sample).MeshToken).toBe('');
    expect(sample.SecretsToken).toBe('e1f2-secret'); // the input is never changed
  });

  it('shares rows without secrets instead of copying them', () => {
    const rows = [{ ID: 'a', Status: 'running' }, { ID: 'b', SecretID: 'node-secret' }];
    const view = redactedView(rows);
    expect(view).not.toBe(rows);
    expect(view[0]).toBe(rows[0]);
    expect(view[1]).toEqual({ ID: 'b', SecretID: REDACTED });
    const clean = [{ ID: 'x' }];
    expect(redactedView(clean)).toBe(clean);
  });
});
