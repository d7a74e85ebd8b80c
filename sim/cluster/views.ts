// How records serialise: full objects, list stubs and derived fields (job Status, summaries, synthesised task
// histories for allocations the dynamics never touched), shaped as Nomad answers them.
import type { AllocRecord, Job, JobRecord, Json, NodeRecord, TaskGroup, TaskState } from './model';
import { TERMINAL_CLIENT } from './model';
import type { ClusterState, PayloadBuilder, Tx } from './state';
import { NODE_TEMPLATES } from './templates';
import { newTaskState, pushTaskEvent, taskEvent } from './task-events';
import { NS } from './job-shape';

const hash = (text: string): number => {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return h >>> 0;
};

const iso = (ns: number): string => new Date(Math.floor(ns / 1e6)).toISOString();

export class Views implements PayloadBuilder {
  state!: ClusterState;

  jobAt(rec: JobRecord, version: number): Job {
    return rec.versions.find((v) => v.Version === version) ?? rec.job;
  }

  groupOf(alloc: AllocRecord): TaskGroup | undefined {
    const rec = this.state.jobOrPurged(alloc.jobKey);
    if (!rec) return undefined;
    return this.jobAt(rec, alloc.JobVersion).TaskGroups.find((g) => g.Name === alloc.TaskGroup) ?? rec.job.TaskGroups.find((g) => g.Name === alloc.TaskGroup);
  }

  jobStatus(rec: JobRecord): string {
    const job = rec.job;
    if ((job.Periodic?.Enabled || job.ParameterizedJob) && !job.Dispatched && !job.ParentID) return job.Stop ? 'dead' : 'running';
    let live = false;
    let any = false;
    for (const id of this.state.allocsByJob.get(rec.key) ?? []) {
      const alloc = this.state.allocs.get(id);
      if (!alloc) continue;
      any = true;
      if (!TERMINAL_CLIENT.has(alloc.ClientStatus)) live = true;
    }
    if (live) return 'running';
    if (job.Stop || any) return 'dead';
    return 'pending';
  }

  job(rec: JobRecord): Json {
    return rec.job;
  }

  /** Re-derives a job's Status after its allocations changed; a change is a new job modify (and a Job event). */
  refreshStatus(tx: Tx, rec: JobRecord): void {
    const status = this.jobStatus(rec);
    if (status === rec.job.Status) return;
    const updated: Job = { ...rec.job, Status: status, ModifyIndex: tx.index };
    rec.versions = rec.versions.map((v) => (v === rec.job ? updated : v));
    rec.job = updated;
    tx.jobEvent(rec, 'JobRegistered');
  }

  jobVersion(rec: JobRecord, job: Job): Json {
    return job === rec.job ? this.job(rec) : job;
  }

  summary(rec: JobRecord): Json {
    const summary: Record<string, Record<string, number>> = {};
    for (const group of rec.job.TaskGroups) summary[group.Name] = { Queued: 0, Complete: 0, Failed: 0, Running: 0, Starting: 0, Lost: 0, Unknown: 0 };
    let modify = rec.summaryModifyIndex;
    for (const id of this.state.allocsByJob.get(rec.key) ?? []) {
      const alloc = this.state.allocs.get(id);
      if (!alloc) continue;
      const counts = (summary[alloc.TaskGroup] ??= { Queued: 0, Complete: 0, Failed: 0, Running: 0, Starting: 0, Lost: 0, Unknown: 0 });
      const key = ({ pending: 'Starting', running: 'Running', complete: 'Complete', failed: 'Failed', lost: 'Lost' } as const)[alloc.ClientStatus];
      counts[key]++;
      if (alloc.ModifyIndex > modify) modify = alloc.ModifyIndex;
    }
    const children = { Pending: 0, Running: 0, Dead: 0 };
    for (const childKey of rec.children) {
      const child = this.state.jobs.get(childKey);
      if (!child) continue;
      const status = this.jobStatus(child);
      if (status === 'running') children.Running++;
      else if (status === 'dead') children.Dead++;
      else children.Pending++;
    }
    return { JobID: rec.job.ID, Namespace: rec.job.Namespace, Summary: summary, Children: children, CreateIndex: rec.summaryCreateIndex, ModifyIndex: modify };
  }

