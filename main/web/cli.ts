// `npm run web`: the host core plus the browser-mode server, for development, end-to-end tests and headless
// hosts reached over SSH (design.md, "Processes and layers"). Loopback only; there is deliberately no --host.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createHost } from '../host/create-host';
import { USAGE, formatStartupLine, parseWebCliArgs, type WebCliOptions } from './cli-options';
import { startWebServer } from './server';

const projectRoot = resolve(fileURLToPath(new URL('.', import.meta.url)), '../..');

function ensureRendererBuilt(rendererDir: string): void {
  if (existsSync(join(rendererDir, 'index.html'))) return;
  process.stderr.write('No renderer build found; running `electron-vite build` first...\n');
  // Build output goes to stderr so that stdout starts with the address line.
  const build = spawnSync('npx', ['electron-vite', 'build'], { cwd: projectRoot, stdio: ['ignore', 2, 2] });
  if (build.status !== 0 || !existsSync(join(rendererDir, 'index.html'))) {
    throw new Error('The renderer build failed; see the output above. Fix it, or run `npm run build` yourself.');
  }
}

async function main(): Promise<void> {
  let options: WebCliOptions;
  try {
    options = parseWebCliArgs(process.argv.slice(2));
  } catch (error) {
    process.stderr.write(`${(error as Error).message}\n\n${USAGE}\n`);
    process.exit(2);
  }
  const rendererDir = options.rendererDir ?? join(projectRoot, 'out/renderer');
  if (options.rendererDir === undefined) ensureRendererBuilt(rendererDir);
  else if (!existsSync(join(rendererDir, 'index.html'))) throw new Error(`No index.html in --renderer-dir ${rendererDir}.`);

  const host = await createHost({
    dataDir: options.dataDir,
    // The page opens links itself with window.open in browser mode; the host has no OS browser to call.
    shell: { mode: 'web', openExternal: async () => undefined },
    env: process.env,
    demo: options.demo,
    echoLog: (line) => process.stderr.write(`${line}\n`),
  });
  const server = await startWebServer({ host, rendererDir, port: options.port });
  process.stdout.write(`${formatStartupLine(server.url)}\n`);

  let stopping = false;
  const stop = (signal: NodeJS.Signals): void => {
    if (stopping) return;
    stopping = true;
    process.stderr.write(`\n${signal}: shutting down browser mode...\n`);
    void (async () => {
      await server.close();
      await host.shutdown();
      process.exit(0);
    })().catch((error: unknown) => {
      process.stderr.write(`Shutdown failed: ${(error as Error).message}\n`);
      process.exit(1);
    });
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

main().catch((error: unknown) => {
  process.stderr.write(`Quarterdeck browser mode failed to start: ${(error as Error).message}\n`);
  process.exit(1);
});
