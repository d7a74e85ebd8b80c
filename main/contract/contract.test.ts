// The contract is types only: main, preload and renderer import it with `import type`, so it must emit no code.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const dir = join(import.meta.dirname);
const files = readdirSync(dir).filter((name) => name.endsWith('.ts') && !name.endsWith('.test.ts'));

describe('contract module', () => {
  it('has the expected files', () => {
    expect(files).toEqual(expect.arrayContaining(['methods.ts', 'streams.ts', 'errors.ts', 'index.ts']));
  });

  it.each(files)('%s emits no runtime code', (name) => {
    const source = readFileSync(join(dir, name), 'utf8');
    const output = ts.transpileModule(source, { compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022, verbatimModuleSyntax: true } }).outputText;
    const code = output.replace(/\/\/.*$/gm, '').replace(/\/\*[\s\S]*?\*\//g, '').replace(/export \{\};?/g, '').trim();
    expect(code).toBe('');
  });

  it('declares every method as domain.action', () => {
    const source = readFileSync(join(dir, 'methods.ts'), 'utf8');
    const names = [...source.matchAll(/^\s+'([^']+)': \{ params/gm)].map((m) => m[1]);
    expect(names.length).toBeGreaterThan(15);
    for (const name of names) expect(name).toMatch(/^[a-z]+\.[a-zA-Z]+$/);
  });
});
