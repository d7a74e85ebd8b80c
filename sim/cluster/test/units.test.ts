// Units behind the endpoints: filter expressions, the job-spec parser, diffs and cron.
import { describe, expect, it } from 'vitest';
import { compileFilter, FilterError } from '../filter-expr';
import { parseJobSpec } from '../jobspec';
import { HclError } from '../hcl-parse';
import { diffJobs } from '../job-diff';
import { canonicalJob } from '../job-shape';
import { nextCron } from '../cron';

describe('filter expressions', () => {
  const job = { ID: 'web', Status: 'running', Priority: 50, Stop: false, Datacenters: ['dc1', 'dc2'], Meta: { team: 'edge' } };
  const t = (expr: string) => compileFilter(expr)(job);
  it('evaluates comparisons, membership, regex and boolean logic', () => {
    expect(t('Status == "running"')).toBe(true);
    expect(t('Status != running')).toBe(false);
    expect(t('Priority == 50 and Stop == false')).toBe(true);
    expect(t('Datacenters contains "dc2"')).toBe(true);
    expect(t('"dc3" not in Datacenters')).toBe(true);
    expect(t('Meta.team == "edge" and Meta["team"] matches "^ed"')).toBe(true);
    expect(t('Meta.missing == "x"')).toBe(false);
    expect(t('Meta is not empty')).toBe(true);
    expect(t('not (Status == "dead" or ID == "api")')).toBe(true);
  });
  it('reports syntax errors with a position', () => {
    expect(() => compileFilter('Status = "x"')).toThrow(FilterError);
    expect(() => compileFilter('Status == "x" and')).toThrow(/1:\d+ \(\d+\)/);
    expect(() => compileFilter('(Status == "x"')).toThrow(/expected/);
    expect(() => compileFilter('Bogus == 1')(job)).toThrow(/couldn't find key/);
  });
});

describe('job spec parser', () => {
  it('parses durations, heredocs, periodic and parameterized blocks', () => {
    const job = parseJobSpec(`
job "batchy" {
  type = "batch"
  periodic {
    cron = "*/5 * * * *"
    prohibit_overlap = true
  }
  parameterized {
    payload = "forbidden"
    meta_required = ["a"]
  }
  group "g" {
    reschedule { delay = "30s" }
    task "t" {
      driver = "exec"
      template {
        data = <<EOF
hello {{ env "X" }}
EOF
        destination = "local/x"
      }
    }
  }
}`);
    expect(job.Periodic).toMatchObject({ Spec: '*/5 * * * *', ProhibitOverlap: true, SpecType: 'cron' });
    expect(job.ParameterizedJob).toEqual({ Payload: 'forbidden', MetaRequired: ['a'] });
    const group = (job.TaskGroups as any[])[0];
    expect(group.ReschedulePolicy).toEqual({ Delay: 30_000_000_000 });
    expect(group.Tasks[0].Templates[0]).toEqual({ EmbeddedTmpl: 'hello {{ env "X" }}\n', DestPath: 'local/x' });
  });
  it('diagnoses errors with a line number', () => {
    try {
      parseJobSpec('job "x" {\n  group "g" {\n    count = "many"\n  }\n}');
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(HclError);
      expect((error as HclError).line).toBe(3);
    }
    expect(() => parseJobSpec('job "x" {\n  type = "service"\n  type2 = 1\n}')).toThrow(/^input\.hcl:3,/);
    expect(() => parseJobSpec('job "x" {\n  name = "unterminated\n}')).toThrow(/^input\.hcl:2,/);
  });
});

describe('job diff', () => {
  it('reports added, deleted and edited groups and tasks', () => {
    const a = canonicalJob({ ID: 'j', TaskGroups: [{ Name: 'a', Count: 1, Tasks: [{ Name: 't', Driver: 'docker' }] }, { Name: 'gone', Tasks: [{ Name: 'x', Driver: 'exec' }] }] });
    const b = canonicalJob({ ID: 'j', Datacenters: ['dc1'], TaskGroups: [{ Name: 'a', Count: 2, Tasks: [{ Name: 't', Driver: 'exec' }] }, { Name: 'new', Tasks: [{ Name: 'y', Driver: 'exec' }] }] });
    const diff = diffJobs(a, b, false);
    expect(diff.Type).toBe('Edited');
    expect(diff.Objects).toContainEqual(expect.objectContaining({ Name: 'Datacenters', Type: 'Edited' }));
    const types = Object.fromEntries(diff.TaskGroups!.map((g) => [g.Name, g.Type]));
    expect(types).toEqual({ a: 'Edited', gone: 'Deleted', new: 'Added' });
    const task = diff.TaskGroups!.find((g) => g.Name === 'a')!.Tasks![0];
    expect(task.Fields).toContainEqual({ Type: 'Edited', Name: 'Driver', Old: 'docker', New: 'exec', Annotations: null });
    expect(diffJobs(a, a, false)).toEqual({ Type: 'None', ID: 'j', Fields: null, Objects: null, TaskGroups: null });
  });
});

describe('cron', () => {
  it('finds the next launch', () => {
    const from = Date.UTC(2024, 0, 1, 10, 7);
    expect(new Date(nextCron('*/15 * * * *', from)!).toISOString()).toBe('2024-01-01T10:15:00.000Z');
    expect(new Date(nextCron('0 3 * * 1', from)!).toISOString()).toBe('2024-01-08T03:00:00.000Z');
    expect(nextCron('bad', from)).toBeNull();
  });
});
