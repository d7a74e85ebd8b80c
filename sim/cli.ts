// `npm run sim -- --port P [--seed S] [--scale small|large] [--faults SPEC] [--heartbeat-ms N] [--event-rate N]`
// Prints exactly one JSON line with the URL and the tokens, then serves until interrupted.
import { parseArgs } from 'node:util';
import { startSimulator } from './index';

function fail(message: string): never {
  process.stderr.write(`sim: ${message}\n`);
  process.exit(2);
}

const { values } = (() => {
  try {
    return parseArgs({
      options: {
        port: { type: 'string', default: '0' },
        seed: { type: 'string', default: '1' },
        scale: { type: 'string', default: 'small' },
        faults: { type: 'string' },
        'heartbeat-ms': { type: 'string' },
        'event-rate': { type: 'string' },
      },
      strict: true,
    });
  } catch (error) {
    fail((error as Error).message);
  }
})();

const port = Number(values.port);
if (!Number.isInteger(port) || port < 0 || port > 65535) fail(`--port must be an integer 0-65535, got "${values.port}"`);
const seed = Number(values.seed);
if (!Number.isInteger(seed)) fail(`--seed must be an integer, got "${values.seed}"`);
if (values.scale !== 'small' && values.scale !== 'large') fail(`--scale must be small or large, got "${values.scale}"`);
const heartbeatMs = values['heartbeat-ms'] === undefined ? undefined : Number(values['heartbeat-ms']);
const eventRate = values['event-rate'] === undefined ? undefined : Number(values['event-rate']);
if (heartbeatMs !== undefined && (!Number.isInteger(heartbeatMs) || heartbeatMs < 1)) fail(`--heartbeat-ms must be a positive integer, got "${values['heartbeat-ms']}"`);
if (eventRate !== undefined && (!Number.isFinite(eventRate) || eventRate < 0)) fail(`--event-rate must be a non-negative number of events per second, got "${values['event-rate']}"`);

try {
  const sim = await startSimulator({ port, seed, scale: values.scale, faults: values.faults, heartbeatMs, eventRate });
  process.stdout.write(
    JSON.stringify({
      url: sim.url,
      clusterToken: sim.clusterToken,
      clusterReadOnlyToken: sim.clusterReadOnlyToken,
      workspaceToken: sim.workspaceToken,
      workspaceOrgToken: sim.workspaceOrgToken,
      organization: sim.organization,
    }) + '\n',
  );
  const stop = () => void sim.close().then(() => process.exit(0));
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
} catch (error) {
  fail((error as Error).message);
}
