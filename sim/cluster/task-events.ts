// Task events as a Nomad client records them: every field present (zero values when unused), a Details map
// and the DisplayMessage the client fills in (cluster-api.md, Task event fields; at most the latest 10 kept).
import type { TaskEvent, TaskState } from './model';
import { ZERO_TIME } from './clock';
import { NS } from './job-shape';

export const MAX_TASK_EVENTS = 10;

function base(type: string, time: number): TaskEvent {
  return {
    Type: type,
    Time: time,
    Message: '',
    DisplayMessage: '',
    Details: {},
    FailsTask: false,
    RestartReason: '',
    SetupError: '',
    DriverError: '',
    ExitCode: 0,
    Signal: 0,
    KillTimeout: 0,
    KillError: '',
    KillReason: '',
    StartDelay: 0,
    DownloadError: '',
    ValidationError: '',
    DiskLimit: 0,
    FailedSibling: '',
    SecretsError: '',
    TaskSignalReason: '',
    TaskSignal: '',
    DriverMessage: '',
    GenericSource: '',
  };
}

const goDuration = (ns: number): string => {
  const s = ns / NS;
  if (s >= 60) return `${Math.floor(s / 60)}m${Math.round(s % 60)}s`;
  return `${Number(s.toFixed(3))}s`;
};

export const taskEvent = {
  received: (t: number) => ({ ...base('Received', t), DisplayMessage: 'Task received by client' }),
  setup: (t: number) => ({ ...base('Task Setup', t), Message: 'Building Task Directory', DisplayMessage: 'Building Task Directory', Details: { message: 'Building Task Directory' } }),
  buildingDir: (t: number) => ({ ...base('Building Task Directory', t), DisplayMessage: 'Building Task Directory' }),
  downloading: (t: number) => ({ ...base('Downloading Artifacts', t), DisplayMessage: 'Client is downloading artifacts' }),
  artifactFailed: (t: number, source: string) => {
    const error = `GET error: bad response code: 404 while fetching ${source}`;
    return { ...base('Failed Artifact Download', t), DownloadError: error, DisplayMessage: `Failed to download artifacts: ${error}`, Details: { download_error: error } };
  },
  driver: (t: number, message: string) => ({ ...base('Driver', t), DriverMessage: message, DisplayMessage: message, Details: { driver_message: message } }),
  started: (t: number) => ({ ...base('Started', t), DisplayMessage: 'Task started by client' }),
  terminated: (t: number, exitCode: number, signal = 0, oom = false) => ({
    ...base('Terminated', t),
    ExitCode: exitCode,
    Signal: signal,
    DisplayMessage: oom ? `Exit Code: ${exitCode}, Exit Message: "OOM Killed"` : `Exit Code: ${exitCode}`,
    Details: { exit_code: String(exitCode), signal: String(signal), oom_killed: String(oom), exit_message: oom ? 'OOM Killed' : '' },
  }),
  restarting: (t: number, delayNs: number, reason = 'Restart within policy') => ({
    ...base('Restarting', t),
    RestartReason: reason,
    StartDelay: delayNs,
    DisplayMessage: `${reason} - Task restarting in ${goDuration(delayNs)}`,
    Details: { restart_reason: reason, start_delay: String(delayNs) },
  }),
  notRestarting: (t: number, attempts: number, intervalNs: number) => {
    const reason = `Exceeded allowed attempts ${attempts} in interval ${goDuration(intervalNs)} and mode is "fail"`;
    return { ...base('Not Restarting', t), FailsTask: true, RestartReason: reason, DisplayMessage: reason, Details: { fails_task: 'true', restart_reason: reason } };
  },
  killing: (t: number, timeoutNs: number, reason = '') => ({
    ...base('Killing', t),
    KillTimeout: timeoutNs,
    KillReason: reason,
    DisplayMessage: `Sent interrupt. Waiting ${goDuration(timeoutNs)} before force killing`,
    Details: { kill_timeout: goDuration(timeoutNs), ...(reason ? { kill_reason: reason } : {}) },
  }),
  killed: (t: number) => ({ ...base('Killed', t), DisplayMessage: 'Task successfully killed' }),
  signaling: (t: number, signal: string, reason = '') => ({
    ...base('Signaling', t),
    TaskSignal: signal,
    TaskSignalReason: reason,
    DisplayMessage: `Task being sent a signal`,
    Details: { signal, ...(reason ? { reason } : {}) },
  }),
  restartSignaled: (t: number, reason = 'User requested restart') => ({ ...base('Restart Signaled', t), RestartReason: reason, DisplayMessage: reason, Details: { restart_reason: reason } }),
  driverFailure: (t: number, error: string) => ({ ...base('Driver Failure', t), DriverError: error, FailsTask: false, DisplayMessage: error, Details: { driver_error: error } }),
  setupFailure: (t: number, error: string) => ({ ...base('Setup Failure', t), SetupError: error, FailsTask: true, DisplayMessage: error, Details: { setup_error: error, fails_task: 'true' } }),
  siblingFailed: (t: number, sibling: string) => ({ ...base('Sibling Task Failed', t), FailedSibling: sibling, DisplayMessage: `Task's sibling "${sibling}" failed`, Details: { failed_sibling: sibling } }),
  leaderDead: (t: number) => ({ ...base('Leader Task Dead', t), DisplayMessage: 'Leader Task in Group dead' }),
  validationFailed: (t: number, error: string) => ({ ...base('Failed Validation', t), ValidationError: error, FailsTask: true, DisplayMessage: error, Details: { validation_error: error } }),
};

export function newTaskState(): TaskState {
  return { State: 'pending', Failed: false, Restarts: 0, LastRestart: ZERO_TIME, StartedAt: ZERO_TIME, FinishedAt: ZERO_TIME, Events: [], TaskHandle: null };
}

/** Appends an event and keeps only the latest MAX_TASK_EVENTS (cluster-api.md, Limits). */
export function pushTaskEvent(state: TaskState, event: TaskEvent): void {
  state.Events.push(event);
  if (state.Events.length > MAX_TASK_EVENTS) state.Events.splice(0, state.Events.length - MAX_TASK_EVENTS);
}
