// The contents of simulated profiles: plausible stacks of a scheduler server, rendered as gzip protobuf (debug=0),
// Go's text form (debug=1) or, for goroutines, full per-goroutine stacks (debug=2).
import type { Rng } from '../../rng';
import { encodeProfile, type StackFrame } from './pprof-proto';

export const NAMED_PROFILES = ['goroutine', 'heap', 'allocs', 'threadcreate', 'block', 'mutex'] as const;
export type NamedProfile = (typeof NAMED_PROFILES)[number];

const f = (fn: string, file: string, line: number): StackFrame => ({ fn, file, line });

/** Leaf-first stacks a busy server shows: idle workers, HTTP handlers, raft I/O, state-store locking, scheduling. */
const STACKS: StackFrame[][] = [
  [f('runtime.gopark', '/usr/local/go/src/runtime/proc.go', 402), f('runtime.selectgo', '/usr/local/go/src/runtime/select.go', 327), f('cluster/server.(*Worker).dequeueEvaluation', '/build/server/worker.go', 505), f('cluster/server.(*Worker).run', '/build/server/worker.go', 400)],
  [f('runtime.mallocgc', '/usr/local/go/src/runtime/malloc.go', 1165), f('encoding/json.Marshal', '/usr/local/go/src/encoding/json/encode.go', 161), f('cluster/agent.(*HTTPServer).wrap.func1', '/build/agent/http.go', 715), f('net/http.HandlerFunc.ServeHTTP', '/usr/local/go/src/net/http/server.go', 2166), f('net/http.(*conn).serve', '/usr/local/go/src/net/http/server.go', 2137)],
  [f('syscall.Syscall', '/usr/local/go/src/syscall/syscall_linux.go', 69), f('internal/poll.(*FD).Read', '/usr/local/go/src/internal/poll/fd_unix.go', 164), f('net.(*conn).Read', '/usr/local/go/src/net/net.go', 179), f('bufio.(*Reader).fill', '/usr/local/go/src/bufio/bufio.go', 110), f('raft.(*NetworkTransport).handleConn', '/build/raft/net_transport.go', 536)],
  [f('runtime.futex', '/usr/local/go/src/runtime/sys_linux_amd64.s', 557), f('sync.(*Mutex).lockSlow', '/usr/local/go/src/sync/mutex.go', 171), f('sync.(*Mutex).Lock', '/usr/local/go/src/sync/mutex.go', 90), f('cluster/state.(*StateStore).UpsertAllocs', '/build/state/state_store.go', 3801), f('cluster/server.(*FSM).Apply', '/build/server/fsm.go', 231)],
  [f('compress/gzip.(*Writer).Write', '/usr/local/go/src/compress/gzip/gzip.go', 196), f('cluster/server.(*FSM).Snapshot', '/build/server/fsm.go', 1502), f('raft.(*Raft).takeSnapshot', '/build/raft/snapshot.go', 180)],
  [f('cluster/scheduler.(*GenericScheduler).computeJobAllocs', '/build/scheduler/generic_sched.go', 420), f('cluster/scheduler.(*GenericScheduler).process', '/build/scheduler/generic_sched.go', 310), f('cluster/scheduler.(*GenericScheduler).Process', '/build/scheduler/generic_sched.go', 150), f('cluster/server.(*Worker).invokeScheduler', '/build/server/worker.go', 620)],
];

/** The CPU profile of `seconds` of work, sampled at 100 Hz. */
export function cpuProfile(rng: Rng, seconds: number, now: number): Buffer {
  return encodeProfile({
    sampleTypes: [['samples', 'count'], ['cpu', 'nanoseconds']],
    periodType: ['cpu', 'nanoseconds'],
    period: 10_000_000,
    timeNanos: (now - seconds * 1000) * 1e6,
    durationNanos: seconds * 1e9,
    samples: STACKS.map((stack) => {
      const count = rng.int(1, 30) * seconds;
      return { stack, values: [count, count * 10_000_000] };
    }),
  });
}

export function namedProfileProto(rng: Rng, name: NamedProfile, now: number): Buffer {
  const base = { timeNanos: now * 1e6, durationNanos: 0 };
  if (name === 'heap' || name === 'allocs') {
    return encodeProfile({
      ...base,
      sampleTypes: [['alloc_objects', 'count'], ['alloc_space', 'bytes'], ['inuse_objects', 'count'], ['inuse_space', 'bytes']],
      periodType: ['space', 'bytes'],
      period: 524_288,
      samples: STACKS.map((stack) => {
        const objects = rng.int(10, 5_000);
        const size = rng.int(16, 4_096);
        const live = rng.int(0, objects);
        return { stack, values: [objects, objects * size, live, live * size] };
      }),
    });
  }
  if (name === 'block' || name === 'mutex') {
    return encodeProfile({
      ...base,
      sampleTypes: [['contentions', 'count'], ['delay', 'nanoseconds']],
      periodType: ['contentions', 'count'],
      period: 1,
      samples: STACKS.slice(3, 5).map((stack) => ({ stack, values: [rng.int(1, 50), rng.int(10_000, 9_000_000)] })),
    });
  }
  const unit: [string, string] = [name, 'count'];
  return encodeProfile({ ...base, sampleTypes: [unit], periodType: unit, period: 1, samples: STACKS.map((stack) => ({ stack, values: [rng.int(1, 60)] })) });
}