  jobStub(rec: JobRecord): Json {
    const job = rec.job;
    return {
      ID: job.ID,
      ParentID: job.ParentID,
      Name: job.Name,
      Namespace: job.Namespace,
      Datacenters: job.Datacenters,
      NodePool: job.NodePool,
      Multiregion: job.Multiregion,
      Type: job.Type,
      Priority: job.Priority,
      Periodic: job.Periodic !== null,
      ParameterizedJob: job.ParameterizedJob !== null,
      Stop: job.Stop,
      Status: job.Status,
      StatusDescription: job.StatusDescription,
      JobSummary: this.summary(rec),
      CreateIndex: job.CreateIndex,
      ModifyIndex: job.ModifyIndex,
      JobModifyIndex: job.JobModifyIndex,
      SubmitTime: job.SubmitTime,
      Meta: job.Meta,
    };
  }

  /** Task states as stored, or a deterministic history derived from the allocation's ID and status. */
  taskStates(alloc: AllocRecord): Record<string, TaskState> {
    if (alloc.TaskStates) return alloc.TaskStates;
    const group = this.groupOf(alloc);
    const out: Record<string, TaskState> = {};
    const h = hash(alloc.ID);
    const t0 = alloc.CreateTime;
    for (const task of group?.Tasks ?? []) {
      const state = newTaskState();
      pushTaskEvent(state, taskEvent.received(t0));
      pushTaskEvent(state, taskEvent.setup(t0 + 0.1 * NS));
      if (alloc.ClientStatus === 'pending') {
        out[task.Name] = state;
        continue;
      }
      if (task.Driver === 'docker') pushTaskEvent(state, taskEvent.driver(t0 + 0.3 * NS, `Downloading image`));
      const started = t0 + 3 * NS;
      pushTaskEvent(state, taskEvent.started(started));
      state.State = 'running';
      state.StartedAt = iso(started);
      if (alloc.ClientStatus === 'running' && h % 7 === 0) {
        const failedAt = started + (600 + (h % 3000)) * NS;
        pushTaskEvent(state, taskEvent.terminated(failedAt, 1));
        pushTaskEvent(state, taskEvent.restarting(failedAt, 15 * NS));
        pushTaskEvent(state, taskEvent.started(failedAt + 15 * NS));
        state.Restarts = 1;
        state.LastRestart = iso(failedAt);
        state.StartedAt = iso(failedAt + 15 * NS);
      }
      const end = Math.max(started + 60 * NS, alloc.ModifyTime);
      if (alloc.ClientStatus === 'complete') {
        if (alloc.DesiredStatus !== 'run') pushTaskEvent(state, taskEvent.killing(end - NS, 5 * NS));
        pushTaskEvent(state, taskEvent.terminated(end, 0));
        if (alloc.DesiredStatus !== 'run') pushTaskEvent(state, taskEvent.killed(end));
      } else if (alloc.ClientStatus === 'failed') {
        pushTaskEvent(state, taskEvent.terminated(end, 1));
        pushTaskEvent(state, taskEvent.notRestarting(end, 2, 1800 * NS));
        state.Failed = true;
      } else if (alloc.ClientStatus === 'lost') {
        pushTaskEvent(state, taskEvent.killed(end));
      }
      if (alloc.ClientStatus !== 'running') {
        state.State = 'dead';
        state.FinishedAt = iso(end);
      }
      out[task.Name] = state;
    }
    return out;
  }

  private resources(group: TaskGroup | undefined): { total: Json; tasks: Json; shared: Json } {
    let cpu = 0;
    let memory = 0;
    const tasks: Json = {};
    for (const task of group?.Tasks ?? []) {
      const r = task.Resources ?? { CPU: 100, MemoryMB: 300 };
      cpu += r.CPU;
      memory += r.MemoryMB;
      tasks[task.Name] = { CPU: r.CPU, MemoryMB: r.MemoryMB, DiskMB: 0, IOPS: 0, Networks: null };
    }
    const disk = Number((group?.EphemeralDisk as Json | undefined)?.SizeMB ?? 300);
    return {
      total: { CPU: cpu, MemoryMB: memory, DiskMB: disk, IOPS: 0, Networks: (group?.Networks as unknown) ?? null },
      tasks,
      shared: { CPU: 0, MemoryMB: 0, DiskMB: disk, IOPS: 0, Networks: (group?.Networks as unknown) ?? null },
    };
  }

  private nodeName(alloc: AllocRecord): string {
    return this.state.nodes.get(alloc.NodeID)?.Name ?? '';
  }

