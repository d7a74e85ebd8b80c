// Unit and integration tests for the host, the simulator and renderer logic.
import { defineConfig } from 'vitest/config';
import vue from '@vitejs/plugin-vue';
import { fileURLToPath } from 'node:url';

export default defineConfig({
  plugins: [vue()],
  resolve: { alias: { '@': fileURLToPath(new URL('./renderer/src', import.meta.url)) } },
  test: {
    include: ['main/**/*.test.ts', 'preload/**/*.test.ts', 'sim/**/*.test.ts', 'renderer/src/**/*.test.ts', 'bench/**/*.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    reporters: ['default'],
  },
});