/** Go's text rendering of a profile record: `count @ pcs` then `#\tpc\tfunc+off\tfile:line` per frame. */
function textRecord(header: string, stack: StackFrame[], rng: Rng): string {
  const pcs = stack.map(() => 0x400000 + rng.int(0x1000, 0xfffff));
  const frames = stack.map((frame, i) => `#\t0x${(pcs[i] - 1).toString(16)}\t${frame.fn}+0x${rng.int(0x10, 0x3ff).toString(16)}\t${frame.file}:${frame.line}`);
  return `${header} @ ${pcs.map((pc) => `0x${pc.toString(16)}`).join(' ')}\n${frames.join('\n')}\n\n`;
}

export function namedProfileText(rng: Rng, name: NamedProfile, debug: number, uptimeMinutes: number): string {
  if (name === 'goroutine' && debug >= 2) return goroutineDump(rng, uptimeMinutes);
  if (name === 'goroutine' || name === 'threadcreate') {
    const counts = STACKS.map(() => rng.int(1, 40));
    const total = counts.reduce((sum, n) => sum + n, 0);
    return `${name} profile: total ${total}\n` + STACKS.map((stack, i) => textRecord(String(counts[i]), stack, rng)).join('');
  }
  if (name === 'heap' || name === 'allocs') {
    const records = STACKS.map((stack) => {
      const objects = rng.int(1, 300);
      const size = rng.int(16, 4_096);
      return { stack, line: `${objects}: ${objects * size} [${objects * 9}: ${objects * size * 9}]` };
    });
    const inuse = records.reduce((sum, r) => sum + Number(r.line.split(':')[0]), 0);
    return (
      `heap profile: ${inuse}: ${inuse * 512} [${inuse * 9}: ${inuse * 4_608}] @ heap/1048576\n` +
      records.map((r) => textRecord(r.line, r.stack, rng)).join('') +
      `# runtime.MemStats\n# Alloc = ${inuse * 512}\n# TotalAlloc = ${inuse * 4_608}\n# Sys = 25478152\n# Mallocs = ${inuse * 9}\n` +
      `# Frees = ${inuse * 8}\n# HeapAlloc = ${inuse * 512}\n# HeapSys = 11829248\n# HeapObjects = ${inuse}\n# NumGC = ${rng.int(10, 400)}\n# DebugGC = false\n`
    );
  }
  const header = name === 'block' ? '--- contention:\ncycles/second=2400000000\n' : '--- mutex:\ncycles/second=2400000000\nsampling period=0\n';
  return header + STACKS.slice(3, 5).map((stack) => textRecord(`${rng.int(10_000, 9_000_000)} ${rng.int(1, 50)}`, stack, rng)).join('');
}

/** debug=2: every goroutine with its state, wait time, arguments and creator, as a panic trace prints them. */
function goroutineDump(rng: Rng, uptimeMinutes: number): string {
  const states = ['select', 'chan receive', 'IO wait', 'sync.Mutex.Lock', 'running'];
  const parts = [`goroutine 1 [chan receive, ${uptimeMinutes} minutes]:\nmain.main()\n\t/build/main.go:12 +0x1a\n`];
  let number = 18;
  for (const stack of STACKS) {
    for (let copies = rng.int(1, 4); copies > 0; copies--) {
      const state = rng.pick(states);
      const wait = state === 'running' ? '' : `, ${rng.int(1, uptimeMinutes)} minutes`;
      const frames = stack.map((frame) => `${frame.fn}(0xc000${rng.hex(6)})\n\t${frame.file}:${frame.line} +0x${rng.int(0x10, 0x3ff).toString(16)}`);
      parts.push(`goroutine ${number} [${state}${wait}]:\n${frames.join('\n')}\ncreated by ${stack[stack.length - 1].fn} in goroutine 1\n\t${stack[stack.length - 1].file}:${stack[stack.length - 1].line - 10} +0x2c5\n`);
      number += rng.int(1, 40);
    }
  }
  return parts.join('\n');
}

/** An execution trace: Go's header followed by opaque event bytes, roughly proportional to the duration. */
export function traceBytes(rng: Rng, seconds: number): Buffer {
  const header = Buffer.from('go 1.22 trace\x00\x00\x00', 'latin1');
  const body = Buffer.alloc(4_096 * seconds);
  for (let i = 0; i < body.length; i++) body[i] = rng.int(0, 255);
  return Buffer.concat([header, body]);
}

/** `/proc/self/cmdline`-style: argv joined by NUL, as Go's pprof.Cmdline writes it. */
export function cmdline(): string {
  return ['/usr/local/bin/cluster-agent', 'agent', '-config=/etc/cluster.d'].join('\x00');
}
