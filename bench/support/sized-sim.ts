// The simulator's large estate, cut down to a chosen number of allocations, in its own process (so its work never
// counts against the host being measured). The cluster-lists benchmark compares the same host work at 1,000 and
// at 100,000 allocations; cutting the same estate keeps everything else (jobs, nodes, row shapes) equal.
// `node --import tsx bench/support/sized-sim.ts --allocs N` prints one JSON line {url, clusterToken, allocs}.
import { parseArgs } from 'node:util';
import { startSimulator } from '../../sim/index';

const { values } = parseArgs({ options: { allocs: { type: 'string', default: '0' } } });
const keep = Number(values.allocs);

const sim = await startSimulator({ scale: 'large', seed: 1, eventRate: 0 });
const state = sim.cluster.state;
if (keep > 0 && keep < state.allocs.size) {
  let seen = 0;
  for (const [id, alloc] of [...state.allocs]) {
    if (++seen <= keep) continue;
    state.allocs.delete(id);
    state.allocsByJob.get(alloc.jobKey)?.delete(id);
    state.allocsByNode.get(alloc.NodeID)?.delete(id);
    state.active.delete(id);
  }
}
process.stdout.write(`${JSON.stringify({ url: sim.url, clusterToken: sim.clusterToken, allocs: state.allocs.size })}\n`);
const stop = () => void sim.close().then(() => process.exit(0));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
