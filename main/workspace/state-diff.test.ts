// The structural diff on both state forms: JSON state (child modules, instance keys) and raw state, compared
// by address; key order is not a change; a version without JSON state diffs against one with it.
import { describe, expect, it } from 'vitest';
import { diffStates, normalizeState } from './state-diff';

const json = (value: unknown) => Buffer.from(JSON.stringify(value));

const jsonState = (size: number) =>
  json({
    format_version: '1.0',
    values: {
      outputs: { ip: { sensitive: false, value: '10.0.0.1', type: 'string' } },
      root_module: {
        resources: [{ address: 'aws_s3_bucket.logs', mode: 'managed', type: 'aws_s3_bucket', name: 'logs', values: { bucket: 'b', tags: { a: 1, b: 2 } } }],
        child_modules: [
          {
            address: 'module.net',
            resources: [
              { address: 'module.net.aws_subnet.this[0]', mode: 'managed', type: 'aws_subnet', name: 'this', index: 0, values: { cidr: '10.0.0.0/24' } },
              { address: 'module.net.aws_subnet.this[1]', mode: 'managed', type: 'aws_subnet', name: 'this', index: 1, values: { cidr: `10.0.${size}.0/24` } },
              { address: 'module.net.data.aws_vpc.main', mode: 'data', type: 'aws_vpc', name: 'main', values: { id: 'vpc-1' } },
            ],
          },
        ],
      },
    },
  });

describe('diffStates', () => {
  it('walks child modules and compares instances by their index', () => {
    const diff = diffStates(normalizeState(jsonState(1))!, normalizeState(jsonState(2))!);
    expect(diff.resources).toEqual([{ address: 'module.net.aws_subnet.this', type: 'aws_subnet', module: 'module.net', change: 'changed', changedAttributes: ['cidr'] }]);
    expect(diff.outputs).toEqual([]);
  });

  it('does not count key order as a change, and keeps data sources apart from managed resources', () => {
    const a = normalizeState(jsonState(1))!;
    const reordered = JSON.parse(jsonState(1).toString()) as { values: { root_module: { resources: { values: Record<string, unknown> }[] } } };
    reordered.values.root_module.resources[0].values = { tags: { b: 2, a: 1 }, bucket: 'b' };
    expect(diffStates(a, normalizeState(json(reordered))!).resources).toEqual([]);
    expect([...a.resources.keys()]).toContain('module.net.data.aws_vpc.main');
  });

  it('compares raw state with JSON state by the same addresses', () => {
    const raw = json({
      version: 4,
      serial: 1,
      lineage: 'l',
      outputs: { ip: { value: '10.0.0.2', type: 'string' } },
      resources: [{ mode: 'managed', type: 'aws_s3_bucket', name: 'logs', instances: [{ attributes: { bucket: 'b', tags: { a: 1, b: 2 } } }] }],
    });
    const diff = diffStates(normalizeState(raw)!, normalizeState(jsonState(1))!);
    expect(diff.resources.map((change) => [change.address, change.change])).toEqual([
      ['module.net.aws_subnet.this', 'added'],
      ['module.net.data.aws_vpc.main', 'added'],
    ]);
    expect(diff.outputs).toEqual([{ name: 'ip', change: 'changed', sensitive: false }]);
  });

  it('recognizes neither form in other JSON', () => {
    expect(normalizeState(json({ hello: 'world' }))).toBeNull();
    expect(normalizeState(Buffer.from('not json'))).toBeNull();
  });
});
