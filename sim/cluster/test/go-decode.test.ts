// Wrong JSON types anywhere inside a submitted job are refused as Go's decoder refuses them (400, `json: cannot
// unmarshal …`), while every job the simulator itself serves can be sent back unchanged.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobTypeError } from '../go-decode';
import { startTestCluster, type TestCluster } from './server';

const base = () => ({ ID: 'x', Name: 'x', Datacenters: ['dc1'], TaskGroups: [{ Name: 'g', Count: 1, Tasks: [{ Name: 't', Driver: 'docker', Config: { image: 'nginx', args: [1, 'a'] } }] }] });

describe('jobTypeError', () => {
  it('accepts a well-typed job, nulls and unknown fields', () => {
    expect(jobTypeError(base())).toBeNull();
    expect(jobTypeError({ ...base(), Priority: null, Whatever: { deep: 'x' } })).toBeNull();
  });

  it.each([
    [{ ...base(), Priority: '50' }, 'json: cannot unmarshal string into Go struct field Job.Job.Priority of type int'],
    [{ ...base(), Datacenters: 'dc1' }, 'json: cannot unmarshal string into Go struct field Job.Job.Datacenters of type []string'],
    [{ ...base(), Meta: { a: 1 } }, 'json: cannot unmarshal number into Go struct field Job.Job.Meta of type string'],
    [{ ...base(), TaskGroups: 'no' }, 'json: cannot unmarshal string into Go struct field Job.Job.TaskGroups of type []*api.TaskGroup'],
    [{ ...base(), TaskGroups: [{ Name: 'g', Count: '3' }] }, 'json: cannot unmarshal string into Go struct field TaskGroup.Job.TaskGroups.Count of type int'],
    [{ ...base(), TaskGroups: [{ Name: 'g', Count: 1.5 }] }, 'json: cannot unmarshal number 1.5 into Go struct field TaskGroup.Job.TaskGroups.Count of type int'],
    [{ ...base(), TaskGroups: [{ Name: 'g', Tasks: [{ Name: 't', Resources: 'big' }] }] }, 'json: cannot unmarshal string into Go struct field Task.Job.TaskGroups.Tasks.Resources of type api.Resources'],
    [{ ...base(), TaskGroups: [{ Name: 'g', Tasks: [{ Name: 't', KillTimeout: '5s' }] }] }, 'json: cannot unmarshal string into Go struct field Task.Job.TaskGroups.Tasks.KillTimeout of type time.Duration'],
    [{ ...base(), Affinities: [{ LTarget: 'a', Weight: 300 }] }, 'json: cannot unmarshal number 300 into Go struct field Affinity.Job.Affinities.Weight of type int8'],
    [{ ...base(), Version: -1 }, 'json: cannot unmarshal number -1 into Go struct field Job.Job.Version of type uint64'],
  ])('refuses %j', (job, message) => {
    expect(jobTypeError(job)).toBe(message);
  });
});

describe('over HTTP', () => {
  let c: TestCluster;
  beforeAll(async () => {
    c = await startTestCluster();
  });
  afterAll(async () => {
    await c.close();
  });

  it('answers 400 with the decoder text on register, update and plan, and stores nothing', async () => {
    const bad = { ...base(), ID: 'typed', Name: 'typed', TaskGroups: [{ Name: 'g', Count: '2', Tasks: [{ Name: 't', Driver: 'docker' }] }] };
    for (const [method, path] of [
      ['POST', '/v1/jobs'],
      ['POST', '/v1/job/typed'],
      ['POST', '/v1/job/typed/plan'],
    ]) {
      const res = await c.call(path, { method, json: { Job: bad } });
      expect(res.status).toBe(400);
      expect(await res.text()).toBe('json: cannot unmarshal string into Go struct field TaskGroup.Job.TaskGroups.Count of type int');
    }
    expect((await c.call('/v1/job/typed')).status).toBe(404);
  });

  it('refuses wrong types inside EvalOptions and scaling Target', async () => {
    const evaluate = await c.call('/v1/job/web/evaluate', { method: 'POST', json: { JobID: 'web', EvalOptions: { ForceReschedule: 'yes' } } });
    expect(evaluate.status).toBe(400);
    expect(await evaluate.text()).toBe('json: cannot unmarshal string into Go struct field EvalOptions.EvalOptions.ForceReschedule of type bool');
    const scale = await c.call('/v1/job/api/scale', { method: 'POST', json: { Target: { Group: 5 }, Message: 'm' } });
    expect(scale.status).toBe(400);
    expect(await scale.text()).toBe('json: cannot unmarshal number into Go struct field ScalingRequest.Target of type string');
  });

  it('accepts every job it serves when sent back as is', async () => {
    const stubs = (await c.json('/v1/jobs?namespace=*')) as { ID: string; Namespace: string }[];
    for (const stub of stubs) {
      const job = await c.json(`/v1/job/${encodeURIComponent(stub.ID)}?namespace=${stub.Namespace}`);
      expect(jobTypeError(job), stub.ID).toBeNull();
      const versions = await c.json(`/v1/job/${encodeURIComponent(stub.ID)}/versions?namespace=${stub.Namespace}`);
      for (const version of versions.Versions) expect(jobTypeError(version), `${stub.ID} v${version.Version}`).toBeNull();
    }
    const parsed = await c.json('/v1/jobs/parse', { method: 'POST', json: { JobHCL: 'job "p" {\n  group "g" {\n    count = 2\n    task "t" {\n      driver = "docker"\n      resources {\n        cpu = 100\n      }\n    }\n  }\n}\n' } });
    expect(jobTypeError(parsed)).toBeNull();
  });
});
