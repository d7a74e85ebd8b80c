import { describe, expect, it } from 'vitest';
import { deadlineSecondsFor, describeDrain, formatSeconds, parseDeadline } from './drain';

describe('drain deadline', () => {
  it('parses hours, minutes and seconds', () => {
    expect(parseDeadline('1h')).toEqual({ seconds: 3600 });
    expect(parseDeadline('1h30m')).toEqual({ seconds: 5400 });
    expect(parseDeadline(' 90S ')).toEqual({ seconds: 90 });
  });

  it('refuses text that is not a duration, repeated units, zero and more than a year', () => {
    expect(parseDeadline('')).toHaveProperty('error');
    expect(parseDeadline('soon')).toHaveProperty('error');
    expect(parseDeadline('1.5h')).toHaveProperty('error');
    expect(parseDeadline('-1h')).toHaveProperty('error');
    expect(parseDeadline('1h1h')).toHaveProperty('error');
    expect(parseDeadline('0s')).toHaveProperty('error');
    expect(parseDeadline('9000h')).toHaveProperty('error');
  });

  it('sends -1 for force and 0 for no deadline, as the API defines them', () => {
    expect(deadlineSecondsFor('force', 3600)).toBe(-1);
    expect(deadlineSecondsFor('no-deadline', 3600)).toBe(0);
    expect(deadlineSecondsFor('deadline', 3600)).toBe(3600);
  });

  it('describes a running drain from a flattened or nested spec', () => {
    expect(describeDrain({ Deadline: 3600e9, IgnoreSystemJobs: true })).toBe('deadline 1h; system jobs keep running');
    expect(describeDrain({ DrainSpec: { Deadline: -1, IgnoreSystemJobs: false } })).toBe('forced: allocations are stopped now');
    expect(describeDrain({ Deadline: 0 })).toBe('no deadline');
    expect(describeDrain(null)).toBe('');
    expect(formatSeconds(5400)).toBe('1h30m');
  });
});
