// Tokens go to the real OS keychain (Secret Service); without one they stay in memory, with a reason.
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { SecretScrubber } from '../redaction/secret-scrubber';
import { openTokenVault } from './token-vault';

const service = `Quarterdeck-test-${randomUUID()}`;

describe('token vault', () => {
  it('stores, reads, replaces and deletes a token in the OS keychain', async () => {
    const vault = await openTokenVault({ scrubber: new SecretScrubber(), service });
    expect(vault.storage).toBe('keychain');
    const id = randomUUID();
    expect(await vault.has(id)).toBe(false);
    await vault.set(id, 'first-token-value');
    expect(await vault.get(id)).toBe('first-token-value');
    await vault.set(id, 'second-token-value');
    expect(await vault.get(id)).toBe('second-token-value');
    await vault.delete(id);
    expect(await vault.has(id)).toBe(false);
  });

  it('falls back to memory with an explanation when the keychain cannot load', async () => {
    const vault = await openTokenVault({
      scrubber: new SecretScrubber(),
      loadKeychain: async () => {
        throw new Error('Cannot autolaunch D-Bus without X11 $DISPLAY');
      },
    });
    expect(vault.storage).toBe('memory');
    expect(vault.message).toMatch(/memory for this session only/);
    expect(vault.message).toMatch(/D-Bus/);
    await vault.set('c', 'memory-token');
    expect(await vault.get('c')).toBe('memory-token');
  });

  it('falls back to memory when the keychain never answers', async () => {
    const vault = await openTokenVault({
      scrubber: new SecretScrubber(),
      probeTimeoutMs: 50,
      loadKeychain: async () => ({
        findCredentials: () => new Promise(() => undefined),
        getPassword: async () => null,
        setPassword: async () => undefined,
        deletePassword: async () => true,
      }),
    });
    expect(vault.storage).toBe('memory');
    expect(vault.message).toMatch(/no answer within 50 ms/);
  });

  it('registers stored tokens with the scrubber so logs never show them', async () => {
    const scrubber = new SecretScrubber();
    const vault = await openTokenVault({ scrubber, service });
    const id = randomUUID();
    await vault.set(id, 'tok-abcdef-123456');
    expect(scrubber.scrub('request failed with token tok-abcdef-123456')).toBe('request failed with token [redacted]');
    await vault.delete(id);
  });
});
