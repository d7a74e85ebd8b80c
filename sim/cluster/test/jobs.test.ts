// Contract tests of the job read/write endpoints against a loopback server.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startTestCluster, type TestCluster } from './server';

let c: TestCluster;
beforeEach(async () => {
  c = await startTestCluster();
});
afterEach(async () => {
  await c.close();
});

const newJob = (id: string, image = 'nginx:1.25', count = 2) => ({
  ID: id,
  Name: id,
  Type: 'service',
  Datacenters: ['dc1', 'dc2'],
  TaskGroups: [{ Name: 'web', Count: count, Tasks: [{ Name: 'server', Driver: 'docker', Config: { image }, Resources: { CPU: 100, MemoryMB: 64 } }] }],
});

describe('GET /v1/jobs', () => {
  it('lists job stubs with summaries and the index headers', async () => {
    const res = await c.call('/v1/jobs');
    expect(res.status).toBe(200);
    expect(Number(res.headers.get('X-Cluster-Index'))).toBeGreaterThan(1);
    expect(res.headers.get('X-Cluster-KnownLeader')).toBe('true');
    const jobs = await res.json();
    expect(jobs.map((j: any) => j.ID)).toContain('web');
    const web = jobs.find((j: any) => j.ID === 'web');
    expect(web).toMatchObject({ Type: 'service', Status: 'running', ParentID: '', Periodic: false, ParameterizedJob: false });
    expect(Number.isInteger(web.JobSummary.Summary.frontend.Running)).toBe(true);
    expect(Number.isInteger(web.SubmitTime)).toBe(true);
    expect(jobs.every((j: any) => j.Namespace === 'default')).toBe(true);
  });

  it('filters by prefix and lists every namespace with *', async () => {
    expect((await c.json('/v1/jobs?prefix=re')).map((j: any) => j.ID)).toEqual(['report-nightly']);
    const all = await c.json('/v1/jobs?namespace=*');
    expect(all.some((j: any) => j.Namespace === 'ops')).toBe(true);
  });

  it('pages with per_page and next_token', async () => {
    const first = await c.call('/v1/jobs?per_page=3');
    const page1 = await first.json();
    const token = first.headers.get('X-Cluster-NextToken');
    expect(page1).toHaveLength(3);
    expect(token).toMatch(/^default\./);
    const page2 = await c.json(`/v1/jobs?per_page=3&next_token=${encodeURIComponent(token!)}`);
    expect(page2[0].ID).not.toBe(page1[2].ID);
    const all = await c.json('/v1/jobs');
    expect([...page1, ...page2].map((j: any) => j.ID)).toEqual(all.slice(0, 6).map((j: any) => j.ID));
    const last = await c.call('/v1/jobs?per_page=100');
    expect(last.headers.get('X-Cluster-NextToken')).toBeNull();
  });

  it('applies filter expressions and answers 400 on a bad one', async () => {
    const batch = await c.json(`/v1/jobs?filter=${encodeURIComponent('Type == "batch" and not (Name contains "nightly")')}`);
    expect(batch.map((j: any) => j.ID).sort()).toEqual(['cleanup', 'cleanup/periodic-1714563900', 'video-encode'].sort());
    const team = await c.json(`/v1/jobs?filter=${encodeURIComponent('Meta.team == "platform"')}`);
    expect(team.map((j: any) => j.ID).sort()).toEqual(['api', 'worker']);
    const dc = await c.json(`/v1/jobs?filter=${encodeURIComponent('"dc2" in Datacenters and Status matches "^run"')}`);
    expect(dc.length).toBeGreaterThan(0);
    const bad = await c.call(`/v1/jobs?filter=${encodeURIComponent('Type === "x"')}`);
    expect(bad.status).toBe(400);
    expect(await bad.text()).toMatch(/failed to read filter expression: 1:\d+/);
    expect((await c.call(`/v1/jobs?filter=${encodeURIComponent('Nope == 1')}`)).status).toBe(400);
  });

  it('needs list-jobs in the namespace', async () => {
    expect((await c.call('/v1/jobs', { token: null })).status).toBe(403);
    const unknown = await c.call('/v1/jobs', { token: 'not-a-token' });
    expect(unknown.status).toBe(403);
    expect(await unknown.text()).toBe('ACL token not found');
    expect((await c.call('/v1/jobs?namespace=ops', { token: c.tokens.defaultReader })).status).toBe(403);
    expect((await c.call('/v1/jobs', { token: c.tokens.readOnly })).status).toBe(200);
  });
});

