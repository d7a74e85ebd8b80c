// Task events as a timeline reads them: every event type of cluster-api.md (Task event fields) gets a tone and a
// message. The client's DisplayMessage wins; older servers leave it empty, so the message is rebuilt from the
// typed fields the way the cluster's own CLI does, and the Details map is always shown as it came.
import type { TaskEvent } from '../../../../main/contract';
import { nsDuration, type Tone } from './format';

/** Every event type the API documents (cluster-api.md, Task event `Type` values). */
export const TASK_EVENT_TYPES = [
  'Setup Failure',
  'Driver Failure',
  'Started',
  'Terminated',
  'Killing',
  'Killed',
  'Received',
  'Failed Validation',
  'Restarting',
  'Not Restarting',
  'Downloading Artifacts',
  'Failed Artifact Download',
  'Restart Signaled',
  'Signaling',
  'Sibling Task Failed',
  'Leader Task Dead',
  'Driver',
  'Task Setup',
  'Building Task Directory',
] as const;

export type TaskEventType = (typeof TASK_EVENT_TYPES)[number];

const TONE: Record<TaskEventType, Tone> = {
  'Setup Failure': 'error',
  'Driver Failure': 'error',
  Started: 'success',
  Terminated: 'warning',
  Killing: 'warning',
  Killed: 'default',
  Received: 'info',
  'Failed Validation': 'error',
  Restarting: 'warning',
  'Not Restarting': 'error',
  'Downloading Artifacts': 'info',
  'Failed Artifact Download': 'error',
  'Restart Signaled': 'warning',
  Signaling: 'info',
  'Sibling Task Failed': 'error',
  'Leader Task Dead': 'warning',
  Driver: 'info',
  'Task Setup': 'info',
  'Building Task Directory': 'info',
};

const text = (value: unknown): string => (typeof value === 'string' ? value : '');
const int = (value: unknown): number => (typeof value === 'number' && Number.isFinite(value) ? value : 0);

/** The message of an event without DisplayMessage, from its typed fields (the CLI's `alloc status` wording). */
export function fallbackMessage(event: TaskEvent): string {
  const e = event as TaskEvent & Record<string, unknown>;
  switch (event.Type as TaskEventType) {
    case 'Setup Failure':
      return text(e.SetupError) ? `Task setup failed: ${text(e.SetupError)}` : 'Task setup failed';
    case 'Driver Failure':
      return text(e.DriverError) ? `Failed to start task: ${text(e.DriverError)}` : 'Failed to start task';
    case 'Started':
      return 'Task started by client';
    case 'Terminated': {
      const parts = [`Exit Code: ${int(e.ExitCode)}`];
      if (int(e.Signal)) parts.push(`Signal: ${int(e.Signal)}`);
      if (text(e.Message)) parts.push(`Exit Message: ${JSON.stringify(text(e.Message))}`);
      return parts.join(', ');
    }
    case 'Killing':
      if (text(e.KillReason)) return `Killing task: ${text(e.KillReason)}`;
      return int(e.KillTimeout) ? `Sent interrupt. Waiting ${nsDuration(int(e.KillTimeout))} before force killing` : 'Sent interrupt';
    case 'Killed':
      return text(e.KillError) ? `Task killed with error: ${text(e.KillError)}` : 'Task successfully killed';
    case 'Received':
      return 'Task received by client';
    case 'Failed Validation':
      return text(e.ValidationError) || 'Validation of task failed';
    case 'Restarting': {
      const reason = text(e.RestartReason) || 'Task restarting';
      return int(e.StartDelay) ? `${reason} - Task restarting in ${nsDuration(int(e.StartDelay))}` : reason;
    }
    case 'Not Restarting':
      return text(e.RestartReason) || 'Task will not restart';
    case 'Downloading Artifacts':
      return 'Client is downloading artifacts';
    case 'Failed Artifact Download':
      return text(e.DownloadError) ? `Failed to download artifacts: ${text(e.DownloadError)}` : 'Failed to download artifacts';
    case 'Restart Signaled':
      return text(e.RestartReason) || 'User requested restart';
    case 'Signaling': {
      const signal = text(e.TaskSignal) || 'signal';
      return text(e.TaskSignalReason) ? `Task being sent ${signal}: ${text(e.TaskSignalReason)}` : `Task being sent a signal: ${signal}`;
    }
    case 'Sibling Task Failed':
      return text(e.FailedSibling) ? `Task's sibling ${JSON.stringify(text(e.FailedSibling))} failed` : "Task's sibling failed";
    case 'Leader Task Dead':
      return 'Leader Task in Group dead';
    case 'Driver':
      return text(e.DriverMessage) || 'Driver message';
    case 'Task Setup':
      return text(e.Message) || 'Task setup';
    case 'Building Task Directory':
      return 'Building Task Directory';
    default:
      return text(e.Message) || text(e.DriverMessage) || event.Type;
  }
}

export interface TimelineEntry {
  task: string;
  type: string;
  tone: Tone;
  /** Unix nanoseconds. */
  time: number;
  message: string;
  /** Whether this event failed the task (FailsTask), which the timeline marks. */
  failsTask: boolean;
  /** The Details map, sorted by key, as the server sent it. */
  details: [string, string][];
}

export function timelineEntry(task: string, event: TaskEvent): TimelineEntry {
  const known = (TASK_EVENT_TYPES as readonly string[]).includes(event.Type);
  const details = Object.entries((event.Details as Record<string, unknown> | null | undefined) ?? {})
    .map(([key, value]): [string, string] => [key, typeof value === 'string' ? value : JSON.stringify(value)])
    .sort((a, b) => (a[0] < b[0] ? -1 : 1));
  return {
    task,
    type: event.Type,
    tone: known ? TONE[event.Type as TaskEventType] : 'default',
    time: int(event.Time),
    message: text(event.DisplayMessage) || fallbackMessage(event),
    failsTask: (event as Record<string, unknown>).FailsTask === true,
    details,
  };
}

/** Every task's events in one timeline, newest first; ties keep the server's order within a task. */
export function allocationTimeline(taskStates: Record<string, { Events: TaskEvent[] | null }> | null | undefined): TimelineEntry[] {
  const entries: { entry: TimelineEntry; order: number }[] = [];
  let order = 0;
  for (const [task, state] of Object.entries(taskStates ?? {})) {
    for (const event of state.Events ?? []) entries.push({ entry: timelineEntry(task, event), order: order++ });
  }
  return entries.sort((a, b) => b.entry.time - a.entry.time || b.order - a.order).map(({ entry }) => entry);
}
