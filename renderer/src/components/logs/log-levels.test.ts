import { describe, expect, it } from 'vitest';
import { colourLevels } from './log-levels';
import { stripAnsi } from './log-lines';

describe('colourLevels', () => {
  it('colours bracketed levels and JSON @level values, leaving the text itself unchanged', () => {
    const plain = '2026-11-23T16:25:32Z [ERROR] agent: boom\n{"@level":"warn","@message":"slow"}\n';
    const coloured = colourLevels(plain);
    expect(coloured).toContain('\x1b[31m[ERROR]');
    expect(coloured).toContain('\x1b[33mwarn');
    expect(stripAnsi(coloured)).toBe(plain);
  });
  it('leaves text that already carries colours alone', () => {
    const text = '\x1b[35m[INFO]\x1b[0m custom';
    expect(colourLevels(text)).toBe(text);
  });
});
