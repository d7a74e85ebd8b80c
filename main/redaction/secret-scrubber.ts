// Removes every known token from text before it reaches a log, an error message or the disk (design.md, invariant 1).
// The token vault registers each token it stores or reads, so the scrubber knows them without ever exposing them.

const MIN_SECRET_LENGTH = 6; // shorter strings would scrub ordinary words; real tokens are far longer

export class SecretScrubber {
  private readonly secrets = new Set<string>();

  register(secret: string | undefined | null): void {
    if (secret && secret.length >= MIN_SECRET_LENGTH) this.secrets.add(secret);
  }

  forget(secret: string | undefined | null): void {
    if (secret) this.secrets.delete(secret);
  }

  /** True when `text` holds any token the host knows; used to refuse writing such data at all. */
  containsKnownSecret(text: string): boolean {
    for (const secret of this.secrets) if (text.includes(secret)) return true;
    return false;
  }

  /** The same test on UTF-8 bytes, without decoding them into a string (the offline cache checks MBs per snapshot). */
  bytesContainKnownSecret(bytes: Buffer): boolean {
    for (const secret of this.secrets) if (bytes.includes(secret, 0, 'utf8')) return true;
    return false;
  }

  /** Replaces known secrets, and header-shaped credentials even when unknown (a server may echo one back). */
  scrub(text: string): string {
    let out = text;
    for (const secret of this.secrets) {
      if (out.includes(secret)) out = out.split(secret).join('[redacted]');
    }
    return out
      .replace(/(Bearer\s+)[^\s"',]+/gi, '$1[redacted]')
      .replace(/(X-Cluster-Token["']?\s*[:=]\s*["']?)[^\s"',]+/gi, '$1[redacted]');
  }
}
