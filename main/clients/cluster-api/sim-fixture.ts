// Shared set-up of the simulator tests: one simulator per file, a management and a read-only client, job texts.
import { afterAll, beforeAll, expect } from 'vitest';
import { startSimulator, type Simulator } from '../../../sim/index';
import { HostError } from '../../host/host-error';
import { ClusterClient, type Job } from './index';

export const ctx = {} as { sim: Simulator; admin: ClusterClient; readOnly: ClusterClient; datacenter: string };

const fastRetry = { baseDelayMs: 5, maxDelayMs: 20 };

export function clientWith(token: string | null, namespace = 'default'): ClusterClient {
  return new ClusterClient({ address: ctx.sim.url, namespace, tls: {}, token: async () => token, retry: fastRetry });
}

export async function failure(promise: Promise<unknown>): Promise<HostError> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(HostError);
    return error as HostError;
  }
  throw new Error('expected the call to fail');
}

export const serviceHcl = (id: string, count = 2, image = 'nginx:1.25') => `
job "${id}" {
  datacenters = ["${ctx.datacenter}"]
  type = "service"
  group "api" {
    count = ${count}
    task "server" {
      driver = "docker"
      config {
        image = "${image}"
      }
      resources {
        cpu    = 100
        memory = 128
      }
    }
  }
}
`;

export const dispatchHcl = (id: string) => `
job "${id}" {
  datacenters = ["${ctx.datacenter}"]
  type = "batch"
  parameterized {
    payload       = "optional"
    meta_optional = ["who"]
  }
  group "run" {
    task "once" {
      driver = "exec"
      config {
        command = "/bin/true"
      }
    }
  }
}
`;

export const periodicHcl = (id: string) => `
job "${id}" {
  datacenters = ["${ctx.datacenter}"]
  type = "batch"
  periodic {
    cron             = "0 3 * * *"
    prohibit_overlap = true
  }
  group "run" {
    task "once" {
      driver = "exec"
      config {
        command = "/bin/true"
      }
    }
  }
}
`;

export async function register(hcl: string): Promise<Job> {
  const job = await ctx.admin.parseJob({ hcl, canonicalize: true });
  await ctx.admin.registerJob(job);
  return (await ctx.admin.readJob(job.ID)).value;
}

/** Registers the simulator's lifecycle hooks in the calling test file. */
export function useSimulator(): void {
beforeAll(async () => {
  ctx.sim = await startSimulator({ seed: 7 });
  ctx.admin = clientWith(ctx.sim.clusterToken);
  ctx.readOnly = clientWith(ctx.sim.clusterReadOnlyToken);
  const nodes = await ctx.admin.listNodes();
  ctx.datacenter = nodes.value[0].Datacenter;
});

afterAll(async () => {
  ctx.admin?.close();
  ctx.readOnly?.close();
  await ctx.sim?.close();
});
}
