// Tokens live in the OS keychain (keytar over Secret Service / Keychain / Credential Manager), keyed by connection id.
// Without a keychain they live in memory for this session only: never in plaintext on disk (design.md, invariant 1).
import type { TokenStorage } from '../contract';
import type { SecretScrubber } from '../redaction/secret-scrubber';

export const KEYCHAIN_SERVICE = 'Quarterdeck';

export interface TokenVault {
  readonly storage: TokenStorage;
  /** Why this storage was chosen, in words for the person. */
  readonly message: string;
  get(connectionId: string): Promise<string | null>;
  set(connectionId: string, token: string): Promise<void>;
  delete(connectionId: string): Promise<void>;
  has(connectionId: string): Promise<boolean>;
}

/** The keytar functions the vault needs (keytar's own module satisfies this). */
export interface KeychainApi {
  getPassword(service: string, account: string): Promise<string | null>;
  setPassword(service: string, account: string, password: string): Promise<void>;
  deletePassword(service: string, account: string): Promise<boolean>;
  findCredentials(service: string): Promise<Array<{ account: string; password: string }>>;
}

class KeychainVault implements TokenVault {
  readonly storage = 'keychain' as const;
  readonly message = 'Tokens are stored in the OS keychain.';

  constructor(private readonly keychain: KeychainApi, private readonly scrubber: SecretScrubber, private readonly service: string) {}

  async get(connectionId: string): Promise<string | null> {
    const token = await this.keychain.getPassword(this.service, connectionId);
    this.scrubber.register(token);
    return token;
  }

  async set(connectionId: string, token: string): Promise<void> {
    this.scrubber.register(token);
    await this.keychain.setPassword(this.service, connectionId, token);
  }

  async delete(connectionId: string): Promise<void> {
    await this.keychain.deletePassword(this.service, connectionId);
  }

  async has(connectionId: string): Promise<boolean> {
    return (await this.get(connectionId)) !== null;
  }
}

export class MemoryVault implements TokenVault {
  readonly storage = 'memory' as const;
  private readonly tokens = new Map<string, string>();

  constructor(private readonly scrubber: SecretScrubber, readonly message: string) {}

  async get(connectionId: string): Promise<string | null> {
    return this.tokens.get(connectionId) ?? null;
  }

  async set(connectionId: string, token: string): Promise<void> {
    this.scrubber.register(token);
    this.tokens.set(connectionId, token);
  }

  async delete(connectionId: string): Promise<void> {
    this.tokens.delete(connectionId);
  }

  async has(connectionId: string): Promise<boolean> {
    return this.tokens.has(connectionId);
  }
}

export interface OpenVaultOptions {
  scrubber: SecretScrubber;
  service?: string;
  /** How long the keychain may take to answer the probe before we give up on it. */
  probeTimeoutMs?: number;
  /** Loads keytar; injectable so a test can simulate a missing native module. */
  loadKeychain?: () => Promise<KeychainApi>;
}

const loadKeytar = async (): Promise<KeychainApi> => {
  const module = (await import('keytar')) as unknown as { default?: KeychainApi } & KeychainApi;
  return module.default ?? module;
};

/** Probes the keychain once; falls back to memory with a message that says why and what it means. */
export async function openTokenVault(options: OpenVaultOptions): Promise<TokenVault> {
  const service = options.service ?? KEYCHAIN_SERVICE;
  const timeoutMs = options.probeTimeoutMs ?? 5000;
  let timer: NodeJS.Timeout | undefined;
  try {
    const keychain = await (options.loadKeychain ?? loadKeytar)();
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`no answer within ${timeoutMs} ms`)), timeoutMs);
    });
    // A read of our own service proves that the Secret Service (or platform keychain) is there and unlocked.
    await Promise.race([keychain.findCredentials(service), timeout]);
    return new KeychainVault(keychain, options.scrubber, service);
  } catch (error) {
    const reason = (error as Error).message.split('\n')[0].slice(0, 200);
    return new MemoryVault(
      options.scrubber,
      `No OS keychain is available (${reason}). Tokens are kept in memory for this session only and must be entered again after a restart; they are never written to disk. On Linux, install and unlock a Secret Service provider such as gnome-keyring.`,
    );
  } finally {
    if (timer) clearTimeout(timer);
  }
}
