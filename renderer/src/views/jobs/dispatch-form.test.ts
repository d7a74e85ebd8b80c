import { describe, expect, it } from 'vitest';
import { MAX_PAYLOAD_BYTES, dispatchIssues, dispatchMeta, payloadBase64, payloadBytes } from './dispatch-form';

const config = { Payload: 'required', MetaRequired: ['input'], MetaOptional: ['profile'] };

describe('dispatch form checks', () => {
  it('counts the payload in UTF-8 bytes, not characters', () => {
    expect(payloadBytes('abc')).toBe(3);
    expect(payloadBytes('é')).toBe(2);
    expect(payloadBytes('€')).toBe(3);
  });

  it('accepts exactly 16384 bytes and refuses one more', () => {
    const atLimit = 'a'.repeat(MAX_PAYLOAD_BYTES);
    expect(dispatchIssues(config, { payload: atLimit, meta: { input: 'x' } })).toEqual([]);
    const over = dispatchIssues(config, { payload: `${atLimit}a`, meta: { input: 'x' } });
    expect(over).toHaveLength(1);
    expect(over[0].field).toBe('payload');
    expect(over[0].message).toContain('16385 bytes');
  });

  it('refuses multi-byte text that is short in characters but over the byte limit', () => {
    const text = '€'.repeat(6000); // 6,000 characters, 18,000 bytes
    expect(dispatchIssues(config, { payload: text, meta: { input: 'x' } })[0].field).toBe('payload');
  });

  it('follows the payload rule and requires the required meta', () => {
    const issues = dispatchIssues(config, { payload: '', meta: { input: '  ' } });
    expect(issues.map((i) => i.field)).toEqual(['payload', 'meta.input']);
    expect(dispatchIssues({ Payload: 'forbidden' }, { payload: 'x', meta: {} })[0].message).toContain('forbids');
    expect(dispatchIssues({}, { payload: '', meta: {} })).toEqual([]);
  });

  it('sends only known meta keys that have a value', () => {
    expect(dispatchMeta(config, { input: 'a.mp4', profile: '', other: 'x' })).toEqual({ input: 'a.mp4' });
  });

  it('encodes the payload as Base64 of its UTF-8 bytes', () => {
    expect(payloadBase64('hello')).toBe('aGVsbG8=');
    expect(atob(payloadBase64('é'))).toBe('\u00c3\u00a9');
  });
});
