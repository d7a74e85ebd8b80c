// The cluster client's job endpoints against the simulator over real HTTP on 127.0.0.1: a happy path and an error
// path each (403 naming the permission, 404 after purge, 400 with the server's text, 409 on a stale index).
import { describe, expect, it } from 'vitest';
import { ctx, dispatchHcl, failure, periodicHcl, register, serviceHcl, useSimulator } from './sim-fixture';

useSimulator();

describe('jobs', () => {
  it('lists jobs with the index, and across namespaces with *', async () => {
    const page = await ctx.admin.listJobs();
    expect(page.value.length).toBeGreaterThan(0);
    expect(page.index).toBeGreaterThan(0);
    const all = await ctx.admin.listJobs({ namespace: '*' });
    expect(all.value.length).toBeGreaterThanOrEqual(page.value.length);
  });

  it('follows next_token across pages and sees every job exactly once', async () => {
    const whole = (await ctx.admin.listJobs()).value.map((job) => job.ID);
    const paged: string[] = [];
    let pages = 0;
    for await (const page of ctx.admin.listJobPages({ perPage: 3 })) {
      pages++;
      expect(page.value.length).toBeLessThanOrEqual(3);
      paged.push(...page.value.map((job) => job.ID));
    }
    expect(pages).toBeGreaterThan(1);
    expect(paged).toEqual(whole);
  });

  it('refuses a bad per_page before sending', async () => {
    expect((await failure(ctx.admin.listJobs({ perPage: -1 }))).code).toBe('invalid_input');
  });

  it('registers, reads and updates a job; the read-only token is refused naming namespace:submit-job', async () => {
    const job = await register(serviceHcl('qd-register'));
    expect(job.ID).toBe('qd-register');
    expect(job.TaskGroups[0].Count).toBe(2);
    const forbidden = await failure(ctx.readOnly.registerJob(job));
    expect(forbidden.code).toBe('forbidden');
    expect(forbidden.status).toBe(403);
    expect(forbidden.message).toContain('namespace:submit-job');
    const updated = await ctx.admin.updateJob('qd-register', { ...job, Meta: { owner: 'ops' } });
    expect(updated.JobModifyIndex).toBeGreaterThan(job.JobModifyIndex);
  });

  it('redacts the job tokens it reads back, and a job read back can be edited and submitted again', async () => {
    const parsed = await ctx.admin.parseJob({ hcl: serviceHcl('qd-secrets'), canonicalize: true });
    await ctx.admin.registerJob({ ...parsed, SecretsToken: 'secrets-token-value-1', MeshToken: 'mesh-token-value-1' });
    const job = (await ctx.admin.readJob('qd-secrets')).value;
    expect(job.SecretsToken).toBe('<redacted>');
    expect(job.MeshToken).toBe('<redacted>');
    const versions = await ctx.admin.jobVersions('qd-secrets', { diffs: true });
    expect(JSON.stringify(versions.value)).not.toContain('token-value-1');
    await ctx.admin.updateJob('qd-secrets', { ...job, Meta: { edited: 'yes' } });
    const after = (await ctx.admin.readJob('qd-secrets')).value;
    expect(after.Meta?.edited).toBe('yes');
  });

  it('answers 409 conflict when EnforceIndex no longer matches', async () => {
    const job = await register(serviceHcl('qd-cas'));
    const error = await failure(ctx.admin.registerJob(job, { enforceIndex: 0 }));
    expect(error.code).toBe('conflict');
    expect(error.detail).toContain('already exists');
  });

  it('parses job text and reports a syntax error as invalid_input with the server text', async () => {
    const parsed = await ctx.admin.parseJob({ hcl: serviceHcl('qd-parse'), canonicalize: true });
    expect(parsed.ID).toBe('qd-parse');
    const error = await failure(ctx.admin.parseJob({ hcl: 'job "broken" {\n  group "x" {\n' }));
    expect(error.code).toBe('invalid_input');
    expect(error.detail).toBeTruthy();
  });

  it('reads a job, and 404s a missing one', async () => {
    const first = (await ctx.admin.listJobs()).value[0];
    const { value, index } = await ctx.admin.readJob(first.ID);
    expect(value.ID).toBe(first.ID);
    expect(index).toBeGreaterThan(0);
    const error = await failure(ctx.admin.readJob('no-such-job'));
    expect(error.code).toBe('not_found');
    expect(error.status).toBe(404);
  });

  it('lists versions with diffs after an update', async () => {
    const job = await register(serviceHcl('qd-versions'));
    await ctx.admin.updateJob(job.ID, { ...job, Meta: { release: '2' } });
    const { value } = await ctx.admin.jobVersions(job.ID, { diffs: true });
    expect(value.Versions.length).toBeGreaterThanOrEqual(2);
    expect(value.Versions[0].Version).toBeGreaterThan(value.Versions[value.Versions.length - 1].Version);
    expect((await failure(ctx.admin.jobVersions('no-such-job'))).code).toBe('not_found');
  });

  it('lists a job allocations, evaluations and deployments; summary and scale status', async () => {
    const job = await register(serviceHcl('qd-children'));
    const allocs = await ctx.admin.jobAllocations(job.ID);
    expect(allocs.value.every((alloc) => alloc.JobID === job.ID)).toBe(true);
    const evals = await ctx.admin.jobEvaluations(job.ID);
    expect(evals.value.length).toBeGreaterThan(0);
    expect(evals.value[0].JobID).toBe(job.ID);
    const deployments = await ctx.admin.jobDeployments(job.ID);
    expect(Array.isArray(deployments.value)).toBe(true);
    const summary = await ctx.admin.jobSummary(job.ID);
    expect(summary.value.JobID).toBe(job.ID);
    expect(Object.keys(summary.value.Summary)).toContain('api');
    const scale = await ctx.admin.jobScaleStatus(job.ID);
    expect(scale.value.TaskGroups?.api.Desired).toBe(2);
    expect((await failure(ctx.admin.jobSummary('no-such-job'))).code).toBe('not_found');
  });

  it('reads the latest deployment after an update, and refuses scaling during it with the server text', async () => {
    const job = await register(serviceHcl('qd-deploy', 2));
    await ctx.admin.updateJob(job.ID, { ...job, TaskGroups: job.TaskGroups.map((g) => ({ ...g, Tasks: g.Tasks.map((t) => ({ ...t, Config: { image: 'nginx:1.26' } })) })) });
    const latest = await ctx.admin.latestDeployment(job.ID);
    expect(latest.value).not.toBeNull();
    expect(latest.value!.JobID).toBe(job.ID);
    expect(latest.value!.Status).toBe('running');
    const error = await failure(ctx.admin.scaleTaskGroup(job.ID, { group: 'api', count: 5, message: 'more' }));
    expect(error.code).toBe('invalid_input');
    expect(error.status).toBe(400);
    expect(error.detail).toContain('active deployment');
  });

  it('scales a task group, and the read-only token is refused naming the permission', async () => {
    const job = await register(serviceHcl('qd-scale', 1));
    const forbidden = await failure(ctx.readOnly.scaleTaskGroup(job.ID, { group: 'api', count: 3, message: 'scale up' }));
    expect(forbidden.code).toBe('forbidden');
    expect(forbidden.message).toContain('namespace:submit-job');
    expect(forbidden.message).toContain('scale a job');
    const unknownGroup = await failure(ctx.admin.scaleTaskGroup(job.ID, { group: 'nope', message: 'x' }));
    expect(unknownGroup.code).toBe('invalid_input');
    expect(unknownGroup.detail).toContain('does not exist');
  });

  it('dispatches a parameterized job; a large payload is refused before sending', async () => {
    const job = await register(dispatchHcl('qd-dispatch'));
    const done = await ctx.admin.dispatchJob(job.ID, { payload: Buffer.from('hello').toString('base64'), meta: { who: 'test' } });
    expect(done.DispatchedJobID.startsWith(`${job.ID}/dispatch-`)).toBe(true);
    const before = ctx.sim.faults.fired.errors;
    const error = await failure(ctx.admin.dispatchJob(job.ID, { payload: Buffer.alloc(16_385).toString('base64') }));
    expect(error.code).toBe('invalid_input');
    expect(ctx.sim.faults.fired.errors).toBe(before);
    const notParameterized = await failure(ctx.admin.dispatchJob('qd-register'));
    expect(notParameterized.code).toBe('invalid_input');
    expect(notParameterized.detail).toContain('not a parameterized job');
  });

  it('reverts a job, marks a version stable, and forces an evaluation', async () => {
    const job = await register(serviceHcl('qd-revert'));
    await ctx.admin.updateJob(job.ID, { ...job, Meta: { v: '2' } });
    const reverted = await ctx.admin.revertJob(job.ID, { version: 0 });
    expect(reverted.JobModifyIndex).toBeGreaterThan(0);
    const stable = await ctx.admin.setJobStability(job.ID, 0, true);
    expect(stable.JobModifyIndex).toBeGreaterThan(0);
    const evaluated = await ctx.admin.evaluateJob(job.ID, { forceReschedule: true });
    expect(evaluated.EvalID).toBeTruthy();
    expect((await failure(ctx.admin.revertJob('no-such-job', { version: 0 }))).code).toMatch(/not_found|invalid_input/);
  });

  it('plans a job change with a diff and annotations', async () => {
    const job = await register(serviceHcl('qd-plan', 1));
    const plan = await ctx.admin.planJob(job.ID, { ...job, TaskGroups: job.TaskGroups.map((g) => ({ ...g, Count: 3 })) }, { diff: true });
    expect(plan.Diff?.Type).toBe('Edited');
    expect(plan.Annotations?.DesiredTGUpdates?.api.Place).toBeGreaterThan(0);
    expect((await failure(ctx.readOnly.planJob(job.ID, job))).code).toBe('forbidden');
  });

  it('forces a periodic launch, and refuses it for a job that is not periodic', async () => {
    const job = await register(periodicHcl('qd-periodic'));
    const launched = await ctx.admin.forcePeriodic(job.ID);
    expect(launched.EvalID).toBeTruthy();
    const error = await failure(ctx.admin.forcePeriodic('qd-register'));
    expect(error.code).toBe('invalid_input');
    expect(error.detail).toContain('non-periodic');
  });

  it('stops a job, and with purge the job is gone (404)', async () => {
    const job = await register(serviceHcl('qd-stop'));
    await ctx.admin.stopJob(job.ID);
    expect((await ctx.admin.readJob(job.ID)).value.Stop).toBe(true);
    await ctx.admin.stopJob(job.ID, { purge: true });
    const error = await failure(ctx.admin.readJob(job.ID));
    expect(error.code).toBe('not_found');
    expect((await failure(ctx.readOnly.stopJob('qd-register'))).message).toContain('namespace:submit-job');
  });
});

