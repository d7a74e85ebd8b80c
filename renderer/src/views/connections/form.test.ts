// Conversions between the form and what the host takes: no empty strings in drafts, clearing works in patches,
// the token is sent only when typed, and host issue paths land on the right fields.
import { describe, expect, it } from 'vitest';
import type { ConnectionProfile } from '../../../../main/contract';
import { draftFromForm, emptyForm, fieldForIssuePath, fieldTestId, formDiffers, formFromProfile, patchFromForm, settingsFromForm } from './form';

const saved: ConnectionProfile = {
  id: 'c1',
  name: 'prod',
  kind: 'cluster',
  address: 'https://c.example:4646',
  region: 'eu',
  namespace: 'apps',
  tls: { caFile: '/ca.pem', skipVerify: false },
  createdAt: '2025-01-01T00:00:00Z',
  updatedAt: '2025-01-01T00:00:00Z',
};

describe('draftFromForm', () => {
  it('leaves out the token and empty optional fields', () => {
    const form = { ...emptyForm('cluster'), name: ' prod ', address: ' https://c.example ' };
    expect(draftFromForm(form, '')).toEqual({
      name: 'prod',
      kind: 'cluster',
      address: 'https://c.example',
      namespace: 'default',
      tls: { skipVerify: false },
    });
  });

  it('includes a typed token and the TLS files', () => {
    const form = { ...emptyForm('cluster'), name: 'p', address: 'https://c', clientCertFile: '/c', clientKeyFile: '/k', skipVerify: true };
    const draft = draftFromForm(form, 'tok');
    expect(draft.token).toBe('tok');
    expect(draft).toMatchObject({ tls: { clientCertFile: '/c', clientKeyFile: '/k', skipVerify: true } });
  });

  it('builds a workspace draft without cluster fields', () => {
    const form = { ...emptyForm('workspace'), name: 'acme', baseUrl: 'https://app', organization: 'acme' };
    expect(draftFromForm(form, '')).toEqual({ name: 'acme', kind: 'workspace', baseUrl: 'https://app', organization: 'acme' });
  });
});

describe('patchFromForm', () => {
  it('sends cleared optional fields as empty strings so the host removes them', () => {
    const form = { ...formFromProfile(saved), region: '', caFile: '' };
    expect(patchFromForm(form)).toMatchObject({ region: '', tls: { caFile: '', skipVerify: false } });
  });

  it('never carries a kind or a token', () => {
    const patch = patchFromForm(formFromProfile(saved)) as Record<string, unknown>;
    expect(patch.kind).toBeUndefined();
    expect(patch.token).toBeUndefined();
  });
});

it('settingsFromForm round-trips a saved profile', () => {
  expect(settingsFromForm(formFromProfile(saved))).toEqual({
    kind: 'cluster',
    address: saved.address,
    region: 'eu',
    namespace: 'apps',
    tls: { caFile: '/ca.pem', skipVerify: false },
  });
});

describe('formDiffers', () => {
  it('is false for an untouched form and ignores surrounding spaces', () => {
    expect(formDiffers(formFromProfile(saved), saved)).toBe(false);
    expect(formDiffers({ ...formFromProfile(saved), address: ` ${saved.address} ` }, saved)).toBe(false);
  });

  it('is true once a setting changed', () => {
    expect(formDiffers({ ...formFromProfile(saved), skipVerify: true }, saved)).toBe(true);
    expect(formDiffers({ ...formFromProfile(saved), namespace: 'other' }, saved)).toBe(true);
  });
});

describe('fieldForIssuePath', () => {
  it.each([
    ['address', 'address'],
    ['patch.address', 'address'],
    ['settings.baseUrl', 'baseUrl'],
    ['tls.clientKeyFile', 'clientKeyFile'],
    ['patch.tls.caFile', 'caFile'],
    ['token', 'token'],
  ])('maps %s to %s', (path, field) => {
    expect(fieldForIssuePath(path)).toBe(field);
  });

  it('returns null for paths that are not form fields', () => {
    expect(fieldForIssuePath('id')).toBeNull();
    expect(fieldForIssuePath('(params)')).toBeNull();
  });
});

it('fieldTestId kebab-cases field names', () => {
  expect(fieldTestId('address')).toBe('conn-field-address');
  expect(fieldTestId('clientCertFile')).toBe('conn-field-client-cert-file');
  expect(fieldTestId('baseUrl', 'conn-error')).toBe('conn-error-base-url');
});
