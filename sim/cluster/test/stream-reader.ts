// Reads an NDJSON response frame by frame so stream tests can wait on conditions instead of sleeping.
export interface FrameReader {
  frames: unknown[];
  /** Raw lines, including any that failed to parse. */
  lines: string[];
  closed: boolean;
  until(predicate: (frames: unknown[]) => boolean, timeoutMs?: number): Promise<void>;
  cancel(): Promise<void>;
}

export function readFrames(res: Response): FrameReader {
  const reader = res.body!.getReader();
  const decoder = new TextDecoder();
  const state: FrameReader = {
    frames: [],
    lines: [],
    closed: false,
    async until(predicate, timeoutMs = 5000) {
      const deadline = Date.now() + timeoutMs;
      while (!predicate(state.frames)) {
        if (state.closed) throw new Error(`stream closed before condition; ${state.frames.length} frames`);
        if (Date.now() > deadline) throw new Error(`timed out waiting; frames: ${JSON.stringify(state.frames).slice(0, 500)}`);
        await new Promise((resolve) => setImmediate(resolve));
      }
    },
    async cancel() {
      await reader.cancel().catch(() => undefined);
    },
  };
  let buffer = '';
  void (async () => {
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        buffer += decoder.decode(value, { stream: true });
        let nl: number;
        while ((nl = buffer.indexOf('\n')) >= 0) {
          const line = buffer.slice(0, nl);
          buffer = buffer.slice(nl + 1);
          state.lines.push(line);
          try {
            state.frames.push(JSON.parse(line));
          } catch {
            // malformed frames are visible in `lines`
          }
        }
      }
    } catch {
      // aborted or destroyed
    }
    state.closed = true;
  })();
  return state;
}

export async function waitFor(predicate: () => boolean | Promise<boolean>, timeoutMs = 5000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await predicate())) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}
