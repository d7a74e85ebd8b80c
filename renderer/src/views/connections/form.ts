// The connection form's model, and its conversions to what the host takes (draft, patch, settings to test).
// The token is deliberately not part of the model: it lives only in the token input until it is sent.
import type {
  ClusterTls,
  ConnectionDraft,
  ConnectionKind,
  ConnectionPatch,
  ConnectionProfile,
  ConnectionSettings,
} from '../../../../main/contract';

export interface ConnectionForm {
  kind: ConnectionKind;
  name: string;
  // cluster
  address: string;
  region: string;
  namespace: string;
  caFile: string;
  clientCertFile: string;
  clientKeyFile: string;
  skipVerify: boolean;
  // workspace service
  baseUrl: string;
  organization: string;
}

export type FormField = Exclude<keyof ConnectionForm, 'kind'> | 'token';

export function emptyForm(kind: ConnectionKind): ConnectionForm {
  return {
    kind,
    name: '',
    address: '',
    region: '',
    namespace: 'default',
    caFile: '',
    clientCertFile: '',
    clientKeyFile: '',
    skipVerify: false,
    baseUrl: '',
    organization: '',
  };
}

export function formFromProfile(profile: ConnectionProfile): ConnectionForm {
  const form = emptyForm(profile.kind);
  form.name = profile.name;
  if (profile.kind === 'cluster') {
    form.address = profile.address;
    form.region = profile.region ?? '';
    form.namespace = profile.namespace;
    form.caFile = profile.tls.caFile ?? '';
    form.clientCertFile = profile.tls.clientCertFile ?? '';
    form.clientKeyFile = profile.tls.clientKeyFile ?? '';
    form.skipVerify = profile.tls.skipVerify;
  } else {
    form.baseUrl = profile.baseUrl;
    form.organization = profile.organization;
  }
  return form;
}

/** Empty optional fields are left out rather than sent as "". */
function optional(value: string): string | undefined {
  const trimmed = value.trim();
  return trimmed === '' ? undefined : trimmed;
}

export function settingsFromForm(form: ConnectionForm): ConnectionSettings {
  if (form.kind === 'workspace') {
    return { kind: 'workspace', baseUrl: form.baseUrl.trim(), organization: form.organization.trim() };
  }
  const tls: ClusterTls = { skipVerify: form.skipVerify };
  const caFile = optional(form.caFile);
  const clientCertFile = optional(form.clientCertFile);
  const clientKeyFile = optional(form.clientKeyFile);
  if (caFile) tls.caFile = caFile;
  if (clientCertFile) tls.clientCertFile = clientCertFile;
  if (clientKeyFile) tls.clientKeyFile = clientKeyFile;
  const region = optional(form.region);
  return {
    kind: 'cluster',
    address: form.address.trim(),
    namespace: form.namespace.trim(),
    tls,
    ...(region ? { region } : {}),
  };
}

/** What `connections.create` takes; the token is included only when one was typed. */
export function draftFromForm(form: ConnectionForm, token: string): ConnectionDraft {
  const settings = settingsFromForm(form);
  return { name: form.name.trim(), ...settings, ...(token ? { token } : {}) };
}

/**
 * What `connections.update` takes. Every field of the kind is sent, and cleared optional fields are sent as ""
 * so that removing a CA file or region actually removes it on the host (an absent key would keep the old value).
 */
export function patchFromForm(form: ConnectionForm): ConnectionPatch {
  if (form.kind === 'workspace') {
    return { name: form.name.trim(), baseUrl: form.baseUrl.trim(), organization: form.organization.trim() };
  }
  return {
    name: form.name.trim(),
    address: form.address.trim(),
    region: form.region.trim(),
    namespace: form.namespace.trim(),
    tls: {
      caFile: form.caFile.trim(),
      clientCertFile: form.clientCertFile.trim(),
      clientKeyFile: form.clientKeyFile.trim(),
      skipVerify: form.skipVerify,
    },
  };
}

const ISSUE_FIELDS: Record<string, FormField> = {
  name: 'name',
  address: 'address',
  region: 'region',
  namespace: 'namespace',
  'tls.caFile': 'caFile',
  'tls.clientCertFile': 'clientCertFile',
  'tls.clientKeyFile': 'clientKeyFile',
  'tls.skipVerify': 'skipVerify',
  baseUrl: 'baseUrl',
  organization: 'organization',
  token: 'token',
};

/** Maps an `invalid_input` issue path from the host (`address`, `patch.tls.caFile`, `settings.baseUrl`) to a form field. */
export function fieldForIssuePath(path: string): FormField | null {
  const bare = path.replace(/^(patch|settings)\./, '');
  return ISSUE_FIELDS[bare] ?? null;
}

/** Whether the form differs from the saved profile (then a test must use the draft, not the saved connection). */
export function formDiffers(form: ConnectionForm, profile: ConnectionProfile): boolean {
  const saved = formFromProfile(profile);
  return (Object.keys(saved) as (keyof ConnectionForm)[]).some((key) => {
    const a = form[key];
    const b = saved[key];
    return typeof a === 'string' && typeof b === 'string' ? a.trim() !== b.trim() : a !== b;
  });
}

/** `data-testid` of a field's input and of its error text: `conn-field-ca-file`, `conn-error-ca-file`. */
export function fieldTestId(field: FormField, prefix: 'conn-field' | 'conn-error' = 'conn-field'): string {
  return `${prefix}-${field.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}`;
}
