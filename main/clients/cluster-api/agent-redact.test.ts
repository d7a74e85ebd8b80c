// Redaction of agent documents: CamelCase credential keys the shared pattern misses, URL passwords, and copies of a
// redacted value elsewhere in the document (design.md, invariant 2).
import { describe, expect, it } from 'vitest';
import { isCredentialKey, redactAgentDocument } from './agent-redact';

describe('isCredentialKey', () => {
  it.each(['Token', 'ReplicationToken', 'CirconusAPIToken', 'EncryptKey', 'Auth', 'DB_PASSWORD', 'client_secret', 'SigningKey', 'GITHUB_TOKEN'])('%s is a credential', (key) => {
    expect(isCredentialKey(key)).toBe(true);
  });

  it.each(['TokenTTL', 'KeyFile', 'CAFile', 'AuthoritativeRegion', 'AllowUnauthenticated', 'Key', 'known_servers', 'encrypted', 'Addr'])('%s is not', (key) => {
    expect(isCredentialKey(key)).toBe(false);
  });
});

describe('redactAgentDocument', () => {
  const secret = 'hvs.0123456789abcdefABCDEF';

  it('replaces credentials at any depth, keeps empty values visible as unset, and leaves the rest alone', () => {
    const out = redactAgentDocument({
      Vault: { Token: secret, Addr: 'https://vault:8200', TokenTTL: 30 },
      ACL: { ReplicationToken: 'c0ffee00-1111-2222-3333-444455556666', Enabled: true },
      Consul: { Auth: 'agent:hunter22', Token: '' },
      Consuls: [{ Name: 'default', Token: 'abcdef0123456789' }],
    });
    expect(out).toEqual({
      Vault: { Token: '<redacted>', Addr: 'https://vault:8200', TokenTTL: 30 },
      ACL: { ReplicationToken: '<redacted>', Enabled: true },
      Consul: { Auth: '<redacted>', Token: '' },
      Consuls: [{ Name: 'default', Token: '<redacted>' }],
    });
  });

  it('removes a redacted value wherever else it appears, and passwords inside URLs', () => {
    const out = redactAgentDocument({
      Vault: { Token: secret },
      Telemetry: { Command: `vault login ${secret}` },
      Env: { DATABASE_URL: 'postgres://app:s3cr3t-pw@db:5432/app', HOME_URL: 'https://example.com/a:b@c' },
    });
    expect(JSON.stringify(out)).not.toContain(secret);
    expect(out.Telemetry.Command).toBe('vault login <redacted>');
    expect(out.Env.DATABASE_URL).toBe('postgres://app:<redacted>@db:5432/app');
    expect(out.Env.HOME_URL).toBe('https://example.com/a:b@c');
  });
});
