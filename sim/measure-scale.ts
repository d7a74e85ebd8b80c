// Measures the figures sim/README.md quotes: start-up time and memory of the large estate, and whether the
// cluster sustains 5,000 events/s to a live event-stream subscriber over HTTP.
// Run: node --expose-gc --import tsx sim/measure-scale.ts [--rate 5000] [--seconds 5]
import { parseArgs } from 'node:util';
import { startSimulator } from './index';

const { values } = parseArgs({ options: { rate: { type: 'string', default: '5000' }, seconds: { type: 'string', default: '5' } } });
const rate = Number(values.rate);
const seconds = Number(values.seconds);

const gc = (globalThis as { gc?: () => void }).gc;
if (!gc) throw new Error('run with node --expose-gc so memory is measured after a full collection');
const mb = (bytes: number) => Math.round(bytes / 1024 / 1024);
function memory(): { rssMb: number; heapMb: number } {
  gc!();
  gc!();
  const m = process.memoryUsage();
  return { rssMb: mb(m.rss), heapMb: mb(m.heapUsed) };
}

const baseline = memory();

let started = performance.now();
const small = await startSimulator({ scale: 'small', eventRate: 0 });
const smallMs = performance.now() - started;
await small.close();

// CPU time as well as wall time: on a shared machine the wall time says more about the neighbours than about us.
const cpuMs = (since: NodeJS.CpuUsage) => {
  const used = process.cpuUsage(since);
  return Math.round((used.user + used.system) / 1000);
};
started = performance.now();
let cpuStart = process.cpuUsage();
const sim = await startSimulator({ scale: 'large', eventRate: 0 });
const largeMs = performance.now() - started;
const largeCpuMs = cpuMs(cpuStart);
const large = memory();
const counts = { nodes: sim.cluster.state.nodes.size, jobs: sim.cluster.state.jobs.size, allocations: sim.cluster.state.allocs.size, workspaces: sim.workspace.store.workspaces.size };

// A synchronous burst: how long 5,000 events take to commit and publish with nobody listening.
const bursts: number[] = [];
const burstCpu: number[] = [];
for (let i = 0; i < 3; i++) {
  const t = performance.now();
  cpuStart = process.cpuUsage();
  sim.cluster.emitBurst(5000);
  bursts.push(performance.now() - t);
  burstCpu.push(cpuMs(cpuStart));
}
bursts.sort((a, b) => a - b);
burstCpu.sort((a, b) => a - b);

// Sustained: the background generator at `rate` for `seconds`, with one subscriber reading every frame over HTTP.
const from = sim.cluster.state.index + 1;
const res = await fetch(`${sim.url}/v1/event/stream?index=${from}&topic=*&namespace=*`, { headers: { 'X-Cluster-Token': sim.clusterToken } });
const reader = res.body!.getReader();
let delivered = 0;
let bytes = 0;
let text = '';
const decoder = new TextDecoder();
let reading = true;
const pump = (async () => {
  while (reading) {
    const { value, done } = await reader.read();
    if (done) break;
    bytes += value.length;
    text += decoder.decode(value, { stream: true });
    let nl: number;
    while ((nl = text.indexOf('\n')) >= 0) {
      const line = text.slice(0, nl);
      text = text.slice(nl + 1);
      // Count events without a full parse of every payload: each event starts with its Topic key.
      delivered += line.split('{"Topic":').length - 1;
    }
  }
})();
// Capacity: the CPU cost of one event end to end (commit, serialise, write to the socket, read and split by the
// subscriber in this same process), measured by CPU time so neighbours on a shared machine do not skew it.
const capacityEvents = 50_000;
const capacityStart = delivered;
cpuStart = process.cpuUsage();
for (let sent = 0; sent < capacityEvents; sent += 5000) {
  sim.cluster.emitBurst(5000);
  while (delivered - capacityStart < sent + 5000) await new Promise((resolve) => setImmediate(resolve));
}
const capacityCpuMs = cpuMs(cpuStart);
const capacityPerCpuSecond = Math.round((capacityEvents / capacityCpuMs) * 1000);

const emittedBefore = sim.cluster.emitted.total;
const deliveredBefore = delivered;
const bytesBefore = bytes;
const cpuBefore = process.cpuUsage();
started = performance.now();
sim.cluster.setEventRate(rate);
await new Promise((resolve) => setTimeout(resolve, seconds * 1000));
sim.cluster.setEventRate(0);
const elapsed = (performance.now() - started) / 1000;
const emitted = sim.cluster.emitted.total - emittedBefore;
const cpu = process.cpuUsage(cpuBefore);
// Give the subscriber a moment to drain what is still in flight, then stop.
const drainStart = performance.now();
while (delivered - deliveredBefore < emitted && performance.now() - drainStart < 10_000) await new Promise((resolve) => setTimeout(resolve, 50));
const drainMs = performance.now() - drainStart;
reading = false;
await reader.cancel();
await pump.catch(() => undefined);
await sim.close();

const result = {
  node: process.version,
  cpus: (await import('node:os')).cpus().length,
  baseline,
  small: { startMs: Math.round(smallMs) },
  load: (await import('node:os')).loadavg().map((l) => Math.round(l * 10) / 10),
  large: { startMs: Math.round(largeMs), startCpuMs: largeCpuMs, ...large, counts },
  burst5000Ms: { min: Math.round(bursts[0]), median: Math.round(bursts[1]), cpuMin: burstCpu[0] },
  capacity: { events: capacityEvents, cpuMs: capacityCpuMs, eventsPerCpuSecond: capacityPerCpuSecond },
  sustained: {
    targetPerSecond: rate,
    emittedPerSecond: Math.round(emitted / elapsed),
    deliveredPerSecond: Math.round((delivered - deliveredBefore) / (elapsed + drainMs / 1000)),
    delivered: delivered - deliveredBefore,
    emitted,
    mbPerSecond: Math.round(((bytes - bytesBefore) / 1024 / 1024 / (elapsed + drainMs / 1000)) * 10) / 10,
    drainAfterStopMs: Math.round(drainMs),
    processCpuPercent: Math.round(((cpu.user + cpu.system) / 1000 / (elapsed * 1000)) * 100),
  },
};
console.log(JSON.stringify(result, null, 2));
