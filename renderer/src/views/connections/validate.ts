// Field checks run before anything is sent. They mirror the host's schemas (main/host/schemas/common.ts) so the
// operator sees the problem next to the field at once; the host still validates and its issues land on the same fields.
import type { ConnectionForm, FormField } from './form';

export type FieldErrors = Partial<Record<FormField, string>>;

const NAMESPACE = /^(\*|[a-zA-Z0-9-]+)$/;
const REGION = /^[a-zA-Z0-9._-]*$/;
const ORGANIZATION = /^[a-zA-Z0-9_-]+$/;
/** Tokens travel in an HTTP header: printable ASCII without spaces only. */
const TOKEN = /^[\x21-\x7e]+$/;

/** Null when `value` is a usable http(s) base address; otherwise what is wrong with it. */
export function checkHttpUrl(value: string, label: string, example: string): string | null {
  const text = value.trim();
  if (text === '') return `${label} is required, e.g. ${example}.`;
  if (text.length > 2048) return `${label} is too long (at most 2048 characters).`;
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return `${label} must be a full http:// or https:// URL, e.g. ${example}.`;
  }
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || url.hostname === '') {
    return `${label} must start with http:// or https://, e.g. ${example}.`;
  }
  if (url.username !== '' || url.password !== '') {
    return `${label} must not contain a user name or password; set the token in the Token field instead.`;
  }
  return null;
}

export function checkToken(token: string): string | null {
  if (token === '') return null;
  if (token.length > 4096) return 'The token is too long (at most 4096 characters).';
  if (!TOKEN.test(token)) return 'The token may contain only printable characters, without spaces or line breaks. Check for a stray space when pasting.';
  return null;
}

export function validateForm(form: ConnectionForm, token = ''): FieldErrors {
  const errors: FieldErrors = {};
  const name = form.name.trim();
  if (name === '') errors.name = 'Give the connection a name, e.g. "prod-eu".';
  else if (name.length > 80) errors.name = 'The name must be at most 80 characters.';

  if (form.kind === 'cluster') {
    const address = checkHttpUrl(form.address, 'Address', 'https://cluster.example:4646');
    if (address) errors.address = address;

    const region = form.region.trim();
    if (region.length > 128) errors.region = 'The region must be at most 128 characters.';
    else if (!REGION.test(region)) errors.region = 'The region may contain letters, digits, ".", "_" and "-".';

    const namespace = form.namespace.trim();
    if (namespace === '') errors.namespace = 'The namespace is required; use "default" if unsure, or "*" for all namespaces.';
    else if (namespace.length > 128) errors.namespace = 'The namespace must be at most 128 characters.';
    else if (!NAMESPACE.test(namespace)) errors.namespace = 'The namespace may contain letters, digits and "-" (or be "*" for all namespaces).';

    for (const field of ['caFile', 'clientCertFile', 'clientKeyFile'] as const) {
      if (form[field].trim().length > 4096) errors[field] = 'This path is too long (at most 4096 characters).';
    }
    // Mutual TLS needs the pair: a certificate without its key (or the reverse) cannot complete a handshake.
    const hasCert = form.clientCertFile.trim() !== '';
    const hasKey = form.clientKeyFile.trim() !== '';
    if (hasCert && !hasKey) errors.clientKeyFile ??= 'Give the client key too: mutual TLS needs both the certificate and its key, or neither.';
    if (hasKey && !hasCert) errors.clientCertFile ??= 'Give the client certificate too: mutual TLS needs both the certificate and its key, or neither.';
  } else {
    const baseUrl = checkHttpUrl(form.baseUrl, 'Base URL', 'https://app.example.io');
    if (baseUrl) errors.baseUrl = baseUrl;

    const organization = form.organization.trim();
    if (organization === '') errors.organization = 'The organization is required: its name as shown in the service, e.g. "acme".';
    else if (organization.length > 128) errors.organization = 'The organization must be at most 128 characters.';
    else if (!ORGANIZATION.test(organization)) errors.organization = 'The organization name may contain letters, digits, "_" and "-" only.';
  }

  const tokenError = checkToken(token);
  if (tokenError) errors.token = tokenError;
  return errors;
}

export function hasErrors(errors: FieldErrors): boolean {
  return Object.values(errors).some(Boolean);
}
