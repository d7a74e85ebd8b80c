// Build of the three bundles: main (ESM, host core + Electron glue), preload (one sandbox-safe CommonJS file),
// renderer (Vue). `npm run build` must work without an Electron binary (design.md, "Environment facts").
import { defineConfig } from 'electron-vite';
import vue from '@vitejs/plugin-vue';
import { resolve } from 'node:path';
import type { Plugin } from 'vite';
import { contentSecurityPolicy } from './main/web/content-security-policy';

const root = import.meta.dirname;

/**
 * Puts the CSP into the built index.html as well: Electron does not run webRequest.onHeadersReceived for
 * file:// pages, so the header alone would not protect the packaged app (design.md, invariant 3).
 * Production only; the dev server needs its HMR socket.
 */
function cspMetaTag(): Plugin {
  return {
    name: 'quarterdeck:csp-meta',
    apply: 'build',
    transformIndexHtml: {
      order: 'pre',
      handler: () => [
        {
          tag: 'meta',
          attrs: { 'http-equiv': 'Content-Security-Policy', content: contentSecurityPolicy({ forMetaTag: true }) },
          injectTo: 'head-prepend',
        },
      ],
    },
  };
}

export default defineConfig({
  main: {
    build: {
      // Native modules are loaded from node_modules at runtime, never bundled.
      externalizeDeps: { include: ['keytar', 'lmdb'] },
      rolldownOptions: {
        input: { index: resolve(root, 'main/electron/main.ts') }, // package.json "main": out/main/index.js
        output: { format: 'es' },
      },
    },
  },
  preload: {
    build: {
      // A sandboxed preload cannot load other files or packages: bundle everything into one CommonJS file.
      externalizeDeps: false,
      rolldownOptions: {
        input: { index: resolve(root, 'preload/index.ts') },
        output: { format: 'cjs', entryFileNames: '[name].cjs', inlineDynamicImports: true },
      },
    },
  },
  renderer: {
    root: resolve(root, 'renderer'),
    resolve: { alias: { '@': resolve(root, 'renderer/src') } },
    plugins: [vue(), cspMetaTag()],
    build: {
      outDir: resolve(root, 'out/renderer'),
      rolldownOptions: { input: { index: resolve(root, 'renderer/index.html') } },
    },
  },
});