  /** AllocListStub as GET /v1/allocations and /v1/job/:id/allocations answer. */
  allocStub(alloc: AllocRecord): Json {
    const rec = this.state.jobOrPurged(alloc.jobKey);
    return {
      ID: alloc.ID,
      EvalID: alloc.EvalID,
      Name: alloc.Name,
      Namespace: alloc.Namespace,
      NodeID: alloc.NodeID,
      NodeName: this.nodeName(alloc),
      JobID: alloc.JobID,
      JobType: rec?.job.Type ?? '',
      JobVersion: alloc.JobVersion,
      TaskGroup: alloc.TaskGroup,
      AllocatedResources: null,
      DesiredStatus: alloc.DesiredStatus,
      DesiredDescription: alloc.DesiredDescription,
      ClientStatus: alloc.ClientStatus,
      ClientDescription: alloc.ClientDescription,
      DesiredTransition: alloc.DesiredTransition,
      TaskStates: this.taskStates(alloc),
      DeploymentStatus: alloc.DeploymentStatus,
      FollowupEvalID: alloc.FollowupEvalID,
      PreviousAllocation: alloc.PreviousAllocation,
      NextAllocation: alloc.NextAllocation,
      RescheduleTracker: alloc.RescheduleTracker,
      PreemptedAllocations: null,
      PreemptedByAllocation: '',
      CreateIndex: alloc.CreateIndex,
      ModifyIndex: alloc.ModifyIndex,
      CreateTime: alloc.CreateTime,
      ModifyTime: alloc.ModifyTime,
    };
  }

  /** The full allocation; `withJob` false for event-stream payloads (cluster-api.md: Job omitted there). */
  allocFull(alloc: AllocRecord, withJob = true): Json {
    const rec = this.state.jobOrPurged(alloc.jobKey);
    const group = this.groupOf(alloc);
    const resources = this.resources(group);
    const node = this.state.nodes.get(alloc.NodeID);
    const out: Json = {
      ID: alloc.ID,
      Namespace: alloc.Namespace,
      EvalID: alloc.EvalID,
      Name: alloc.Name,
      NodeID: alloc.NodeID,
      NodeName: node?.Name ?? '',
      JobID: alloc.JobID,
    };
    if (withJob) out.Job = rec ? this.jobVersion(rec, this.jobAt(rec, alloc.JobVersion)) : null;
    Object.assign(out, {
      TaskGroup: alloc.TaskGroup,
      Resources: resources.total,
      SharedResources: resources.shared,
      TaskResources: resources.tasks,
      AllocatedResources: null,
      Metrics: {
        NodesEvaluated: (hash(alloc.ID) % 5) + 1,
        NodesFiltered: 0,
        NodesAvailable: node ? { [node.Datacenter]: 3 } : {},
        ClassFiltered: null,
        ConstraintFiltered: null,
        NodesExhausted: 0,
        ClassExhausted: null,
        DimensionExhausted: null,
        QuotaExhausted: null,
        ResourcesExhausted: null,
        Scores: null,
        ScoreMetaData: null,
        AllocationTime: 80_000 + (hash(alloc.ID) % 200_000),
        CoalescedFailures: 0,
      },
      DesiredStatus: alloc.DesiredStatus,
      DesiredDescription: alloc.DesiredDescription,
      DesiredTransition: alloc.DesiredTransition,
      ClientStatus: alloc.ClientStatus,
      ClientDescription: alloc.ClientDescription,
      TaskStates: this.taskStates(alloc),
      DeploymentID: alloc.DeploymentID,
      DeploymentStatus: alloc.DeploymentStatus,
      FollowupEvalID: alloc.FollowupEvalID,
      PreviousAllocation: alloc.PreviousAllocation,
      NextAllocation: alloc.NextAllocation,
      RescheduleTracker: alloc.RescheduleTracker,
      NetworkStatus: null,
      PreemptedAllocations: null,
      PreemptedByAllocation: '',
      CreateIndex: alloc.CreateIndex,
      ModifyIndex: alloc.ModifyIndex,
      AllocModifyIndex: alloc.AllocModifyIndex,
      CreateTime: alloc.CreateTime,
      ModifyTime: alloc.ModifyTime,
    });
    return out;
  }

  private drivers(node: NodeRecord): Json {
    const template = NODE_TEMPLATES[node.template];
    const out: Json = {};
    for (const name of template.drivers) {
      const healthy = node.driverHealth[name] ?? true;
      out[name] = {
        Attributes: healthy ? { [`driver.${name}`]: 'true', ...(name === 'docker' ? { 'driver.docker.version': '25.0.3', 'driver.docker.runtimes': 'io.containerd.runc.v2,runc' } : {}) } : null,
        Detected: true,
        Healthy: healthy,
        HealthDescription: healthy ? 'Healthy' : `Failed to connect to ${name} daemon`,
        UpdateTime: new Date(node.StatusUpdatedAt * 1000).toISOString(),
      };
    }
    return out;
  }

