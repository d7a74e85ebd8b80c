// The bridge wrapper: values come out of `{ok:true}`, and `{ok:false}` becomes a BridgeCallError that keeps its facts.
import { afterEach, describe, expect, it } from 'vitest';
import type { QuarterdeckBridge } from '../../../main/contract';
import { BridgeCallError, BridgeUnavailableError, call, describeError, fieldIssues, isBridgeAvailable, setBridge } from './index';

function fakeBridge(answer: (method: string, params: unknown) => unknown): QuarterdeckBridge {
  return {
    invoke: (async (method: string, params: unknown) => answer(method, params)) as QuarterdeckBridge['invoke'],
    subscribe: () => () => {},
  };
}

afterEach(() => setBridge(null));

describe('call', () => {
  it('resolves with the value of a successful result and passes method and params through', async () => {
    const seen: unknown[] = [];
    setBridge(fakeBridge((method, params) => {
      seen.push(method, params);
      return { ok: true, value: { connections: [], activeId: null } };
    }));
    await expect(call('connections.list', {})).resolves.toEqual({ connections: [], activeId: null });
    expect(seen).toEqual(['connections.list', {}]);
  });

  it('throws a BridgeCallError carrying code, message, status, detail and details', async () => {
    const details = [{ path: 'address', message: 'must be an http:// or https:// address' }];
    setBridge(fakeBridge(() => ({
      ok: false,
      error: { code: 'invalid_input', message: 'Invalid input for connections.create: address ...', status: 422, detail: 'bad', details },
    })));
    const error = await call('connections.create', { kind: 'workspace', name: 'x', baseUrl: 'nope', organization: 'o' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(BridgeCallError);
    const failure = error as BridgeCallError;
    expect(failure.code).toBe('invalid_input');
    expect(failure.message).toBe('Invalid input for connections.create: address ...');
    expect(failure.status).toBe(422);
    expect(failure.detail).toBe('bad');
    expect(failure.details).toEqual(details);
    expect(failure.method).toBe('connections.create');
  });

  it('turns a rejected transport into an internal BridgeCallError that says to restart', async () => {
    setBridge({
      invoke: (() => Promise.reject(new Error('socket closed'))) as QuarterdeckBridge['invoke'],
      subscribe: () => () => {},
    });
    const error = (await call('app.info', {}).catch((e: unknown) => e)) as BridgeCallError;
    expect(error).toBeInstanceOf(BridgeCallError);
    expect(error.code).toBe('internal');
    expect(error.message).toContain('socket closed');
  });

  it('rejects a malformed answer instead of returning undefined', async () => {
    setBridge(fakeBridge(() => ({ value: 1 })));
    await expect(call('app.info', {})).rejects.toMatchObject({ code: 'internal' });
  });

  it('fails with BridgeUnavailableError when there is no bridge at all', async () => {
    expect(isBridgeAvailable()).toBe(false);
    await expect(call('app.info', {})).rejects.toBeInstanceOf(BridgeUnavailableError);
  });
});

describe('fieldIssues', () => {
  it('returns the well-formed {path,message} issues of an invalid_input error only', () => {
    const error = new BridgeCallError('connections.create', {
      code: 'invalid_input',
      message: 'Invalid',
      details: [{ path: 'name', message: 'is required' }, { path: 3 }, 'junk', null],
    });
    expect(fieldIssues(error)).toEqual([{ path: 'name', message: 'is required' }]);
  });

  it('ignores details of other error codes', () => {
    const error = new BridgeCallError('x', { code: 'conflict', message: 'c', details: [{ path: 'name', message: 'm' }] });
    expect(fieldIssues(error)).toEqual([]);
    expect(fieldIssues(new Error('plain'))).toEqual([]);
  });
});

describe('describeError', () => {
  it('adds the upstream status and detail when the message lacks them', () => {
    const error = new BridgeCallError('connections.test', { code: 'unauthorized', message: 'The token was rejected.', status: 403, detail: 'ACL token not found' });
    expect(describeError(error)).toBe('The token was rejected. (HTTP 403) ACL token not found');
  });

  it('does not repeat a status the message already names', () => {
    const error = new BridgeCallError('x', { code: 'conflict', message: 'Locked by another user (409).', status: 409 });
    expect(describeError(error)).toBe('Locked by another user (409).');
  });
});
