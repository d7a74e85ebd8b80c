// redactPayloadInPlace (the event stream's hot path) must redact exactly what redactPayload redacts.
import { describe, expect, it } from 'vitest';
import { REDACTED, redactPayload, redactPayloadInPlace } from './redact-payload';

const sample = () => ({
  Node: { ID: 'n1', SecretID: 'abc', Meta: { vault_token: 'x', note: 'keep', empty_secret: '' }, Drivers: [{ password: 'p', Healthy: true }], TLSEnabled: false },
  Job: { SecretsToken: 's', MeshToken: null, TaskGroups: [{ Tasks: [{ Config: { private_key: 'k', image: 'nginx' } }] }] },
  list: ['SecretID', { token: 7 }],
});

describe('redactPayloadInPlace', () => {
  it('redacts the same fields as redactPayload, in the object itself', () => {
    const copy = redactPayload(sample());
    const value = sample();
    const same = redactPayloadInPlace(value);
    expect(same).toBe(value);
    expect(value).toEqual(copy);
    expect(value.Node.SecretID).toBe(REDACTED);
    expect(value.Node.Meta).toEqual({ vault_token: REDACTED, note: 'keep', empty_secret: '' });
    expect(value.Job.MeshToken).toBeNull(); // "not set" stays visible as such
    expect(value.list).toEqual(['SecretID', { token: REDACTED }]);
  });
});
