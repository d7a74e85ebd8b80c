// The shortcut table and its matcher: sequences work, typing in a field is left alone, and the table is consistent.
import { describe, expect, it } from 'vitest';
import { VIEWS } from '@/router/views';
import { isTypingTarget, ShortcutMatcher, strokeOf } from './matcher';
import { displayStroke, SHORTCUTS } from './shortcuts';

function press(matcher: ShortcutMatcher, keys: string[], start = 0, typing = false) {
  let outcome = matcher.press(keys[0], start, typing);
  keys.slice(1).forEach((key, i) => (outcome = matcher.press(key, start + (i + 1) * 100, typing)));
  return outcome;
}

describe('the shortcut table', () => {
  it('has unique ids and unique key sequences', () => {
    expect(new Set(SHORTCUTS.map((s) => s.id)).size).toBe(SHORTCUTS.length);
    expect(new Set(SHORTCUTS.map((s) => s.keys.join(' '))).size).toBe(SHORTCUTS.length);
  });

  it('has no sequence that is the prefix of another, which would make the longer one unreachable', () => {
    for (const a of SHORTCUTS) {
      for (const b of SHORTCUTS) {
        if (a !== b && a.keys.length < b.keys.length) expect(b.keys.slice(0, a.keys.length)).not.toEqual(a.keys);
      }
    }
  });

  it('navigates only to views that exist, and reaches every view', () => {
    const targets = SHORTCUTS.flatMap((s) => (s.action.type === 'navigate' ? [s.action.view] : []));
    expect(new Set(targets)).toEqual(new Set(VIEWS.map((v) => v.name)));
  });

  it('includes the documented keys', () => {
    const byKeys = (keys: string) => SHORTCUTS.find((s) => s.keys.join(' ') === keys)?.action;
    expect(byKeys('g c')).toEqual({ type: 'navigate', view: 'connections' });
    expect(byKeys('g j')).toEqual({ type: 'navigate', view: 'jobs' });
    expect(byKeys('g w')).toEqual({ type: 'navigate', view: 'workspaces' });
    expect(byKeys('[')).toEqual({ type: 'connection', step: -1 });
    expect(byKeys(']')).toEqual({ type: 'connection', step: 1 });
    expect(byKeys('?')).toEqual({ type: 'help' });
    expect(byKeys('mod+k')).toEqual({ type: 'palette' });
  });
});

describe('ShortcutMatcher', () => {
  it('completes a two-key sequence and holds the first key as pending', () => {
    const matcher = new ShortcutMatcher(SHORTCUTS);
    expect(matcher.press('g', 0)).toEqual({ pending: true });
    expect(matcher.press('j', 100).shortcut?.id).toBe('go.jobs');
  });

  it('forgets a started sequence after the timeout', () => {
    const matcher = new ShortcutMatcher(SHORTCUTS, 1000);
    matcher.press('g', 0);
    expect(matcher.press('j', 5000)).toEqual({ pending: false });
  });

  it('retries the last key alone after a broken sequence', () => {
    const matcher = new ShortcutMatcher(SHORTCUTS);
    expect(press(matcher, ['g', '?']).shortcut?.id).toBe('help');
    expect(press(matcher, ['g', 'x'], 10_000)).toEqual({ pending: false });
  });

  it('ignores single keys while typing in a field, but not the palette chord', () => {
    const matcher = new ShortcutMatcher(SHORTCUTS);
    expect(press(matcher, ['g', 'j'], 0, true)).toEqual({ pending: false });
    expect(matcher.press('?', 10_000, true)).toEqual({ pending: false });
    expect(matcher.press('mod+k', 20_000, true).shortcut?.id).toBe('palette');
  });

  it('fires single-key shortcuts at once', () => {
    expect(new ShortcutMatcher(SHORTCUTS).press(']', 0).shortcut?.id).toBe('connection.next');
  });
});

describe('strokeOf', () => {
  it('names keys with modifiers the way the table writes them', () => {
    expect(strokeOf({ key: 'k', ctrlKey: true })).toBe('mod+k');
    expect(strokeOf({ key: 'K', metaKey: true })).toBe('mod+k');
    expect(strokeOf({ key: '?' })).toBe('?');
    expect(strokeOf({ key: 'G' })).toBe('g');
    expect(strokeOf({ key: 'Shift' })).toBeNull();
  });
});

describe('isTypingTarget', () => {
  const el = (tagName: string, attrs: Record<string, string> = {}, isContentEditable = false) => ({
    tagName,
    isContentEditable,
    getAttribute: (name: string) => attrs[name] ?? null,
  });

  it('treats text inputs, text areas and editable content as typing', () => {
    expect(isTypingTarget(el('INPUT'))).toBe(true);
    expect(isTypingTarget(el('input', { type: 'password' }))).toBe(true);
    expect(isTypingTarget(el('TEXTAREA'))).toBe(true);
    expect(isTypingTarget(el('DIV', {}, true))).toBe(true);
    expect(isTypingTarget(el('DIV', { role: 'textbox' }))).toBe(true);
  });

  it('does not treat buttons, checkboxes or the page as typing', () => {
    expect(isTypingTarget(el('BUTTON'))).toBe(false);
    expect(isTypingTarget(el('INPUT', { type: 'checkbox' }))).toBe(false);
    expect(isTypingTarget(null)).toBe(false);
  });
});

it('displayStroke shows Ctrl or ⌘ for mod', () => {
  expect(displayStroke('mod+k', false)).toBe('Ctrl+K');
  expect(displayStroke('mod+k', true)).toBe('⌘K');
  expect(displayStroke('?', false)).toBe('?');
});
