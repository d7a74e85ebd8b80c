import { describe, expect, it } from 'vitest';
import type { TaskEvent } from '../../../../main/contract';
import { allocationTimeline, fallbackMessage, TASK_EVENT_TYPES, timelineEntry } from './task-events';

const event = (Type: string, fields: Record<string, unknown> = {}): TaskEvent => ({ Type, Time: 1, DisplayMessage: '', Details: {}, ...fields });

describe('task event timeline', () => {
  it('has a non-empty message and a known tone for every documented event type, even without DisplayMessage', () => {
    expect(TASK_EVENT_TYPES).toHaveLength(19);
    for (const type of TASK_EVENT_TYPES) {
      const entry = timelineEntry('web', event(type));
      expect(entry.message, type).not.toBe('');
      expect(['success', 'info', 'warning', 'error', 'default'], type).toContain(entry.tone);
    }
  });

  it('prefers the server DisplayMessage', () => {
    expect(timelineEntry('web', event('Terminated', { DisplayMessage: 'Exit Code: 137, Exit Message: "OOM Killed"', ExitCode: 137 })).message).toBe(
      'Exit Code: 137, Exit Message: "OOM Killed"',
    );
  });

  it('rebuilds messages from typed fields like the CLI does', () => {
    expect(fallbackMessage(event('Terminated', { ExitCode: 1, Signal: 9 }))).toBe('Exit Code: 1, Signal: 9');
    expect(fallbackMessage(event('Restarting', { RestartReason: 'Restart within policy', StartDelay: 15e9 }))).toBe('Restart within policy - Task restarting in 15s');
    expect(fallbackMessage(event('Killing', { KillTimeout: 5e9 }))).toBe('Sent interrupt. Waiting 5s before force killing');
    expect(fallbackMessage(event('Driver Failure', { DriverError: 'image not found' }))).toBe('Failed to start task: image not found');
    expect(fallbackMessage(event('Failed Artifact Download', { DownloadError: '404' }))).toBe('Failed to download artifacts: 404');
    expect(fallbackMessage(event('Signaling', { TaskSignal: 'SIGHUP', TaskSignalReason: 'reload' }))).toBe('Task being sent SIGHUP: reload');
    expect(fallbackMessage(event('Sibling Task Failed', { FailedSibling: 'sidecar' }))).toBe('Task\'s sibling "sidecar" failed');
    expect(fallbackMessage(event('Setup Failure', { SetupError: 'disk full' }))).toBe('Task setup failed: disk full');
    expect(fallbackMessage(event('Failed Validation', { ValidationError: 'bad config' }))).toBe('bad config');
  });

  it('keeps the Details map, sorted by key, and marks events that fail the task', () => {
    const entry = timelineEntry('web', event('Not Restarting', { FailsTask: true, Details: { restart_reason: 'exceeded', fails_task: 'true' } }));
    expect(entry.details).toEqual([
      ['fails_task', 'true'],
      ['restart_reason', 'exceeded'],
    ]);
    expect(entry.failsTask).toBe(true);
    expect(entry.tone).toBe('error');
  });

  it('shows an unknown event type with its own name rather than dropping it', () => {
    const entry = timelineEntry('web', event('Template Rendered', { Message: 'rendered' }));
    expect(entry.message).toBe('rendered');
    expect(entry.tone).toBe('default');
  });

  it('merges tasks into one timeline, newest first', () => {
    const timeline = allocationTimeline({
      web: { Events: [event('Received', { Time: 1 }), event('Started', { Time: 3 })] },
      sidecar: { Events: [event('Started', { Time: 2 })] },
      idle: { Events: null },
    });
    expect(timeline.map((e) => `${e.task}:${e.type}`)).toEqual(['web:Started', 'sidecar:Started', 'web:Received']);
  });
});
