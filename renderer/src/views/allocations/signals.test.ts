import { describe, expect, it } from 'vitest';
import { SIGNALS, signalError } from './signals';

describe('signal names', () => {
  it('accepts the offered signals and other upper-case SIG names, as main does', () => {
    for (const { value } of SIGNALS) expect(signalError(value)).toBeNull();
    expect(signalError('SIGWINCH')).toBeNull();
  });

  it('refuses names main would refuse, before sending', () => {
    expect(signalError('reload')).toContain('SIGHUP');
    expect(signalError('sighup')).not.toBeNull();
    expect(signalError('HUP')).not.toBeNull();
    expect(signalError('')).not.toBeNull();
  });
});
