// Shared building blocks of the generated estate: task groups and node hardware profiles. Large estates share
// these objects by reference (stored jobs are never mutated in place), which keeps 20,000 jobs cheap.
import type { Json, TaskGroup } from './model';
import { canonicalGroup, NS } from './job-shape';

const S = NS;

function task(name: string, driver: string, config: Json, cpu: number, memory: number, extra: Json = {}): Json {
  return { Name: name, Driver: driver, Config: config, Resources: { CPU: cpu, MemoryMB: memory }, ...extra };
}

function service(name: string, port: string): Json {
  return {
    Name: name,
    Tags: ['urlprefix-/' + name, 'v1'],
    PortLabel: port,
    AddressMode: 'auto',
    Provider: 'builtin',
    Meta: null,
    Checks: [{ Name: `${name}-alive`, Type: 'tcp', Command: '', Args: null, Path: '', Protocol: '', PortLabel: port, Interval: 10 * S, Timeout: 2 * S, InitialStatus: '', TLSSkipVerify: false }],
  };
}

function network(label: string, to: number): Json {
  return { Mode: 'host', Device: '', CIDR: '', IP: '', MBits: 0, DNS: null, ReservedPorts: null, DynamicPorts: [{ Label: label, Value: 0, To: to, HostNetwork: 'default' }] };
}

export interface GroupTemplate {
  name: string;
  type: 'service' | 'batch' | 'system';
  make(count: number): Json;
}

export const GROUP_TEMPLATES: GroupTemplate[] = [
  { name: 'frontend', type: 'service', make: (count) => ({ Name: 'frontend', Count: count, Networks: [network('http', 80)], Services: [service('frontend', 'http')], Tasks: [task('nginx', 'docker', { image: 'nginx:1.25', ports: ['http'] }, 200, 128)] }) },
  {
    name: 'api',
    type: 'service',
    make: (count) => ({
      Name: 'api',
      Count: count,
      Networks: [network('http', 8080)],
      Services: [service('api', 'http')],
      Scaling: { Min: 1, Max: 20, Enabled: true, Policy: null, Type: 'horizontal' },
      Tasks: [
        task('server', 'docker', { image: 'ghcr.io/acme/api:2.3.1', ports: ['http'], args: ['--listen', ':8080'] }, 500, 512, {
          Env: { LOG_LEVEL: 'info' },
          Templates: [{ SourcePath: '', DestPath: 'local/app.env', EmbeddedTmpl: 'DB_HOST={{ env "attr.unique.network.ip-address" }}\n', ChangeMode: 'restart', ChangeSignal: '', Splay: 5 * S, Perms: '0644' }],
        }),
        task('envoy', 'docker', { image: 'envoyproxy/envoy:v1.29' }, 100, 64, { Lifecycle: { Hook: 'prestart', Sidecar: true } }),
      ],
    }),
  },
  { name: 'cache', type: 'service', make: (count) => ({ Name: 'cache', Count: count, Networks: [network('db', 6379)], Services: [service('redis', 'db')], Tasks: [task('redis', 'docker', { image: 'redis:7', ports: ['db'] }, 300, 256)] }) },
  {
    name: 'worker',
    type: 'service',
    make: (count) => ({
      Name: 'worker',
      Count: count,
      RestartPolicy: { Attempts: 2, Interval: 1800 * S, Delay: 15 * S, Mode: 'fail' },
      Tasks: [task('consumer', 'exec', { command: '/usr/local/bin/consumer', args: ['--queue', 'jobs'] }, 250, 256, { Artifacts: [{ GetterSource: 'https://releases.example.com/consumer_1.4.2_linux_amd64.tar.gz', GetterOptions: { checksum: 'sha256:9f2d0c3b' }, RelativeDest: 'local/' }] })],
    }),
  },
  { name: 'db', type: 'service', make: (count) => ({ Name: 'db', Count: count, Volumes: { data: { Name: 'data', Type: 'host', Source: 'pg-data', ReadOnly: false } }, Tasks: [task('postgres', 'docker', { image: 'postgres:16' }, 1000, 2048, { VolumeMounts: [{ Volume: 'data', Destination: '/var/lib/postgresql/data', ReadOnly: false }] })] }) },
  { name: 'report', type: 'batch', make: (count) => ({ Name: 'report', Count: count, Tasks: [task('generate', 'docker', { image: 'ghcr.io/acme/reports:1.0', command: 'generate' }, 500, 512)] }) },
  { name: 'encode', type: 'batch', make: (count) => ({ Name: 'encode', Count: count, Tasks: [task('ffmpeg', 'docker', { image: 'jrottenberg/ffmpeg:6', args: ['-i', '${NOMAD_TASK_DIR}/input'] }, 2000, 1024, { DispatchPayload: { File: 'input' } })] }) },
  { name: 'shipper', type: 'system', make: (count) => ({ Name: 'shipper', Count: count, Tasks: [task('vector', 'docker', { image: 'timberio/vector:0.37.0-debian' }, 100, 128)] }) },
];