describe('POST /v1/jobs and POST /v1/job/:id', () => {
  it('registers a job, creating an evaluation and allocations', async () => {
    const out = await c.json('/v1/jobs', { method: 'POST', json: { Job: newJob('shop') } });
    expect(out).toMatchObject({ Warnings: '', KnownLeader: false });
    expect(out.EvalID).toMatch(/^[0-9a-f-]{36}$/);
    expect(Number.isInteger(out.EvalCreateIndex) && Number.isInteger(out.JobModifyIndex)).toBe(true);
    const job = await c.json('/v1/job/shop');
    expect(job).toMatchObject({ ID: 'shop', Version: 0, Priority: 50, Region: 'global' });
    expect(job.TaskGroups[0].RestartPolicy).toEqual({ Attempts: 2, Interval: 1_800_000_000_000, Delay: 15_000_000_000, Mode: 'fail' });
    const allocs = await c.json('/v1/job/shop/allocations');
    expect(allocs).toHaveLength(2);
    expect(allocs[0].ClientStatus).toBe('pending');
    const evals = await c.json('/v1/job/shop/evaluations');
    expect(evals[0]).toMatchObject({ ID: out.EvalID, Status: 'complete', TriggeredBy: 'job-register' });
  });

  it('enforces the job modify index', async () => {
    const created = await c.json('/v1/jobs', { method: 'POST', json: { Job: newJob('shop'), EnforceIndex: true, JobModifyIndex: 0 } });
    const again = await c.call('/v1/jobs', { method: 'POST', json: { Job: newJob('shop'), EnforceIndex: true, JobModifyIndex: 0 } });
    expect(again.status).toBe(409);
    expect(await again.text()).toBe('Enforcing job modify index 0: job already exists');
    const stale = await c.call('/v1/job/shop', { method: 'POST', json: { Job: newJob('shop', 'nginx:2'), EnforceIndex: true, JobModifyIndex: created.JobModifyIndex - 1 } });
    expect(stale.status).toBe(409);
    expect(await stale.text()).toBe(`Enforcing job modify index ${created.JobModifyIndex - 1}: job exists with conflicting job modify index: ${created.JobModifyIndex}`);
    const ok = await c.call('/v1/job/shop', { method: 'POST', json: { Job: newJob('shop', 'nginx:2'), EnforceIndex: true, JobModifyIndex: created.JobModifyIndex } });
    expect(ok.status).toBe(200);
    expect((await c.json('/v1/job/shop')).Version).toBe(1);
  });

  it('refuses invalid bodies with 400 and plain-text reasons', async () => {
    const noJob = await c.call('/v1/jobs', { method: 'POST', json: {} });
    expect(noJob.status).toBe(400);
    expect(await noJob.text()).toBe('Job must be specified');
    const invalid = await c.call('/v1/jobs', { method: 'POST', json: { Job: { ID: 'x', TaskGroups: [] } } });
    expect(invalid.status).toBe(400);
    expect(await invalid.text()).toContain('Missing job task groups');
    const malformed = await c.call('/v1/jobs', { method: 'POST', body: '{"Job": ', headers: { 'Content-Type': 'application/json' } });
    expect(malformed.status).toBe(400);
    const wrongType = await c.call('/v1/jobs', { method: 'POST', json: { Job: newJob('a'), EnforceIndex: 'yes' } });
    expect(wrongType.status).toBe(400);
    const mismatch = await c.call('/v1/job/other', { method: 'POST', json: { Job: newJob('shop') } });
    expect(mismatch.status).toBe(400);
    expect(await mismatch.text()).toBe('Job ID does not match name');
  });

  it('needs submit-job', async () => {
    const res = await c.call('/v1/jobs', { method: 'POST', json: { Job: newJob('shop') }, token: c.tokens.readOnly });
    expect(res.status).toBe(403);
    expect(await res.text()).toBe('Permission denied');
  });
});

