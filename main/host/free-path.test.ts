import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { freePath } from './free-path';

describe('freePath', () => {
  it('keeps a free name and counts up past taken ones, keeping double extensions whole', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'qd-free-path-'));
    expect(await freePath(dir, 'state.json')).toBe(join(dir, 'state.json'));
    writeFileSync(join(dir, 'state.json'), '{}');
    writeFileSync(join(dir, 'state (1).json'), '{}');
    expect(await freePath(dir, 'state.json')).toBe(join(dir, 'state (2).json'));
    writeFileSync(join(dir, 'cpu.pb.gz'), '');
    expect(await freePath(dir, 'cpu.pb.gz')).toBe(join(dir, 'cpu (1).pb.gz'));
    writeFileSync(join(dir, 'README'), '');
    expect(await freePath(dir, 'README')).toBe(join(dir, 'README (1)'));
  });
});
