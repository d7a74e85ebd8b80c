// The agent's own log lines for `/v1/agent/monitor`, rendered as the agent's logger renders them: text
// `2025-01-02T15:04:05.123Z [INFO]  module: message: key=value`, or JSON with `@level`, `@message`, `@module`,
// `@timestamp` (and `@caller` with locations). Some messages carry multi-byte UTF-8 on purpose.
import type { Rng } from '../../rng';

export const LOG_LEVELS = ['trace', 'debug', 'info', 'warn', 'error'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

export interface AgentLogRecord {
  time: number;
  level: LogLevel;
  module: string;
  message: string;
  fields: [string, string][];
  caller: string;
}

export interface LogFormat {
  json: boolean;
  includeLocation: boolean;
}

type Template = (r: Rng, who: AgentIdentity) => Omit<AgentLogRecord, 'time' | 'level'>;

export interface AgentIdentity {
  name: string;
  peers: string[];
  nodeIds: string[];
}

const id = (r: Rng): string => r.uuid();
const ms = (r: Rng): string => `${r.int(0, 900)}.${r.int(100, 999)}µs`;

const TEMPLATES: Record<LogLevel, Template[]> = {
  trace: [
    (r) => ({ module: 'client.alloc_runner.task_runner', message: 'setting task state', fields: [['alloc_id', id(r)], ['task', r.pick(['web', 'worker', 'sidecar'])], ['state', 'running'], ['event', 'Started']], caller: 'taskrunner/task_runner.go:1290' }),
    (r) => ({ module: 'server.raft', message: 'appending entries', fields: [['term', '4'], ['index', String(r.int(4_000, 90_000))]], caller: 'raft/replication.go:210' }),
    (r) => ({ module: 'agent.http', message: 'request', fields: [['method', 'GET'], ['path', r.pick(['/v1/jobs', '/v1/nodes', '/v1/agent/self'])]], caller: 'agent/http.go:642' }),
  ],
  debug: [
    (r) => ({ module: 'http', message: 'request complete', fields: [['method', 'GET'], ['path', '/v1/agent/health?type=server'], ['duration', ms(r)]], caller: 'agent/http.go:715' }),
    (r) => ({ module: 'worker', message: 'dequeued evaluation', fields: [['eval_id', id(r)], ['type', r.pick(['service', 'batch'])], ['namespace', 'default'], ['job_id', r.pick(['web', 'api', 'nightly-report'])]], caller: 'server/worker.go:505' }),
    (r, who) => ({ module: 'server.heartbeat', message: 'node heartbeat ok ✓', fields: [['node_id', r.pick(who.nodeIds)]], caller: 'server/heartbeat.go:120' }),
    (r) => ({ module: 'client.driver_mgr.docker', message: 'image pulled', fields: [['image', `registry.internal/app:${r.int(1, 40)}.${r.int(0, 9)}`], ['size', `${r.int(10, 900)} MiB`]], caller: 'docker/coordinator.go:200' }),
  ],
  info: [
    (r) => ({ module: 'worker', message: 'scheduler accepted plan', fields: [['eval_id', id(r)], ['placements', String(r.int(1, 6))]], caller: 'server/worker.go:640' }),
    (r) => ({ module: 'client.gc', message: 'marking allocation for GC', fields: [['alloc_id', id(r)]], caller: 'client/gc.go:350' }),
    () => ({ module: 'agent', message: 'überprüfung der Konfiguration abgeschlossen ✓', fields: [['files', '2']], caller: 'command/agent/agent.go:480' }),
    (r) => ({ module: 'client.alloc_runner', message: 'ノード上のタスクを開始しました 🚀', fields: [['task', r.pick(['web', 'worker'])], ['alloc_id', id(r)]], caller: 'allocrunner/alloc_runner.go:390' }),
    (_r, who) => ({ module: 'server', message: 'node registration complete', fields: [['node', who.name]], caller: 'server/node_endpoint.go:190' }),
  ],
  warn: [
    (r) => ({ module: 'client', message: 'missed heartbeat', fields: [['req_latency', `${r.int(1, 9)}.${r.int(0, 9)}s`], ['heartbeat_ttl', '17.3s']], caller: 'client/client.go:1890' }),
    () => ({ module: 'agent', message: 'Ungültiger Wert für Einstellung – verwende Standard ⚠️', fields: [['key', 'client.gc_interval']], caller: 'command/agent/config.go:1500' }),
  ],
  error: [
    () => ({ module: 'worker', message: 'error invoking scheduler', fields: [['error', 'failed to process evaluation: context deadline exceeded']], caller: 'server/worker.go:433' }),
    (_r, who) => ({ module: 'server.raft', message: 'failed to heartbeat to', fields: [['peer', who.peers[who.peers.length - 1] ?? '10.0.0.13:4647'], ['error', 'dial tcp: connect: connection refused']], caller: 'raft/replication.go:439' }),
  ],
};

/** Level weights in percent: the agent is chatty at trace/debug and rarely errs. */
const WEIGHTS: [LogLevel, number][] = [
  ['trace', 25],
  ['debug', 35],
  ['info', 28],
  ['warn', 8],
  ['error', 4],
];

export function nextAgentRecord(rng: Rng, who: AgentIdentity, time: number): AgentLogRecord {
  let roll = rng.int(0, 99);
  let level: LogLevel = 'info';
  for (const [name, weight] of WEIGHTS) {
    if (roll < weight) {
      level = name;
      break;
    }
    roll -= weight;
  }
  return { time, level, ...rng.pick(TEMPLATES[level])(rng, who) };
}

export function passesLevel(record: AgentLogRecord, minimum: LogLevel | 'off'): boolean {
  if (minimum === 'off') return false;
  return LOG_LEVELS.indexOf(record.level) >= LOG_LEVELS.indexOf(minimum);
}

/** One newline-terminated line in the agent logger's text or JSON form. */
export function formatRecord(record: AgentLogRecord, format: LogFormat): string {
  const iso = new Date(record.time).toISOString();
  if (format.json) {
    const entry: Record<string, string> = {
      '@level': record.level,
      '@message': record.message,
      '@module': record.module,
      // The JSON form carries microseconds.
      '@timestamp': iso.replace('Z', `${String(record.time % 7).padStart(3, '0')}Z`),
    };
    if (format.includeLocation) entry['@caller'] = record.caller;
    for (const [key, value] of record.fields) entry[key] = value;
    return JSON.stringify(entry) + '\n';
  }
  const level = `[${record.level.toUpperCase()}]`.padEnd(7, ' ');
  const location = format.includeLocation ? `${record.caller}: ` : '';
  const fields = record.fields.map(([key, value]) => `${key}=${/[\s"=]/.test(value) ? JSON.stringify(value) : value}`).join(' ');
  return `${iso} ${level} ${location}${record.module}: ${record.message}${fields ? `: ${fields}` : ''}\n`;
}