describe('POST /v1/jobs/parse', () => {
  const hcl = `
job "docs" {
  datacenters = ["dc1"]
  type = "service"
  meta { owner = "web" }
  group "web" {
    count = 3
    restart {
      attempts = 5
      interval = "10m"
    }
    network {
      port "http" { to = 8080 }
    }
    task "server" {
      driver = "docker"
      config {
        image = "nginx:1.25"
        ports = ["http"]
      }
      resources {
        cpu    = 200
        memory = 256
      }
    }
  }
}
`;
  it('parses job text into a Job object', async () => {
    const job = await c.json('/v1/jobs/parse', { method: 'POST', json: { JobHCL: hcl } });
    expect(job.ID).toBe('docs');
    expect(job.Priority).toBeNull();
    expect(job.TaskGroups[0].Count).toBe(3);
    expect(job.TaskGroups[0].RestartPolicy).toEqual({ Attempts: 5, Interval: 600_000_000_000 });
    expect(job.TaskGroups[0].Tasks[0].Config).toEqual({ image: 'nginx:1.25', ports: ['http'] });
    expect(job.TaskGroups[0].Tasks[0].Resources).toEqual({ CPU: 200, MemoryMB: 256 });
    expect(job.TaskGroups[0].Networks[0].DynamicPorts).toEqual([{ Label: 'http', Value: 0, To: 8080, HostNetwork: 'default' }]);
  });

  it('fills defaults with Canonicalize', async () => {
    const job = await c.json('/v1/jobs/parse', { method: 'POST', json: { JobHCL: hcl, Canonicalize: true } });
    expect(job).toMatchObject({ Priority: 50, Region: 'global', Namespace: 'default', Meta: { owner: 'web' } });
    expect(job.TaskGroups[0].RestartPolicy).toEqual({ Attempts: 5, Interval: 600_000_000_000, Delay: 15_000_000_000, Mode: 'fail' });
  });

  it('answers 400 with the line of a syntax error', async () => {
    const res = await c.call('/v1/jobs/parse', { method: 'POST', json: { JobHCL: 'job "x" {\n  group "g" {\n    count = \n  }\n}\n' } });
    expect(res.status).toBe(400);
    expect(await res.text()).toMatch(/^input\.hcl:3,/);
    const unknown = await c.call('/v1/jobs/parse', { method: 'POST', json: { JobHCL: 'job "x" {\n  colour = "red"\n}\n' } });
    expect(await unknown.text()).toMatch(/^input\.hcl:2,3-4: Unsupported argument/);
    const unclosed = await c.call('/v1/jobs/parse', { method: 'POST', json: { JobHCL: 'job "x" {\n  group "g" {\n' } });
    expect(await unclosed.text()).toContain('Unclosed configuration block');
    expect((await c.call('/v1/jobs/parse', { method: 'POST', json: {} })).status).toBe(400);
  });
});

describe('GET /v1/job/:id and DELETE', () => {
  it('reads a job or answers 404 job not found', async () => {
    const res = await c.call('/v1/job/web');
    expect(res.status).toBe(200);
    const job = await res.json();
    expect(Number(res.headers.get('X-Cluster-Index'))).toBe(job.ModifyIndex);
    const missing = await c.call('/v1/job/nope');
    expect(missing.status).toBe(404);
    expect(await missing.text()).toBe('job not found');
    expect((await c.call('/v1/job/billing?namespace=ops')).status).toBe(200);
    expect((await c.call('/v1/job/cleanup%2Fperiodic-1714563900')).status).toBe(200);
  });

  it('stops a job (a new version with Stop) and purges it', async () => {
    const stop = await c.json('/v1/job/web', { method: 'DELETE' });
    expect(stop.EvalID).toMatch(/^[0-9a-f-]{36}$/);
    const job = await c.json('/v1/job/web');
    expect(job).toMatchObject({ Stop: true, Version: 1 });
    c.sim.advance(5000);
    const allocs = await c.json('/v1/job/web/allocations');
    expect(allocs.every((a: any) => a.DesiredStatus === 'stop' && a.ClientStatus === 'complete')).toBe(true);
    expect((await c.json('/v1/job/web')).Status).toBe('dead');
    await c.json('/v1/job/web?purge=true', { method: 'DELETE' });
    expect((await c.call('/v1/job/web')).status).toBe(404);
    expect((await c.json('/v1/jobs')).some((j: any) => j.ID === 'web')).toBe(false);
    expect((await c.call('/v1/job/web?purge=maybe', { method: 'DELETE' })).status).toBe(400);
    expect((await c.call('/v1/job/web', { method: 'DELETE' })).status).toBe(404);
  });
});

