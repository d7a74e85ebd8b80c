import { describe, expect, it } from 'vitest';
import { liveLabel } from './live-state';

describe('live indicator wording', () => {
  it('maps the five stream statuses onto live, reconnecting and offline', () => {
    expect(liveLabel('live').state).toBe('live');
    expect(liveLabel('connecting').state).toBe('reconnecting');
    expect(liveLabel('reconnecting').state).toBe('reconnecting');
    expect(liveLabel('offline').state).toBe('offline');
    expect(liveLabel('ended').state).toBe('offline');
  });

  it('adds the host’s reason to the explanation', () => {
    expect(liveLabel('reconnecting', 'connection refused').explanation).toContain('connection refused.');
    expect(liveLabel('offline').explanation).toContain('actions are disabled');
  });
});
