// Signals a person can send to a task (cluster-api.md, POST /v1/client/allocation/:id/signal). The host accepts any
// upper-case SIG name; these are the ones operators use, with what each usually means to a process.
export const SIGNALS: { value: string; hint: string }[] = [
  { value: 'SIGHUP', hint: 'reload configuration' },
  { value: 'SIGINT', hint: 'interrupt' },
  { value: 'SIGTERM', hint: 'ask to exit' },
  { value: 'SIGUSR1', hint: 'application-defined' },
  { value: 'SIGUSR2', hint: 'application-defined' },
  { value: 'SIGQUIT', hint: 'quit with a dump' },
  { value: 'SIGKILL', hint: 'kill at once; cannot be caught' },
  { value: 'SIGSTOP', hint: 'pause' },
  { value: 'SIGCONT', hint: 'resume' },
];

/** The host's rule for a signal name (main/cluster/schemas.ts): upper case, starting with SIG. */
export function signalError(name: string): string | null {
  return /^SIG[A-Z0-9]{1,12}$/.test(name) ? null : 'Choose a signal name such as SIGHUP or SIGUSR1 (upper case, starting with SIG).';
}