  private hostVolumes(node: NodeRecord): Json {
    const volumes: Json = { scratch: { Name: 'scratch', Path: '/opt/scratch', ReadOnly: false } };
    if (NODE_TEMPLATES[node.template].NodeClass === 'storage') volumes['pg-data'] = { Name: 'pg-data', Path: '/srv/pg-data', ReadOnly: false };
    volumes.certs = { Name: 'certs', Path: '/etc/ssl/certs', ReadOnly: true };
    return volumes;
  }

  nodeStub(node: NodeRecord): Json {
    const template = NODE_TEMPLATES[node.template];
    return {
      Address: node.Address,
      ID: node.ID,
      Attributes: null,
      Datacenter: node.Datacenter,
      Name: node.Name,
      NodeClass: node.NodeClass,
      NodePool: 'default',
      Version: template.attributes['nomad.version'],
      Drain: node.Drain,
      SchedulingEligibility: node.SchedulingEligibility,
      Status: node.Status,
      StatusDescription: node.StatusDescription,
      Drivers: this.drivers(node),
      HostVolumes: this.hostVolumes(node),
      NodeResources: null,
      ReservedResources: null,
      LastDrain: node.LastDrain,
      CreateIndex: node.CreateIndex,
      ModifyIndex: node.ModifyIndex,
    };
  }

  node(node: NodeRecord): Json {
    const template = NODE_TEMPLATES[node.template];
    const networks = [{ Mode: 'host', Device: 'eth0', CIDR: `${node.Address}/32`, IP: node.Address, MBits: 1000, DNS: null, ReservedPorts: null, DynamicPorts: null }];
    return {
      ID: node.ID,
      SecretID: node.SecretID,
      Datacenter: node.Datacenter,
      Name: node.Name,
      HTTPAddr: `${node.Address}:4646`,
      TLSEnabled: false,
      Attributes: { ...template.attributes, 'unique.hostname': node.Name, 'unique.network.ip-address': node.Address, 'unique.platform.aws.instance-id': `i-${node.ID.replace(/-/g, '').slice(0, 17)}` },
      NodeResources: {
        Cpu: { CpuShares: template.cpuShares, TotalCpuCores: template.cores, ReservableCpuCores: Array.from({ length: template.cores }, (_, i) => i) },
        Memory: { MemoryMB: template.memoryMB },
        Disk: { DiskMB: template.diskMB },
        Networks: networks,
        NodeNetworks: [{ Mode: 'host', Device: 'eth0', MacAddress: '02:42:ac:11:00:02', Speed: 1000, Addresses: [{ Family: 'ipv4', Alias: 'default', Address: node.Address, ReservedPorts: '', Gateway: '' }] }],
        Devices: null,
        MinDynamicPort: 20000,
        MaxDynamicPort: 32000,
      },
      ReservedResources: { Cpu: { CpuShares: 0 }, Memory: { MemoryMB: 0 }, Disk: { DiskMB: 0 }, Networks: { ReservedHostPorts: '' } },
      Resources: { CPU: template.cpuShares, MemoryMB: template.memoryMB, DiskMB: template.diskMB, IOPS: 0, Networks: networks },
      Reserved: { CPU: 0, MemoryMB: 0, DiskMB: 0, IOPS: 0, Networks: null },
      Links: { 'aws.ec2': `us-east-1a.i-${node.ID.replace(/-/g, '').slice(0, 17)}` },
      Meta: { connect: 'true', rack: `r${(hash(node.ID) % 12) + 1}` },
      NodeClass: node.NodeClass,
      NodePool: 'default',
      ComputedClass: `v1:${hash(node.NodeClass + node.Datacenter)}`,
      DrainStrategy: node.DrainStrategy,
      SchedulingEligibility: node.SchedulingEligibility,
      Status: node.Status,
      StatusDescription: node.StatusDescription,
      StatusUpdatedAt: node.StatusUpdatedAt,
      Events: node.Events,
      Drivers: this.drivers(node),
      CSIControllerPlugins: null,
      CSINodePlugins: null,
      HostVolumes: this.hostVolumes(node),
      HostNetworks: null,
      LastDrain: node.LastDrain,
      Drain: node.Drain,
      Version: template.attributes['nomad.version'],
      CreateIndex: node.CreateIndex,
      ModifyIndex: node.ModifyIndex,
    };
  }

  // PayloadBuilder: what the event stream carries (cluster-api.md, Event stream: Allocation without job).
  alloc(alloc: AllocRecord): Json {
    return this.allocFull(alloc, false);
  }
}

