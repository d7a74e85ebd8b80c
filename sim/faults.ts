// Faults on demand: added latency, 5xx rates, 429 storms, and stream faults (drops, malformed frames, stalls).
// Set from `--faults SPEC` at start-up and changed at run time through `POST /_sim/faults`.
import type { ServerResponse } from 'node:http';

export interface FaultConfig {
  /** Milliseconds added before every HTTP answer. */
  latencyMs: number;
  /** Probability (0..1) that a non-stream request is answered with a 500, 502 or 503. */
  errorRate: number;
  /** Probability (0..1) that a request is answered 429 regardless of the real rate limit. */
  rateLimitStorm: number;
  /** Close a stream's connection abruptly after this many frames (0 = never). */
  dropAfterFrames: number;
  /** Probability (0..1) that a stream frame is truncated or otherwise malformed. */
  malformedRate: number;
  /** Streams keep the socket open but stop sending anything, heartbeats included. */
  stall: boolean;
}

export const NO_FAULTS: FaultConfig = {
  latencyMs: 0,
  errorRate: 0,
  rateLimitStorm: 0,
  dropAfterFrames: 0,
  malformedRate: 0,
  stall: false,
};

const KEYS: Record<string, keyof FaultConfig> = {
  latency: 'latencyMs',
  '5xx': 'errorRate',
  '429': 'rateLimitStorm',
  drop: 'dropAfterFrames',
  malformed: 'malformedRate',
  stall: 'stall',
};

/** Parses `latency=200,5xx=0.1,429=0.2,drop=50,malformed=0.01,stall`. Throws with a readable message on bad input. */
export function parseFaultSpec(spec: string | undefined): FaultConfig {
  const config: FaultConfig = { ...NO_FAULTS };
  if (!spec) return config;
  for (const part of spec.split(',').map((p) => p.trim()).filter(Boolean)) {
    const [name, raw] = part.split('=', 2);
    const key = KEYS[name];
    if (!key) throw new Error(`unknown fault "${name}"; known: ${Object.keys(KEYS).join(', ')}`);
    if (key === 'stall') {
      if (raw !== undefined && !['true', '1', 'false', '0'].includes(raw)) throw new Error(`fault "stall" takes no value or true/false, got "${raw}"`);
      config.stall = raw === undefined || raw === 'true' || raw === '1';
      continue;
    }
    const value = Number(raw);
    if (raw === undefined || !Number.isFinite(value) || value < 0) throw new Error(`fault "${name}" needs a non-negative number, got "${raw ?? ''}"`);
    if ((key === 'errorRate' || key === 'rateLimitStorm' || key === 'malformedRate') && value > 1) {
      throw new Error(`fault "${name}" is a probability between 0 and 1, got ${value}`);
    }
    if (key === 'dropAfterFrames' && !Number.isInteger(value)) throw new Error(`fault "${name}" is a whole number of frames, got ${value}`);
    (config[key] as number) = value;
  }
  return config;
}

const PROBABILITIES = new Set<keyof FaultConfig>(['errorRate', 'rateLimitStorm', 'malformedRate']);

/**
 * Checks a JSON patch from `POST /_sim/faults` (`{latencyMs, errorRate, …}`) key by key, so a typo or a wrong
 * type is a 400 naming the key instead of a silently broken setting. Throws with a readable message.
 */
export function parseFaultPatch(value: unknown): Partial<FaultConfig> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw new Error('the body must be {"spec": "..."} or an object of fault settings');
  const patch: Partial<FaultConfig> = {};
  for (const [key, raw] of Object.entries(value)) {
    if (!(key in NO_FAULTS)) throw new Error(`unknown fault setting "${key}"; known: ${Object.keys(NO_FAULTS).join(', ')}, or "spec"`);
    const name = key as keyof FaultConfig;
    if (name === 'stall') {
      if (typeof raw !== 'boolean') throw new Error('stall must be true or false');
      patch.stall = raw;
      continue;
    }
    if (typeof raw !== 'number' || !Number.isFinite(raw) || raw < 0) throw new Error(`${key} must be a non-negative number`);
    if (PROBABILITIES.has(name) && raw > 1) throw new Error(`${key} is a probability between 0 and 1, got ${raw}`);
    if (name === 'dropAfterFrames' && !Number.isInteger(raw)) throw new Error('dropAfterFrames must be a whole number of frames');
    (patch[name] as number) = raw;
  }
  return patch;
}

/** The live fault settings of one simulator; shared by every handler. */
export class Faults {
  config: FaultConfig;
  /** Counters so tests can see that a fault really fired. */
  readonly fired = { latency: 0, errors: 0, rateLimited: 0, drops: 0, malformed: 0, stalls: 0 };

  constructor(config: FaultConfig = NO_FAULTS, readonly random: () => number = Math.random) {
    this.config = { ...config };
  }

  set(patch: Partial<FaultConfig>): FaultConfig {
    this.config = { ...this.config, ...patch };
    return this.config;
  }

  reset(): void {
    this.config = { ...NO_FAULTS };
  }

  async delay(): Promise<void> {
    if (this.config.latencyMs > 0) {
      this.fired.latency++;
      await new Promise((resolve) => setTimeout(resolve, this.config.latencyMs));
    }
  }

  /** Status to answer instead of the real one, or null. Streams call this only before their first frame. */
  injectedStatus(): number | null {
    if (this.config.rateLimitStorm > 0 && this.random() < this.config.rateLimitStorm) {
      this.fired.rateLimited++;
      return 429;
    }
    if (this.config.errorRate > 0 && this.random() < this.config.errorRate) {
      this.fired.errors++;
      return [500, 502, 503][Math.floor(this.random() * 3)];
    }
    return null;
  }

  /** Wraps a streaming response so every frame passes through the drop/malformed/stall faults. */
  stream(res: ServerResponse): FaultyStream {
    return new FaultyStream(res, this);
  }
}

/**
 * Writes newline-delimited frames through the configured stream faults.
 * A dropped stream destroys the socket without a clean end, as a broken network would.
 */
export class FaultyStream {
  private frames = 0;
  closed = false;

  constructor(private readonly res: ServerResponse, private readonly faults: Faults) {
    res.on('close', () => {
      this.closed = true;
    });
  }

  /** Returns false once the stream is closed (by the client or by a drop fault). */
  writeFrame(line: string): boolean {
    if (this.closed) return false;
    const config = this.faults.config;
    if (config.stall) {
      this.faults.fired.stalls++;
      return true; // swallowed: the socket stays open but silent
    }
    let out = line;
    if (config.malformedRate > 0 && this.faults.random() < config.malformedRate) {
      this.faults.fired.malformed++;
      out = line.slice(0, Math.max(1, Math.floor(line.length / 2))) + '\u0000}{';
    }
    this.frames++;
    if (config.dropAfterFrames > 0 && this.frames >= config.dropAfterFrames) {
      this.faults.fired.drops++;
      this.frames = 0;
      this.closed = true;
      // Break the connection once this frame is flushed: "dropped after N frames", not "the Nth frame lost".
      const socket = this.res.socket;
      this.res.write(out.endsWith('\n') ? out : out + '\n', () => socket?.destroy());
      return false;
    }
    this.res.write(out.endsWith('\n') ? out : out + '\n');
    return true;
  }
}
