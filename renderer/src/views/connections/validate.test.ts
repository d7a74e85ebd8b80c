// Form checks before sending: the operator sees what is wrong next to the field, in the host's own rules.
import { describe, expect, it } from 'vitest';
import { emptyForm, type ConnectionForm } from './form';
import { checkHttpUrl, checkToken, hasErrors, validateForm } from './validate';

function cluster(patch: Partial<ConnectionForm> = {}): ConnectionForm {
  return { ...emptyForm('cluster'), name: 'prod', address: 'https://cluster.example:4646', ...patch };
}
function workspace(patch: Partial<ConnectionForm> = {}): ConnectionForm {
  return { ...emptyForm('workspace'), name: 'acme', baseUrl: 'https://app.example.io', organization: 'acme', ...patch };
}

describe('validateForm: cluster', () => {
  it('accepts a complete cluster with the default namespace', () => {
    expect(validateForm(cluster())).toEqual({});
    expect(emptyForm('cluster').namespace).toBe('default');
  });

  it('requires a name', () => {
    expect(validateForm(cluster({ name: '  ' })).name).toMatch(/name/);
    expect(validateForm(cluster({ name: 'x'.repeat(81) })).name).toMatch(/80/);
  });

  it.each(['', 'cluster.example:4646', 'ftp://cluster.example', 'https://', 'not a url'])('rejects the address %j', (address) => {
    expect(validateForm(cluster({ address })).address).toBeTruthy();
  });

  it('accepts http and https addresses', () => {
    expect(validateForm(cluster({ address: 'http://127.0.0.1:4646' })).address).toBeUndefined();
    expect(validateForm(cluster({ address: ' https://c.example ' })).address).toBeUndefined();
  });

  it('refuses credentials inside the address, pointing to the token field', () => {
    expect(validateForm(cluster({ address: 'https://user:secret@c.example' })).address).toMatch(/token/i);
  });

  it('checks namespace and region characters', () => {
    expect(validateForm(cluster({ namespace: '' })).namespace).toMatch(/default/);
    expect(validateForm(cluster({ namespace: 'team a' })).namespace).toBeTruthy();
    expect(validateForm(cluster({ namespace: '*' })).namespace).toBeUndefined();
    expect(validateForm(cluster({ region: 'eu west' })).region).toBeTruthy();
    expect(validateForm(cluster({ region: 'eu-west.1_a' })).region).toBeUndefined();
  });

  it('needs both the client certificate and key, or neither', () => {
    expect(validateForm(cluster({ clientCertFile: '/c.pem' })).clientKeyFile).toMatch(/both/);
    expect(validateForm(cluster({ clientKeyFile: '/k.pem' })).clientCertFile).toMatch(/both/);
    expect(validateForm(cluster({ clientCertFile: '/c.pem', clientKeyFile: '/k.pem' }))).toEqual({});
  });
});

describe('validateForm: workspace service', () => {
  it('accepts a base URL and organization', () => {
    expect(validateForm(workspace())).toEqual({});
  });

  it('requires an organization of allowed characters', () => {
    expect(validateForm(workspace({ organization: '' })).organization).toMatch(/required/);
    expect(validateForm(workspace({ organization: 'acme corp' })).organization).toMatch(/letters/);
    expect(validateForm(workspace({ organization: 'acme/../x' })).organization).toBeTruthy();
    expect(validateForm(workspace({ organization: 'Acme_corp-2' })).organization).toBeUndefined();
  });

  it('does not judge cluster fields on a workspace connection', () => {
    expect(validateForm(workspace({ address: '', namespace: '' }))).toEqual({});
  });

  it('validates the base URL', () => {
    expect(validateForm(workspace({ baseUrl: 'app.example.io' })).baseUrl).toMatch(/http/);
  });
});

describe('tokens', () => {
  it('allows no token and a printable one', () => {
    expect(checkToken('')).toBeNull();
    expect(checkToken('s.AbC-123_x/=')).toBeNull();
  });

  it('rejects spaces and line breaks, which would corrupt the request header', () => {
    expect(checkToken('abc def')).toMatch(/spaces/);
    expect(checkToken('abc\n')).toBeTruthy();
    expect(validateForm(cluster(), 'abc\r\nX-Evil: 1').token).toBeTruthy();
  });
});

it('hasErrors ignores empty entries', () => {
  expect(hasErrors({})).toBe(false);
  expect(hasErrors({ name: undefined })).toBe(false);
  expect(hasErrors({ name: 'x' })).toBe(true);
});

it('checkHttpUrl names the field and gives an example', () => {
  expect(checkHttpUrl('', 'Address', 'https://x')).toBe('Address is required, e.g. https://x.');
});
