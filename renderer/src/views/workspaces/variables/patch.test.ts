import { describe, expect, it } from 'vitest';
import type { VariableAttributes } from '../../../../../main/contract';
import { variablePatch, type VariableForm } from './patch';

const secret: VariableAttributes = { key: 'db_password', value: null, description: 'admin', category: 'engine', hcl: false, sensitive: true };
const plain: VariableAttributes = { key: 'region', value: 'eu-west-1', description: null, category: 'env', hcl: false, sensitive: false };
const formOf = (a: VariableAttributes, change: Partial<VariableForm> = {}): VariableForm => ({
  key: a.key,
  value: a.sensitive ? '' : (a.value ?? ''),
  description: a.description ?? '',
  category: a.category,
  hcl: a.hcl,
  sensitive: a.sensitive,
  ...change,
});

describe('variable edit patch', () => {
  it('keeps a sensitive value when the field is left empty, and replaces it when one is typed', () => {
    expect(variablePatch(secret, formOf(secret, { description: 'database admin' }))).toEqual({ description: 'database admin' });
    expect(variablePatch(secret, formOf(secret, { value: 'new-secret' }))).toEqual({ value: 'new-secret' });
  });

  it('sends only what changed on a plain variable, including clearing its value', () => {
    expect(variablePatch(plain, formOf(plain))).toEqual({});
    expect(variablePatch(plain, formOf(plain, { value: '', hcl: true }))).toEqual({ value: '', hcl: true });
    expect(variablePatch(plain, formOf(plain, { sensitive: true }))).toEqual({ sensitive: true });
  });
});
