// Turns key presses into shortcut ids: names each stroke, follows multi-key sequences (`g j`) with a time limit,
// and leaves fields alone so typing "g" in a search box never navigates.
import type { Shortcut } from './shortcuts';

export interface KeyStroke {
  key: string;
  ctrlKey?: boolean;
  metaKey?: boolean;
  altKey?: boolean;
}

/** `k` with Ctrl or Cmd becomes `mod+k`; printable keys keep their character (Shift is already in it: `?`). */
export function strokeOf(event: KeyStroke): string | null {
  const key = event.key;
  if (!key || ['Shift', 'Control', 'Meta', 'Alt', 'CapsLock', 'Dead'].includes(key)) return null;
  const name = key.length === 1 ? key.toLowerCase() : key;
  const prefix = (event.ctrlKey || event.metaKey ? 'mod+' : '') + (event.altKey ? 'alt+' : '');
  return prefix + name;
}

interface TargetLike {
  tagName?: string;
  isContentEditable?: boolean;
  getAttribute?(name: string): string | null;
}

/** True when keys typed at `target` go into a field and so must not trigger single-key shortcuts. */
export function isTypingTarget(target: unknown): boolean {
  if (!target || typeof target !== 'object') return false;
  const element = target as TargetLike;
  if (element.isContentEditable) return true;
  const tag = element.tagName?.toUpperCase();
  if (tag === 'TEXTAREA' || tag === 'SELECT') return true;
  if (tag === 'INPUT') {
    const type = (element.getAttribute?.('type') ?? 'text').toLowerCase();
    return !['checkbox', 'radio', 'button', 'submit', 'reset', 'range', 'color'].includes(type);
  }
  return element.getAttribute?.('role') === 'textbox';
}

export interface MatchOutcome {
  /** The shortcut completed by this stroke. */
  shortcut?: Shortcut;
  /** The stroke began or continued a sequence: swallow it and wait for the next one. */
  pending: boolean;
}

export class ShortcutMatcher {
  private buffer: string[] = [];
  private lastAt = 0;

  constructor(
    private readonly table: readonly Shortcut[],
    private readonly sequenceTimeoutMs = 1200,
  ) {}

  /** Feeds one stroke at time `now` (ms); `typing` says whether the focus is in a field. */
  press(stroke: string, now: number, typing = false): MatchOutcome {
    if (now - this.lastAt > this.sequenceTimeoutMs) this.buffer = [];
    this.lastAt = now;
    const candidates = this.table.filter((s) => !typing || s.inInputs);
    let sequence = [...this.buffer, stroke];

    for (;;) {
      const exact = candidates.find((s) => sameKeys(s.keys, sequence));
      if (exact) {
        this.buffer = [];
        return { shortcut: exact, pending: false };
      }
      if (candidates.some((s) => s.keys.length > sequence.length && sameKeys(s.keys.slice(0, sequence.length), sequence))) {
        this.buffer = sequence;
        return { pending: true };
      }
      // A broken sequence (`g x`): retry the last stroke on its own, so `g ?` still opens the help.
      if (sequence.length > 1) {
        sequence = [stroke];
        continue;
      }
      this.buffer = [];
      return { pending: false };
    }
  }

  reset(): void {
    this.buffer = [];
  }
}

function sameKeys(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((key, i) => key === b[i]);
}
