// The buffer as NDJSON, one event per line, as the stream itself frames them (cluster-api.md, Event stream). The
// payloads were redacted in main before they reached the renderer, so the file holds no secret.
import type { EventEntry } from './event-buffer';

/** One line per entry, the payload spliced in as held (no parse and re-stringify of 20,000 payloads). */
export function toNdjson(entries: Iterable<Pick<EventEntry, 'event' | 'payloadJson'>>): string {
  const lines: string[] = [];
  for (const { event, payloadJson } of entries) lines.push(`${JSON.stringify(event).slice(0, -1)},"Payload":${payloadJson}}`);
  return lines.length ? `${lines.join('\n')}\n` : '';
}

/** `events-<connection>-<ISO time>.ndjson`, safe on every file system. */
export function exportFileName(connectionName: string, at: Date): string {
  const name = connectionName.replace(/[^a-zA-Z0-9._-]+/g, '-').replace(/^-+|-+$/g, '') || 'cluster';
  return `events-${name}-${at.toISOString().replace(/[:.]/g, '-')}.ndjson`;
}
