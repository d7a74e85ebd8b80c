import { describe, expect, it } from 'vitest';
import type { Fetched } from '../../../main/contract';
import { useDetailRead } from './useDetailRead';

type Item = { ID: string };
const answer = (ID: string): Fetched<Item> => ({ value: { ID }, asOf: '2026-01-01T00:00:00Z', source: 'live' }) as Fetched<Item>;
function deferred<T>() {
  let resolve!: (v: T) => void;
  let reject!: (e: unknown) => void;
  const promise = new Promise<T>((res, rej) => ((resolve = res), (reject = rej)));
  return { promise, resolve, reject };
}

describe('useDetailRead', () => {
  it('keeps the newest answer when an older read answers last', async () => {
    const read = useDetailRead<Item>((i) => i.ID);
    const slow = deferred<Fetched<Item>>();
    const first = read.load('a', () => slow.promise);
    await read.load('b', async () => answer('b'));
    slow.resolve(answer('a'));
    await first;
    expect(read.current.value?.value.ID).toBe('b');
    expect(read.loading.value).toBe(false);
  });

  it('clears another object on a visible read, keeps the shown one on a quiet one', async () => {
    const read = useDetailRead<Item>((i) => i.ID);
    await read.load('a', async () => answer('a'));
    const pending = deferred<Fetched<Item>>();
    const quiet = read.load('b', () => pending.promise, true);
    expect(read.current.value?.value.ID).toBe('a');
    expect(read.loading.value).toBe(false);
    pending.resolve(answer('b'));
    await quiet;
    const visible = read.load('c', () => new Promise(() => undefined));
    expect(read.current.value).toBeNull();
    expect(read.loading.value).toBe(true);
    void visible;
  });

  it('shows a failure unless a quiet refresh fails over a shown object', async () => {
    const read = useDetailRead<Item>((i) => i.ID);
    await read.load('a', async () => answer('a'));
    await read.load('a', async () => Promise.reject(new Error('down')), true);
    expect(read.loadError.value).toBeNull();
    expect(read.current.value?.value.ID).toBe('a');
    await read.load('a', async () => Promise.reject(new Error('down')));
    expect((read.loadError.value as Error).message).toBe('down');
  });
});
