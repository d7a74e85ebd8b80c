// Runtime checks of agent answers (cluster-api.md, Agent and Agent records): integers stay integers, stats are
// strings. Objects stay loose so fields the console does not read survive as the server sent them.
import { z } from 'zod';
import { integer } from './schemas';

const str = z.string();

export const agentMemberSchema = z.looseObject({
  Name: str,
  Addr: str,
  Port: integer,
  Tags: z.record(str, str).nullable(),
  Status: str,
  ProtocolMin: integer,
  ProtocolMax: integer,
  ProtocolCur: integer,
  DelegateMin: integer,
  DelegateMax: integer,
  DelegateCur: integer,
});

export const agentMembersSchema = z.looseObject({
  ServerName: str,
  ServerRegion: str,
  ServerDC: str,
  Members: z.array(agentMemberSchema).nullable(),
});

export const agentServersSchema = z.array(str).nullable();

export const agentSelfSchema = z.looseObject({
  config: z.record(str, z.unknown()),
  member: agentMemberSchema,
  stats: z.record(str, z.record(str, str)),
});

export const agentJoinSchema = z.looseObject({ error: str, num_joined: integer });

const healthCheckSchema = z.looseObject({ message: str, ok: z.boolean() });

export const agentHealthSchema = z.looseObject({ client: healthCheckSchema.optional(), server: healthCheckSchema.optional() });

export const agentHostSchema = z.looseObject({
  AgentID: str,
  HostData: z.looseObject({
    OS: str,
    Network: z.array(z.record(str, str)).nullable(),
    ResolvConf: str,
    Hosts: str,
    Environment: z.record(str, str).nullable(),
    Disk: z.record(str, z.looseObject({ DiskMB: integer, UsedMB: integer })).nullable(),
  }),
});

const workerSchema = z.looseObject({ enabled_schedulers: z.array(str).nullable(), id: str, started: str, status: str, workload_status: str });

export const agentSchedulersSchema = z.looseObject({ schedulers: z.array(workerSchema).nullable(), server_id: str });

export const schedulerConfigSchema = z.looseObject({ enabled_schedulers: z.array(str).nullable(), num_schedulers: integer, server_id: str });
