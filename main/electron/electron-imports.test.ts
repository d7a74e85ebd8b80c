// "No Electron import outside main/electron/" (design.md, "Processes and layers"): the host core, the
// simulator and the renderer must run in plain Node / a plain browser. The one exception is preload/index.ts:
// the preload is its own bundle in the renderer process and needs contextBridge and ipcRenderer; it is only
// allowed to wire preload/bridge-api.ts, which itself imports nothing from Electron.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../..', import.meta.url));
const SCANNED = ['main', 'preload', 'renderer', 'sim'];
const SOURCE = /\.(ts|mts|cts|tsx|js|mjs|cjs|vue)$/;
const ALLOWED_DIR = `main${sep}electron${sep}`;
const ALLOWED_FILES = new Set([join('preload', 'index.ts')]);

// `electron` itself, its subpaths, and electron-store (which imports electron on load and cannot run outside it).
const ELECTRON_SPECIFIER = String.raw`['"](?:electron|electron/[^'"]*|electron-store)['"]`;
const IMPORT_PATTERNS = [
  new RegExp(String.raw`\bfrom\s*${ELECTRON_SPECIFIER}`),
  new RegExp(String.raw`\bimport\s*${ELECTRON_SPECIFIER}`),
  new RegExp(String.raw`\bimport\s*\(\s*${ELECTRON_SPECIFIER}`),
  new RegExp(String.raw`\brequire\s*\(\s*${ELECTRON_SPECIFIER}`),
];

function sourceFiles(dir: string): string[] {
  let entries;
  try {
    entries = readdirSync(dir, { withFileTypes: true });
  } catch {
    return []; // a folder another part of the team has not created yet
  }
  return entries.flatMap((entry) => {
    if (entry.name === 'node_modules' || entry.name.startsWith('.')) return [];
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return SOURCE.test(entry.name) ? [path] : [];
  });
}

export function importsElectron(source: string): boolean {
  return IMPORT_PATTERNS.some((pattern) => pattern.test(source));
}

describe('Electron imports', () => {
  it('the detector catches every import form and ignores look-alikes', () => {
    for (const yes of [
      "import { app } from 'electron';",
      'import type { WebContents } from "electron";',
      "import 'electron';",
      "const e = await import('electron');",
      "const { ipcRenderer } = require('electron');",
      "import { ipcRenderer } from 'electron/renderer';",
      "import Store from 'electron-store';",
    ]) {
      expect(importsElectron(yes), yes).toBe(true);
    }
    for (const no of ["import { defineConfig } from 'electron-vite';", "const name = 'electron';", '// runs without electron']) {
      expect(importsElectron(no), no).toBe(false);
    }
  });

  it('nothing outside main/electron/ (and the preload entry) imports electron', () => {
    const files = SCANNED.flatMap((dir) => sourceFiles(join(root, dir))).map((file) => relative(root, file));
    expect(files.length).toBeGreaterThan(10);
    const offenders = files.filter(
      (file) => !file.startsWith(ALLOWED_DIR) && !ALLOWED_FILES.has(file) && importsElectron(readFileSync(join(root, file), 'utf8')),
    );
    expect(offenders).toEqual([]);
  });

  it('the preload logic itself stays Electron-free (index.ts only wires it)', () => {
    expect(importsElectron(readFileSync(join(root, 'preload', 'bridge-api.ts'), 'utf8'))).toBe(false);
  });
});