const groupCache = new Map<string, TaskGroup>();

/** One shared canonical group per (template, count, job type). */
export function sharedGroup(templateIndex: number, count: number, type: string): TaskGroup {
  const key = `${templateIndex}/${count}/${type}`;
  let group = groupCache.get(key);
  if (!group) groupCache.set(key, (group = canonicalGroup(GROUP_TEMPLATES[templateIndex].make(count), type)));
  return group;
}

export function templateIndex(name: string): number {
  return GROUP_TEMPLATES.findIndex((t) => t.name === name);
}

export interface NodeTemplate {
  NodeClass: string;
  cpuShares: number;
  cores: number;
  memoryMB: number;
  diskMB: number;
  drivers: string[];
  attributes: Record<string, string>;
}

const baseAttributes = (cores: number, memoryMB: number, diskMB: number): Record<string, string> => ({
  'kernel.name': 'linux',
  'kernel.version': '6.1.0-18-amd64',
  'os.name': 'debian',
  'os.version': '12.5',
  'cpu.arch': 'amd64',
  'cpu.modelname': 'Intel(R) Xeon(R) Platinum 8375C CPU @ 2.90GHz',
  'cpu.numcores': String(cores),
  'cpu.frequency': '2900',
  'cpu.totalcompute': String(cores * 2900),
  'memory.totalbytes': String(memoryMB * 1024 * 1024),
  'unique.storage.bytestotal': String(diskMB * 1024 * 1024),
  'nomad.version': '1.7.7',
  'nomad.revision': '0f34c85ee63f6472bd2db1e2487611f4b176c70c',
  'driver.exec': '1',
  'driver.docker': '1',
  'driver.docker.version': '25.0.3',
  'consul.version': '1.17.3',
  'platform.aws.instance-type': cores >= 16 ? 'm6i.4xlarge' : 'm6i.xlarge',
});

export const NODE_TEMPLATES: NodeTemplate[] = [
  { NodeClass: 'general', cpuShares: 4 * 2900, cores: 4, memoryMB: 15_830, diskMB: 95_000, drivers: ['docker', 'exec', 'raw_exec'], attributes: baseAttributes(4, 15_830, 95_000) },
  { NodeClass: 'compute', cpuShares: 16 * 2900, cores: 16, memoryMB: 63_400, diskMB: 190_000, drivers: ['docker', 'exec'], attributes: baseAttributes(16, 63_400, 190_000) },
  { NodeClass: 'storage', cpuShares: 8 * 2900, cores: 8, memoryMB: 31_700, diskMB: 950_000, drivers: ['docker', 'exec', 'java'], attributes: { ...baseAttributes(8, 31_700, 950_000), 'driver.java': '1', 'driver.java.version': '17.0.10' } },
];
