// Fault settings: the `--faults` spec and the JSON patch of `POST /_sim/faults` are parsed strictly, so a typo is
// an error naming it rather than a fault that silently never fires.
import { describe, expect, it } from 'vitest';
import { Faults, NO_FAULTS, parseFaultPatch, parseFaultSpec } from './faults';

describe('parseFaultSpec', () => {
  it('reads every fault of the spec', () => {
    expect(parseFaultSpec('latency=200,5xx=0.1,429=0.2,drop=50,malformed=0.01,stall')).toEqual({
      latencyMs: 200,
      errorRate: 0.1,
      rateLimitStorm: 0.2,
      dropAfterFrames: 50,
      malformedRate: 0.01,
      stall: true,
    });
    expect(parseFaultSpec(undefined)).toEqual(NO_FAULTS);
    expect(parseFaultSpec(' latency=5 , stall=false ')).toMatchObject({ latencyMs: 5, stall: false });
  });

  it('refuses unknown faults, bad numbers, probabilities above 1 and fractional frame counts', () => {
    expect(() => parseFaultSpec('latncy=5')).toThrow(/unknown fault "latncy"/);
    expect(() => parseFaultSpec('latency=abc')).toThrow(/non-negative number/);
    expect(() => parseFaultSpec('latency=-1')).toThrow(/non-negative number/);
    expect(() => parseFaultSpec('5xx=2')).toThrow(/probability/);
    expect(() => parseFaultSpec('drop=2.5')).toThrow(/whole number/);
    expect(() => parseFaultSpec('stall=yes')).toThrow(/stall/);
  });
});

describe('parseFaultPatch', () => {
  it('accepts a partial patch of known settings', () => {
    expect(parseFaultPatch({ latencyMs: 10, stall: true })).toEqual({ latencyMs: 10, stall: true });
    expect(parseFaultPatch({})).toEqual({});
  });

  it('names the key that is unknown or of the wrong type', () => {
    expect(() => parseFaultPatch({ latency: 10 })).toThrow(/unknown fault setting "latency"/);
    expect(() => parseFaultPatch({ latencyMs: '10' })).toThrow(/latencyMs must be a non-negative number/);
    expect(() => parseFaultPatch({ errorRate: 1.5 })).toThrow(/errorRate is a probability/);
    expect(() => parseFaultPatch({ stall: 'yes' })).toThrow(/stall must be true or false/);
    expect(() => parseFaultPatch({ dropAfterFrames: 0.5 })).toThrow(/whole number/);
    expect(() => parseFaultPatch([1])).toThrow(/body must be/);
    expect(() => parseFaultPatch(null)).toThrow(/body must be/);
  });
});

describe('Faults', () => {
  it('injects 429 before 5xx and counts what fired', () => {
    const faults = new Faults({ ...NO_FAULTS, rateLimitStorm: 1, errorRate: 1 }, () => 0);
    expect(faults.injectedStatus()).toBe(429);
    faults.set({ rateLimitStorm: 0 });
    expect([500, 502, 503]).toContain(faults.injectedStatus());
    expect(faults.fired).toMatchObject({ rateLimited: 1, errors: 1 });
    faults.reset();
    expect(faults.injectedStatus()).toBeNull();
  });
});

describe('FaultyStream', () => {
  it('draws malformed frames from the same random source as the other faults', () => {
    const writes: string[] = [];
    const res = { on: () => undefined, write: (s: string) => writes.push(s), socket: null } as unknown as import('node:http').ServerResponse;
    const draws = [0.9, 0.1];
    const faults = new Faults({ ...NO_FAULTS, malformedRate: 0.5 }, () => draws.shift() ?? 1);
    const stream = faults.stream(res);
    stream.writeFrame('{"Index":1,"Events":[]}');
    stream.writeFrame('{"Index":2,"Events":[]}');
    expect(JSON.parse(writes[0])).toEqual({ Index: 1, Events: [] });
    expect(() => JSON.parse(writes[1])).toThrow();
    expect(faults.fired.malformed).toBe(1);
  });
});
