import { describe, expect, it } from 'vitest';
import { toEntry } from './event-buffer';
import { exportFileName, toNdjson } from './ndjson-export';

describe('NDJSON export', () => {
  it('writes one JSON event per line that parses back to the same events', () => {
    const events = [
      { Topic: 'Job', Type: 'JobRegistered', Key: 'web', Namespace: 'default', FilterKeys: null, Index: 1, Payload: { Job: { ID: 'web\nx' } } },
      { Topic: 'Node', Type: 'NodeEvent', Key: 'n', Namespace: '', FilterKeys: null, Index: 2, Payload: {} },
    ];
    const text = toNdjson(events.map((e, i) => toEntry(e, i, 0)));
    expect(text.endsWith('\n')).toBe(true);
    expect(text.trimEnd().split('\n').map((l) => JSON.parse(l))).toEqual(events);
    expect(toNdjson([])).toBe('');
  });

  it('names the file after the connection and the time, safely', () => {
    expect(exportFileName('Prod / EU cluster', new Date('2026-01-02T03:04:05.678Z'))).toBe('events-Prod-EU-cluster-2026-01-02T03-04-05-678Z.ndjson');
  });
});