describe('job sub-resources', () => {
  it('GET versions with diffs', async () => {
    await c.json('/v1/jobs', { method: 'POST', json: { Job: newJob('shop') } });
    await c.json('/v1/job/shop', { method: 'POST', json: { Job: { ...newJob('shop', 'nginx:1.26', 3), Meta: { team: 'a' } } } });
    const plain = await c.json('/v1/job/shop/versions');
    expect(plain.Diffs).toBeNull();
    expect(plain.Versions.map((v: any) => v.Version)).toEqual([1, 0]);
    const withDiffs = await c.json('/v1/job/shop/versions?diffs=true');
    expect(withDiffs.Diffs).toHaveLength(1);
    const diff = withDiffs.Diffs[0];
    expect(diff.Type).toBe('Edited');
    expect(diff.Fields).toContainEqual({ Type: 'Added', Name: 'Meta[team]', Old: '', New: 'a', Annotations: null });
    const group = diff.TaskGroups[0];
    expect(group.Fields).toContainEqual(expect.objectContaining({ Name: 'Count', Old: '2', New: '3', Type: 'Edited' }));
    const config = group.Tasks[0].Objects.find((o: any) => o.Name === 'Config');
    expect(config.Fields).toContainEqual(expect.objectContaining({ Name: 'image', Old: 'nginx:1.25', New: 'nginx:1.26' }));
    expect((await c.call('/v1/job/nope/versions')).status).toBe(404);
  });

  it('GET allocations with all=true includes earlier registrations', async () => {
    await c.json('/v1/jobs', { method: 'POST', json: { Job: newJob('shop', 'a', 1) } });
    await c.json('/v1/job/shop?purge=true', { method: 'DELETE' });
    await c.json('/v1/jobs', { method: 'POST', json: { Job: newJob('shop', 'b', 1) } });
    expect(await c.json('/v1/job/shop/allocations')).toHaveLength(1);
    expect(await c.json('/v1/job/shop/allocations?all=true')).toHaveLength(2);
    expect(await c.json('/v1/job/nope/allocations')).toEqual([]);
  });

  it('GET evaluations, deployments, deployment and summary', async () => {
    const evals = await c.json('/v1/job/web/evaluations');
    expect(evals[0]).toMatchObject({ JobID: 'web', Status: 'complete' });
    const deployments = await c.json('/v1/job/web/deployments');
    expect(deployments[0]).toMatchObject({ JobID: 'web', Status: 'successful' });
    expect(deployments[0].TaskGroups.frontend).toMatchObject({ DesiredTotal: 3, HealthyAllocs: 3, PlacedCanaries: null });
    expect(await c.json('/v1/job/web/deployments?all=true')).toHaveLength(1);
    expect((await c.json('/v1/job/web/deployment')).ID).toBe(deployments[0].ID);
    expect(await c.json('/v1/job/report-nightly/deployment')).toBeNull();
    const summary = await c.json('/v1/job/web/summary');
    expect(summary).toMatchObject({ JobID: 'web', Namespace: 'default', Children: { Pending: 0, Running: 0, Dead: 0 } });
    expect(summary.Summary.frontend).toEqual({ Queued: 0, Complete: 0, Failed: 0, Running: 3, Starting: 0, Lost: 0, Unknown: 0 });
    expect((await c.json('/v1/job/cleanup/summary')).Children.Dead).toBe(1);
    expect((await c.call('/v1/job/nope/summary')).status).toBe(404);
    expect((await c.call('/v1/job/web/summary', { token: c.tokens.scaler })).status).toBe(403);
  });

  it('answers malformed requests with errors, never a crash', async () => {
    expect((await c.call('/v1/job/%E0%A4%A')).status).toBe(404);
    expect((await c.call('/v1/jobs', { method: 'POST', json: [1, 2] })).status).toBe(400);
    expect((await c.call('/v1/jobs', { method: 'POST', json: { Job: 'web' } })).status).toBe(400);
    expect((await c.call('/v1/jobs', { method: 'POST', json: { Job: { ID: 'x', TaskGroups: [null, 3] } } })).status).toBe(400);
    expect((await c.call('/v1/jobs?per_page=-1')).status).toBe(400);
    expect((await c.call('/v1/job/web/plan', { method: 'POST', body: 'nope' })).status).toBe(400);
    expect((await c.call('/v1/jobs')).status).toBe(200);
  });

  it('rejects unknown methods and paths', async () => {
    expect((await c.call('/v1/job/web/summary', { method: 'POST' })).status).toBe(405);
    expect((await c.call('/v1/nonsense')).status).toBe(404);
  });
});
