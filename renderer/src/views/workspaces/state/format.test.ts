import { describe, expect, it } from 'vitest';
import { formatBytes, readStateFacts } from './format';

describe('state file facts before an upload', () => {
  it('reads serial, lineage and engine version from raw state', () => {
    const text = JSON.stringify({ version: 4, terraform_version: '1.9.8', serial: 12, lineage: 'abc-123', resources: [{}, {}] });
    expect(readStateFacts(text, 'terraform.tfstate')).toEqual({ serial: 12, lineage: 'abc-123', engineVersion: '1.9.8', resources: 2 });
  });

  it('refuses JSON state and non-state files with a message naming the file and what to choose', () => {
    expect(() => readStateFacts(JSON.stringify({ format_version: '1.0', values: {} }), 'show.json')).toThrow('show.json is JSON state (the output of "show -json"), not raw state. Choose the raw state file (.tfstate).');
    expect(() => readStateFacts('{"serial": "7"}', 'x.tfstate')).toThrow(/x.tfstate is not a raw state file: it has no integer "serial" and "lineage"/);
    expect(() => readStateFacts('not json', 'notes.txt')).toThrow(/notes.txt is not JSON/);
  });
});

describe('sizes', () => {
  it('uses binary units', () => {
    expect(formatBytes(512)).toBe('512 B');
    expect(formatBytes(2048)).toBe('2.0 KiB');
    expect(formatBytes(3 * 1024 * 1024)).toBe('3.0 MiB');
  });
});

describe('provider names', () => {
  it('drops the registry host and the provider["…"] wrapper', async () => {
    const { shortProvider } = await import('./format');
    expect(shortProvider('provider["registry.terraform.io/hashicorp/aws"]')).toBe('hashicorp/aws');
    expect(shortProvider('provider["example.com/acme/thing"]')).toBe('example.com/acme/thing');
  });
});
