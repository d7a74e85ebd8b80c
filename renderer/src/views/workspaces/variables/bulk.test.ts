import { describe, expect, it } from 'vitest';
import { checkRows, outcomes, parsePaste, rowsToSend, summarize } from './bulk';

describe('bulk edit parsing', () => {
  it('turns KEY=value lines into rows, skipping blanks and comments, keeping "=" inside values', () => {
    const rows = parsePaste('# team settings\nREGION=eu-west-1\n\nexport URL=https://x.example/?a=b\nGREETING="hello world"\n');
    expect(rows.map(({ line, key, value }) => ({ line, key, value }))).toEqual([
      { line: 2, key: 'REGION', value: 'eu-west-1' },
      { line: 4, key: 'URL', value: 'https://x.example/?a=b' },
      { line: 5, key: 'GREETING', value: 'hello world' },
    ]);
  });

  it('flags a line without "=" and keeps flagging it after the check', () => {
    const rows = checkRows(parsePaste('GOOD=1\njust some text'), 'env');
    expect(rows[0].problem).toBeNull();
    expect(rows[1].problem).toBe('Line 2 has no "=": write it as KEY=value.');
  });

  it('applies the env key rule only to env variables, and flags duplicates by line', () => {
    const text = 'my-key=1\nOK=2\nOK=3';
    const env = checkRows(parsePaste(text), 'env');
    expect(env[0].problem).toMatch(/^Line 1: An env variable key must start with a letter/);
    expect(env[2].problem).toBe('Line 3: OK is already set on line 2; remove one of them.');
    const engine = checkRows(parsePaste(text), 'engine');
    expect(engine[0].problem).toBeNull();
  });
});

describe('bulk edit result', () => {
  it('says per pasted line which rows were applied, which failed at the host and which were never sent', () => {
    const rows = checkRows(parsePaste('A=1\nbad key=2\nB=3\nC=4'), 'engine');
    const { sent, fields } = rowsToSend(rows, { category: 'engine', hcl: false, sensitive: true });
    expect(fields).toEqual([
      { key: 'A', value: '1', category: 'engine', hcl: false, sensitive: true },
      { key: 'B', value: '3', category: 'engine', hcl: false, sensitive: true },
      { key: 'C', value: '4', category: 'engine', hcl: false, sensitive: true },
    ]);
    const result = outcomes(rows, sent, [
      { key: 'A', ok: true, action: 'created' },
      { key: 'B', ok: false, message: 'Row 2: conflict (409)' },
      { key: 'C', ok: true, action: 'updated' },
    ]);
    expect(result.get(2)).toEqual({ state: 'skipped', message: 'Not applied: Line 2: Key must not contain spaces or line breaks.' });
    expect(result.get(3)).toEqual({ state: 'failed', message: 'Line 3: conflict (409)' });
    expect(summarize(result)).toEqual({ applied: [1, 4], failed: [2, 3], text: '2 applied (1 created, 1 updated): lines 1, 4 · 2 not applied: lines 2, 3' });
  });
});
